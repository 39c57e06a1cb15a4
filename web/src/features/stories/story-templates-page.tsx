// /stories/templates (spec 3 §2): an empty page with a Templates breadcrumb; story templates have no screen yet.
import { Box, Breadcrumbs, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

export function StoryTemplatesPage() {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t("stories.breadcrumbs")}>
      <Breadcrumbs>
        <Text size="sm">{t("stories.templates.breadcrumb")}</Text>
      </Breadcrumbs>
    </Box>
  );
}
