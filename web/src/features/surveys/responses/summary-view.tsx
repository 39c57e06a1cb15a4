// The Summary view (spec 3 §2): the shared survey summary display (components/survey-summary, also the public summary
// page's) over GET /summary, with 'View more' through the answers route; it reloads when the browser tab becomes
// visible again. A failed load only stops the loader (spec 3 §8).
import { Center, Loader } from "@mantine/core";
import type { SummaryAnswersPage } from "@repox/contracts";
import { api } from "../../../api/client.ts";
import { SurveySummaryView } from "../../../components/survey-summary/survey-summary-view.tsx";
import { summaryPath, useResponseSummary } from "./api.ts";
import { useRefetchOnVisible } from "./use-refetch-on-visible.ts";

export function SummaryView({ surveyUuid }: { surveyUuid: string }) {
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
  const loadMoreAnswers = (questionId: string, page: number) =>
    api.get<SummaryAnswersPage>(`${summaryPath(surveyUuid)}/${encodeURIComponent(questionId)}/answers`, { query: { page } });
  return (
    <div data-testid="summary-view">
      <SurveySummaryView summary={summary.data} loadMoreAnswers={loadMoreAnswers} />
    </div>
  );
}
