// Placeholder until the Responses area arrives in this file.
import { Text } from "@mantine/core";
import type { Survey } from "@repox/contracts";
import { useTranslation } from "react-i18next";

export function ResponsesTab(_: { survey: Survey }) {
  const { t } = useTranslation();
  return <Text c="dimmed">{t("surveys.comingSoon")}</Text>;
}
