// A whole survey's summary (spec 3 §2): the response count, then each section's title and description with the
// summaries of its questions. Shared by the public summary page and the private Responses tab.
import { Stack, Text, Title, Typography } from "@mantine/core";
import type { QuestionSummary, Section } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { type LoadMoreAnswers, QuestionSummaryView } from "./question-summary-view.tsx";
import { summariesBySection } from "./summary-model.ts";

export type SurveySummaryData = { totalResponseCount: number; sections: Section[]; totalResponseSummary: QuestionSummary[] };

export function SurveySummaryView({ summary, loadMoreAnswers }: { summary: SurveySummaryData; loadMoreAnswers?: LoadMoreAnswers }) {
  const { t } = useTranslation();
  const groups = summariesBySection(summary.sections, summary.totalResponseSummary);
  const showSectionTitles = groups.length > 1;
  return (
    <Stack gap="lg">
      <Text fw={600} data-testid="survey-response-count">
        {t("surveySummary.responseCount", { count: summary.totalResponseCount })}
      </Text>
      {groups.map((group, index) => (
        <Stack key={group.section?.id ?? `rest-${index}`} gap="sm" component="section" aria-label={group.section?.title || undefined}>
          {showSectionTitles && group.section && (
            <div>
              <Title order={3} size="h4">
                {group.section.title || t("surveySummary.sectionNumber", { number: index + 1 })}
              </Title>
              {group.section.description && (
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises section descriptions before storing them.
                <Typography fz="sm" c="dimmed" dangerouslySetInnerHTML={{ __html: group.section.description }} />
              )}
            </div>
          )}
          {group.questions.map((question) => (
            <QuestionSummaryView key={question.questionId} summary={question} loadMoreAnswers={loadMoreAnswers} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
