// One question's summary (spec 3 §2 Responses › Summary and the public summary page): a pie for single-choice
// questions, bars for checkboxes and scales (labels cut at 20 characters, the whole text in the legend), a table per
// grid in the 16 colours, and the latest answers of text questions with 'View more' when a loader is given.
// Shared by the public summary page and the private Responses tab; it imports no feature.
import "@mantine/charts/styles.css";
import { BarChart, PieChart } from "@mantine/charts";
import { Button, Card, ColorSwatch, Group, List, Stack, Table, Text, Title } from "@mantine/core";
import type { AnswerSummary, QuestionSummary, SummaryAnswersPage } from "@repox/contracts";
import { SURVEY_LIMITS } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ChartRow, choiceRows, formatTextAnswer, gridMaximum, scaleRows, summaryColor } from "./summary-model.ts";

/** Answers 11 and on of a text question, page by page (page 0 = answers 11 to 30). */
export type LoadMoreAnswers = (questionId: string, page: number) => Promise<SummaryAnswersPage>;

type Props = { summary: QuestionSummary; loadMoreAnswers?: LoadMoreAnswers };

function ChartLegend({ rows, label }: { rows: ChartRow[]; label: string }) {
  return (
    <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: "none" }} aria-label={label}>
      {rows.map((row) => (
        <Group component="li" key={row.name} gap="xs" wrap="nowrap">
          <ColorSwatch color={row.color} size={12} withShadow={false} aria-hidden />
          <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
            {row.label}
          </Text>
          <Text size="sm" c="dimmed">
            {row.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function ChoiceChart({ rows, asPie, legend, hasLegend = true }: { rows: ChartRow[]; asPie: boolean; legend: string; hasLegend?: boolean }) {
  const { t } = useTranslation();
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  const slices = rows.filter((row) => row.value > 0);
  if (total === 0) return <ChartLegend rows={rows} label={legend} />;
  return (
    <Stack gap="sm">
      {asPie ? (
        <Group justify="center">
          <PieChart
            data={slices}
            withTooltip
            tooltipDataSource="segment"
            size={200}
            // One slice is the whole circle: a stroke would draw a seam across it.
            strokeWidth={slices.length > 1 ? 1 : 0}
          />
        </Group>
      ) : (
        <BarChart
          h={220}
          data={rows}
          dataKey="name"
          series={[{ name: "value", label: t("surveySummary.answers") }]}
          getBarColor={(value) => rows.find((row) => row.value === value)?.color ?? summaryColor(0)}
          barProps={{ isAnimationActive: false }}
          // Counts are whole numbers: no 0.25 ticks.
          yAxisProps={{ allowDecimals: false }}
        />
      )}
      {hasLegend && <ChartLegend rows={rows} label={legend} />}
    </Stack>
  );
}

function GridTable({ summary }: { summary: Extract<AnswerSummary, { kind: "grid" }> }) {
  const max = gridMaximum(summary);
  const columns = summary.rows[0]?.columns ?? [];
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table withTableBorder withColumnBorders>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            {columns.map((column, index) => (
              <Table.Th key={column.columnId}>
                <Group gap={6} wrap="nowrap">
                  <ColorSwatch color={summaryColor(index)} size={10} withShadow={false} aria-hidden />
                  <Text size="sm" fw={600}>
                    {column.column}
                  </Text>
                </Group>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.rows.map((row) => (
            <Table.Tr key={row.rowId}>
              <Table.Th scope="row">{row.row}</Table.Th>
              {row.columns.map((column, index) => (
                <Table.Td
                  key={column.columnId}
                  ta="center"
                  // The cell's shade says how many chose it, in its column's colour.
                  style={{
                    background:
                      max > 0 && column.count > 0
                        ? `color-mix(in srgb, ${summaryColor(index)} ${Math.round(15 + (55 * column.count) / max)}%, transparent)`
                        : undefined,
                  }}
                >
                  {column.count}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type AnswerListProps = {
  questionId: string;
  type: QuestionSummary["questionType"];
  first: string[];
  total: number;
  loadMoreAnswers?: LoadMoreAnswers;
};

function AnswerList({ questionId, type, first, total, loadMoreAnswers }: AnswerListProps) {
  const { t } = useTranslation();
  const [more, setMore] = useState<string[]>([]);
  const [page, setPage] = useState(0);
  const [last, setLast] = useState(false);
  const [isLoading, setLoading] = useState(false);
  const answers = [...first, ...more];
  // The public summary leaves out what identifies respondents (their e-mail answers): counted, not listed.
  if (answers.length === 0) return <Text c="dimmed">{t(total > 0 ? "surveySummary.answersNotShown" : "surveySummary.noAnswers")}</Text>;
  const canLoadMore = loadMoreAnswers && !last && total > answers.length && first.length >= SURVEY_LIMITS.summaryFirstAnswers;
  const viewMore = async () => {
    if (!loadMoreAnswers) return;
    setLoading(true);
    try {
      const result = await loadMoreAnswers(questionId, page);
      setMore((shown) => [...shown, ...result.answers]);
      setPage((current) => current + 1);
      setLast(result.last || result.answers.length === 0);
    } catch {
      // Spec 3 §8: failed summary fetches only stop loading.
    } finally {
      setLoading(false);
    }
  };
  return (
    <Stack gap="xs">
      <List spacing={4} size="sm">
        {answers.map((answer, index) => (
          // Answers repeat (two respondents write 'Yes'): their place in the list is what tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows at its end
          <List.Item key={index} style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
            {formatTextAnswer(type, answer)}
          </List.Item>
        ))}
      </List>
      {canLoadMore && (
        <Group>
          <Button variant="subtle" size="xs" loading={isLoading} onClick={viewMore}>
            {t("surveySummary.viewMore")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function SummaryBody({ summary, loadMoreAnswers }: Props) {
  const { t } = useTranslation();
  const answer = summary.answerSummary;
  const legend = t("surveySummary.legend", { title: summary.questionTitle });
  switch (answer.kind) {
    case "choices": {
      const rows = choiceRows(answer, t("surveySummary.other"));
      return (
        <Stack gap="sm">
          <ChoiceChart rows={rows} asPie={summary.questionType !== "CHECKBOXES"} legend={legend} />
          {answer.otherAnswers.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t("surveySummary.otherAnswers")}
              </Text>
              <AnswerList
                questionId={summary.questionId}
                type={summary.questionType}
                first={answer.otherAnswers}
                total={answer.otherAnswers.length}
              />
            </Stack>
          )}
        </Stack>
      );
    }
    case "scale": {
      const rows = scaleRows(answer);
      return (
        <Stack gap="xs">
          {/* The axis names every value of a scale: no legend repeating them. */}
          <ChoiceChart rows={rows} asPie={false} legend={legend} hasLegend={false} />
          {(answer.fromLabel || answer.toLabel) && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {answer.from}: {answer.fromLabel}
              </Text>
              <Text size="sm" c="dimmed">
                {answer.to}: {answer.toLabel}
              </Text>
            </Group>
          )}
        </Stack>
      );
    }
    case "grid":
      return <GridTable summary={answer} />;
    case "texts":
      return (
        <AnswerList
          questionId={summary.questionId}
          type={summary.questionType}
          first={answer.latest}
          total={summary.answerCount}
          loadMoreAnswers={loadMoreAnswers}
        />
      );
  }
}

export function QuestionSummaryView({ summary, loadMoreAnswers }: Props) {
  const { t } = useTranslation();
  const title = summary.questionTitle.trim() || t("surveySummary.untitledQuestion");
  return (
    <Card withBorder padding="md" component="section" aria-label={title} data-question-type={summary.questionType}>
      <Stack gap="sm">
        <div>
          <Title order={4} style={{ overflowWrap: "anywhere" }}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {t("surveySummary.answerCount", { count: summary.answerCount })}
            {summary.notShownCount > 0 && ` · ${t("surveySummary.notShownCount", { count: summary.notShownCount })}`}
          </Text>
        </div>
        <SummaryBody summary={summary} loadMoreAnswers={loadMoreAnswers} />
      </Stack>
    </Card>
  );
}
