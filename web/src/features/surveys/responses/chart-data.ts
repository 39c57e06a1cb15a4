// The summary's figures turned into what the charts draw (spec 3 §2 "Summary charts", §9): labels cut at 20
// characters, choice questions as pies (one answer) or bars (several), grids as one bar group per row coloured from a
// 16-colour palette, scales as one bar per value from 'from' to 'to' (values nobody chose count 0).
import type { AnswerSummary, QuestionType } from "@repox/contracts";
import { SURVEY_LIMITS } from "@repox/contracts";

type ChoiceSummary = Extract<AnswerSummary, { kind: "choices" }>;
type GridSummary = Extract<AnswerSummary, { kind: "grid" }>;
type ScaleSummary = Extract<AnswerSummary, { kind: "scale" }>;

/** Spec 3 §9: the grid summary's 16 colours (also used, in turn, by the slices and bars of other charts). */
export const SUMMARY_PALETTE = [
  "#4263eb",
  "#12b886",
  "#fab005",
  "#fa5252",
  "#7950f2",
  "#15aabf",
  "#fd7e14",
  "#40c057",
  "#e64980",
  "#228be6",
  "#82c91e",
  "#be4bdb",
  "#868e96",
  "#a61e4d",
  "#0b7285",
  "#5c940d",
] as const;

export function summaryColor(index: number): string {
  return SUMMARY_PALETTE[index % SUMMARY_PALETTE.length] ?? SUMMARY_PALETTE[0];
}

/** A chart label: at most 20 characters (whole characters, not UTF-16 halves), an ellipsis marking a cut. */
export function cutLabel(label: string, max: number = SURVEY_LIMITS.chartLabelMaxLength): string {
  const characters = Array.from(label);
  return characters.length > max ? `${characters.slice(0, max).join("")}…` : label;
}

export type ChartSlice = { name: string; label: string; value: number; color: string };

/** One answer per response draws a pie; checkboxes (several answers each) draw bars. */
export function choiceChartKind(type: QuestionType): "pie" | "bar" {
  return type === "CHECKBOXES" ? "bar" : "pie";
}

/** Each option in the question's order, then 'Other' when someone wrote one. `name` keeps the whole text for tooltips. */
export function choiceChartData(summary: ChoiceSummary, otherLabel: string): ChartSlice[] {
  const slices = summary.options.map((entry, index) => ({
    name: entry.option,
    label: cutLabel(entry.option),
    value: entry.count,
    color: summaryColor(index),
  }));
  if (summary.otherCount > 0) {
    slices.push({ name: otherLabel, label: cutLabel(otherLabel), value: summary.otherCount, color: summaryColor(slices.length) });
  }
  return slices;
}

export type GridSeries = { name: string; label: string; color: string };
export type GridChart = { data: Record<string, string | number>[]; series: GridSeries[] };

/** Rows on the axis, one coloured series per column; series keys are positional so any column text is safe. */
export function gridChartData(summary: GridSummary): GridChart {
  const columns = summary.rows[0]?.columns ?? [];
  const series = columns.map((column, index) => ({ name: `c${index}`, label: cutLabel(column.column), color: summaryColor(index) }));
  const data = summary.rows.map((row) => {
    const entry: Record<string, string | number> = { row: cutLabel(row.row) };
    row.columns.forEach((column, index) => {
      entry[`c${index}`] = column.count;
    });
    return entry;
  });
  return { data, series };
}

/** Every value of the scale in order, with the count of responses that chose it. */
export function scaleChartData(summary: ScaleSummary): { value: string; count: number }[] {
  const counts = new Map(summary.values.map((entry) => [entry.value, entry.count]));
  const data: { value: string; count: number }[] = [];
  for (let value = summary.from; value <= summary.to; value++) data.push({ value: String(value), count: counts.get(value) ?? 0 });
  return data;
}

/** Whether a chart would draw nothing but zeros (the view says 'No responses' instead). */
export function hasCounts(summary: AnswerSummary): boolean {
  switch (summary.kind) {
    case "choices":
      return summary.otherCount > 0 || summary.options.some((entry) => entry.count > 0);
    case "grid":
      return summary.rows.some((row) => row.columns.some((column) => column.count > 0));
    case "scale":
      return summary.values.some((entry) => entry.count > 0);
    case "texts":
      return summary.latest.length > 0;
  }
}
