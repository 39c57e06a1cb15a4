// What the survey summary charts draw (spec 3 §2, §9): labels cut at 20 characters, the 16 colours of grids and
// choices, the rows of a choice or scale chart, and the summaries grouped under their sections.
import type { AnswerSummary, QuestionSummary, QuestionType, Section } from "@repox/contracts";
import { DATE_ANSWER_PATTERN, SURVEY_LIMITS, TIME_ANSWER_PATTERN } from "@repox/contracts";
import dayjs from "dayjs";
import { CHART_PALETTE, paletteColor } from "../chart-palette.ts";

/** Spec 3 §9: the grid summary palette has 16 colours; choice charts use it too. */
export const SUMMARY_PALETTE = CHART_PALETTE;

export const summaryColor = paletteColor;

/** Spec 3 §9: a chart label longer than 20 characters is cut, with an ellipsis making 20 in all. */
export function cutChartLabel(label: string, max: number = SURVEY_LIMITS.chartLabelMaxLength): string {
  const characters = [...label];
  return characters.length <= max ? label : `${characters.slice(0, max - 1).join("")}…`;
}

/** One bar or slice: `name` is the cut label the axis shows, `label` the whole text for the legend and tooltip. */
export type ChartRow = { name: string; label: string; value: number; color: string };

/** The bars or slices of a choice summary, with 'Other' last when anyone chose it. */
export function choiceRows(summary: Extract<AnswerSummary, { kind: "choices" }>, otherLabel: string): ChartRow[] {
  const rows = summary.options.map(({ option, count }) => ({ label: option, value: count }));
  if (summary.otherCount > 0) rows.push({ label: otherLabel, value: summary.otherCount });
  return uniqueNames(rows);
}

/** Every value of a scale from `from` to `to`, a missing one counted as 0. */
export function scaleRows(summary: Extract<AnswerSummary, { kind: "scale" }>): ChartRow[] {
  const counts = new Map(summary.values.map(({ value, count }) => [value, count]));
  const rows: { label: string; value: number }[] = [];
  for (let value = summary.from; value <= summary.to; value++) rows.push({ label: String(value), value: counts.get(value) ?? 0 });
  return uniqueNames(rows);
}

// Two labels cut to the same 20 characters would merge into one bar: the later ones get a counter.
function uniqueNames(rows: { label: string; value: number }[]): ChartRow[] {
  const seen = new Map<string, number>();
  return rows.map((row, index) => {
    let name = cutChartLabel(row.label);
    const times = seen.get(name) ?? 0;
    seen.set(name, times + 1);
    if (times > 0) name = `${name} (${times + 1})`;
    return { name, label: row.label, value: row.value, color: summaryColor(index) };
  });
}

export type SectionSummaries = { section: Section | null; questions: QuestionSummary[] };

/**
 * The summaries under their sections in the survey's order; a summary whose question no section names (an old
 * survey, or sections missing) comes in a last group without a section.
 */
export function summariesBySection(sections: Section[], summaries: QuestionSummary[]): SectionSummaries[] {
  const byId = new Map(summaries.map((summary) => [summary.questionId, summary]));
  const placed = new Set<string>();
  const groups: SectionSummaries[] = [];
  for (const section of sections) {
    const questions = section.questions.flatMap((id) => {
      const summary = byId.get(id);
      if (!summary) return [];
      placed.add(id);
      return [summary];
    });
    if (questions.length > 0) groups.push({ section, questions });
  }
  const rest = summaries.filter((summary) => !placed.has(summary.questionId));
  if (rest.length > 0) groups.push({ section: null, questions: rest });
  return groups;
}

/** Grid totals per column, the largest count first helping the table's shading. */
export function gridMaximum(summary: Extract<AnswerSummary, { kind: "grid" }>): number {
  return Math.max(0, ...summary.rows.flatMap((row) => row.columns.map((column) => column.count)));
}

/** Spec 3 §9: dates show as DD/MM/YYYY and times as h:mm a; other answers as they were written. */
export function formatTextAnswer(type: QuestionType, answer: string): string {
  if (type === "DATE" && DATE_ANSWER_PATTERN.test(answer)) return dayjs(answer).format("DD/MM/YYYY");
  if (type === "TIME" && TIME_ANSWER_PATTERN.test(answer)) return dayjs(`2000-01-01T${answer}`).format("h:mm a");
  return answer;
}
