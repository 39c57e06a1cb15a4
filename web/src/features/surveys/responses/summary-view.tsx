// The Summary view (spec 3 §2): the number of responses, then each question's summary grouped by the survey's
// sections; it reloads when the browser tab becomes visible again. A failed load only stops the loader (spec 3 §8).
import { Center, Loader, Stack, Text, Title } from "@mantine/core";
import type { QuestionSummary } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { useResponseSummary } from "./api.ts";
import { QuestionSummaryCard } from "./question-summary.tsx";
import { useRefetchOnVisible } from "./use-refetch-on-visible.ts";

export function SummaryView({ surveyUuid }: { surveyUuid: string }) {
  const { t } = useTranslation();
  const summary = useResponseSummary(surveyUuid);
  useRefetchOnVisible(summary.refetch);
  if (summary.isLoading) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (!summary.data) return null;
  const { totalResponseCount, sections, totalResponseSummary } = summary.data;
  const byQuestion = new Map(totalResponseSummary.map((entry) => [entry.questionId, entry]));
  const groups = sections
    .map((section) => ({
      section,
      entries: section.questions.flatMap((id) => byQuestion.get(id) ?? []),
    }))
    .filter((group) => group.entries.length > 0);
  const placed = new Set(groups.flatMap((group) => group.entries.map((entry) => entry.questionId)));
  const rest: QuestionSummary[] = totalResponseSummary.filter((entry) => !placed.has(entry.questionId));
  return (
    <Stack gap="lg" data-testid="summary-view">
      <Title order={3} size="h4" data-testid="total-responses">
        {t("surveyResponses.total", { count: totalResponseCount })}
      </Title>
      {totalResponseCount === 0 && <Text c="dimmed">{t("surveyResponses.noResponses")}</Text>}
      {totalResponseCount > 0 &&
        groups.map(({ section, entries }, index) => (
          <Stack key={section.id} gap="sm">
            {sections.length > 1 && (
              <Title order={4} size="h5" c="dimmed">
                {section.title || t("surveyResponses.section", { number: index + 1 })}
              </Title>
            )}
            {entries.map((entry) => (
              <QuestionSummaryCard key={entry.questionId} surveyUuid={surveyUuid} summary={entry} />
            ))}
          </Stack>
        ))}
      {totalResponseCount > 0 &&
        rest.map((entry) => <QuestionSummaryCard key={entry.questionId} surveyUuid={surveyUuid} summary={entry} />)}
    </Stack>
  );
}
