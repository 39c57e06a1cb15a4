// One question's summary card (spec 3 §2 "Summary charts"): pies or bars of choice questions, a grid's coloured bar
// groups with its table of counts, a scale's bars, or a text question's latest answers with 'View more'. Labels are
// cut at 20 characters; the whole text stays in the legend's tooltip.
import "@mantine/charts/styles.css";
import { BarChart, PieChart } from "@mantine/charts";
import { Button, Card, ColorSwatch, Group, List, Stack, Table, Text, Title } from "@mantine/core";
import type { AnswerSummary, QuestionSummary } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { useMoreAnswers } from "./api.ts";
import { type ChartSlice, choiceChartData, choiceChartKind, gridChartData, hasCounts, scaleChartData, summaryColor } from "./chart-data.ts";

type Props = { surveyUuid: string; summary: QuestionSummary };

function Legend({ title, slices }: { title: string; slices: ChartSlice[] }) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: "none" }} aria-label={t("surveyResponses.legend", { title })}>
      {slices.map((slice) => (
        <Group component="li" key={slice.name} gap="xs" wrap="nowrap" title={slice.name}>
          <ColorSwatch color={slice.color} size={12} withShadow={false} aria-hidden />
          <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
            {slice.label}
          </Text>
          <Text size="sm" c="dimmed" data-testid="legend-count">
            {slice.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** Answers beyond the first 10, 20 a click, from the answers route (page 0 = answers 11 to 30). */
function TextAnswers({ surveyUuid, questionId, first, total }: { surveyUuid: string; questionId: string; first: string[]; total: number }) {
  const { t } = useTranslation();
  const hasMore = total > first.length;
  const more = useMoreAnswers(surveyUuid, questionId, false);
  const loaded = more.data?.pages.flatMap((page) => page.answers) ?? [];
  const answers = [...first, ...loaded];
  const canLoadMore = hasMore && (more.data ? more.hasNextPage : true);
  return (
    <Stack gap="xs">
      <List spacing={4} size="sm" data-testid="text-answers">
        {answers.map((answer, index) => (
          // Answers repeat; their place in the newest-first list is their identity here.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <List.Item key={index} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {answer}
          </List.Item>
        ))}
      </List>
      {canLoadMore && (
        <Group>
          <Button variant="subtle" size="xs" loading={more.isFetching} onClick={() => (more.data ? more.fetchNextPage() : more.refetch())}>
            {t("surveyResponses.viewMore")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function ChoiceChart({ surveyUuid, summary }: Props & { summary: { answerSummary: Extract<AnswerSummary, { kind: "choices" }> } }) {
  const { t } = useTranslation();
  const choices = summary.answerSummary;
  const slices = choiceChartData(choices, t("surveyResponses.other"));
  const isPie = choiceChartKind(summary.questionType) === "pie";
  return (
    <Stack gap="md">
      <Group align="flex-start" gap="xl" wrap="wrap">
        {isPie ? (
          <PieChart
            data={slices.filter((slice) => slice.value > 0).map((slice) => ({ name: slice.label, value: slice.value, color: slice.color }))}
            withTooltip
            tooltipDataSource="segment"
            withLabels
            labelsType="value"
            size={200}
            pieProps={{ isAnimationActive: false }}
          />
        ) : (
          <BarChart
            h={Math.max(160, slices.length * 36)}
            w={{ base: "100%", sm: 420 }}
            data={slices.map((slice) => ({ option: slice.label, count: slice.value, color: slice.color }))}
            dataKey="option"
            orientation="vertical"
            yAxisProps={{ width: 150 }}
            xAxisProps={{ allowDecimals: false }}
            series={[{ name: "count", label: t("surveyResponses.count") }]}
            getBarColor={(value) => slices.find((slice) => slice.value === value)?.color ?? summaryColor(0)}
            barProps={{ isAnimationActive: false }}
          />
        )}
        <div style={{ flex: 1, minWidth: 200 }}>
          <Legend title={summary.questionTitle} slices={slices} />
        </div>
      </Group>
      {choices.otherCount > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t("surveyResponses.otherAnswers")}
          </Text>
          <TextAnswers surveyUuid={surveyUuid} questionId={summary.questionId} first={choices.otherAnswers} total={choices.otherCount} />
        </Stack>
      )}
    </Stack>
  );
}

function GridChart({ summary }: { summary: QuestionSummary & { answerSummary: Extract<AnswerSummary, { kind: "grid" }> } }) {
  const { t } = useTranslation();
  const grid = summary.answerSummary;
  const chart = gridChartData(grid);
  const columns = grid.rows[0]?.columns ?? [];
  return (
    <Stack gap="md">
      <BarChart
        h={240}
        data={chart.data}
        dataKey="row"
        series={chart.series.map((series) => ({ name: series.name, label: series.label, color: series.color }))}
        withLegend
        barProps={{ isAnimationActive: false }}
        yAxisProps={{ allowDecimals: false }}
      />
      <Table.ScrollContainer minWidth={400}>
        <Table withTableBorder withColumnBorders data-testid="grid-summary">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("surveyResponses.row")}</Table.Th>
              {columns.map((column, index) => (
                <Table.Th key={column.columnId}>
                  <Group gap={6} wrap="nowrap">
                    <ColorSwatch color={summaryColor(index)} size={10} withShadow={false} aria-hidden />
                    {column.column}
                  </Group>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grid.rows.map((row) => (
              <Table.Tr key={row.rowId}>
                <Table.Th scope="row">{row.row}</Table.Th>
                {row.columns.map((column) => (
                  <Table.Td key={column.columnId}>{column.count}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function ScaleChart({ summary }: { summary: Extract<AnswerSummary, { kind: "scale" }> }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <BarChart
        h={200}
        data={scaleChartData(summary)}
        dataKey="value"
        series={[{ name: "count", label: t("surveyResponses.count"), color: summaryColor(0) }]}
        barProps={{ isAnimationActive: false }}
        yAxisProps={{ allowDecimals: false }}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {summary.from} {summary.fromLabel}
        </Text>
        <Text size="xs" c="dimmed">
          {summary.to} {summary.toLabel}
        </Text>
      </Group>
    </Stack>
  );
}

function SummaryBody({ surveyUuid, summary }: Props) {
  const { t } = useTranslation();
  const answer = summary.answerSummary;
  if (!hasCounts(answer)) {
    return (
      <Text size="sm" c="dimmed">
        {t("surveyResponses.noAnswers")}
      </Text>
    );
  }
  switch (answer.kind) {
    case "choices":
      return <ChoiceChart surveyUuid={surveyUuid} summary={{ ...summary, answerSummary: answer }} />;
    case "grid":
      return <GridChart summary={{ ...summary, answerSummary: answer }} />;
    case "scale":
      return <ScaleChart summary={answer} />;
    case "texts":
      return <TextAnswers surveyUuid={surveyUuid} questionId={summary.questionId} first={answer.latest} total={summary.answerCount} />;
  }
}

export function QuestionSummaryCard({ surveyUuid, summary }: Props) {
  const { t } = useTranslation();
  const title = summary.questionTitle || t("surveyResponses.untitledQuestion");
  return (
    <Card withBorder padding="md" component="section" aria-label={title} data-testid="question-summary">
      <Stack gap="sm">
        <div>
          <Title order={4} size="h5">
            {title}
          </Title>
          <Text size="sm" c="dimmed" data-testid="answer-count">
            {t("surveyResponses.answered", { count: summary.answerCount })}
          </Text>
          {summary.notShownCount > 0 && (
            <Text size="xs" c="dimmed" data-testid="not-shown">
              {t("surveyResponses.notShown", { count: summary.notShownCount })}
            </Text>
          )}
        </div>
        <SummaryBody surveyUuid={surveyUuid} summary={summary} />
      </Stack>
    </Card>
  );
}
