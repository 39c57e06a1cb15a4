// /stories/template-editor (spec 3 §2): a placeholder; the template editor is not part of the product yet.
import { Anchor, Box, Breadcrumbs, EmptyState } from "@mantine/core";
import { IconTemplate } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function StoryTemplateEditorPage() {
  const { t } = useTranslation();
  return (
    <>
      <Box component="nav" aria-label={t("stories.breadcrumbs")}>
        <Breadcrumbs>
          <Anchor component={Link} to="/stories">
            {t("stories.title")}
          </Anchor>
          <span>{t("stories.templateEditor.title")}</span>
        </Breadcrumbs>
      </Box>
      <EmptyState
        mt="xl"
        icon={<IconTemplate size={32} />}
        withIndicatorBackground
        title={t("stories.templateEditor.title")}
        description={t("stories.templateEditor.placeholder")}
      />
    </>
  );
}
