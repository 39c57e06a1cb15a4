// One survey on the list: name, description, OPEN or CLOSED with why it is closed, and when it opens or closes next.
import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import type { SurveySummary } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatSurveyDateTime, isInFuture } from "./survey-dates.ts";

export function SurveyCard({ survey }: { survey: SurveySummary }) {
  const { t, i18n } = useTranslation();
  const isOpen = survey.state === "OPEN";
  return (
    <Card withBorder component={Link} to={`/surveys/edit/${survey.uuid}`} padding="md" mih={150} aria-label={survey.label}>
      <Stack gap="xs">
        <Group gap="xs">
          <Badge color={isOpen ? "teal" : "gray"} variant="filled">
            {t(`surveys.state.${survey.state}`)}
          </Badge>
          {survey.closedReason && (
            <Badge color={survey.closedReason === "Expired" ? "red" : "orange"} variant="light">
              {t(`surveys.closedReason.${survey.closedReason}`)}
            </Badge>
          )}
        </Group>
        <Text fw={600} lineClamp={2}>
          {survey.label}
        </Text>
        {survey.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {survey.description}
          </Text>
        )}
        {isInFuture(survey.openAt) && survey.openAt && (
          <Text size="sm">{t("surveys.opensAt", { date: formatSurveyDateTime(survey.openAt, i18n.language) })}</Text>
        )}
        {isInFuture(survey.closeAt) && survey.closeAt && (
          <Text size="sm">{t("surveys.closesAt", { date: formatSurveyDateTime(survey.closeAt, i18n.language) })}</Text>
        )}
        <Group gap="md">
          <Text size="xs" c="dimmed">
            {t("surveys.questionCount", { count: survey.questionCount })}
          </Text>
          <Text size="xs" c="dimmed">
            {t("surveys.responseCount", { count: survey.responseCount })}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
