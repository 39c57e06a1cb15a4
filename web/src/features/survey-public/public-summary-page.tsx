// The public summary page (spec 3 §2 Public summary page): the survey's name and description over its per-question
// summaries grouped by section; a refusal shows the server's message in place of the page.
import { Card, Stack, Text, Title } from "@mantine/core";
import { useParams, useSearchParams } from "react-router";
import { errorText } from "../../api/errors.ts";
import { SurveySummaryView } from "../../components/survey-summary/survey-summary-view.tsx";
import { usePublicSummary } from "./api.ts";
import { PageLoader, SurveyMessage } from "./public-survey-page.tsx";

export function PublicSummaryPage() {
  const { uuid = "" } = useParams();
  const [params] = useSearchParams();
  const summary = usePublicSummary(uuid, params.get("t") ?? undefined);
  if (summary.isLoading) return <PageLoader />;
  if (!summary.data) return <SurveyMessage message={errorText(summary.error)} />;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Title order={1} size="h2">
          {summary.data.label}
        </Title>
        {summary.data.description && (
          <Text mt="xs" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {summary.data.description}
          </Text>
        )}
      </Card>
      <SurveySummaryView summary={summary.data} />
    </Stack>
  );
}
