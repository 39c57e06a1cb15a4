// The way back from a content-model page to the Content Model home, through the pages it lies under (`via`).
import { Anchor, Breadcrumbs, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

type Props = { current: string; via?: { label: string; to: string }[] };

export function ContentModelBreadcrumbs({ current, via = [] }: Props) {
  const { t } = useTranslation();
  return (
    <Breadcrumbs mb="xs" aria-label={t("contentModel.breadcrumbs")}>
      <Anchor component={Link} to="/settings/content-model" size="sm">
        {t("menu.contentModel")}
      </Anchor>
      {via.map(({ label, to }) => (
        <Anchor key={to} component={Link} to={to} size="sm">
          {label}
        </Anchor>
      ))}
      <Text size="sm" c="dimmed">
        {current}
      </Text>
    </Breadcrumbs>
  );
}
