// Placeholder until the Activity tab arrives in this file.
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

export function ActivityTab(_: { surveyUuid: string }) {
  const { t } = useTranslation();
  return <Text c="dimmed">{t("surveys.comingSoon")}</Text>;
}
