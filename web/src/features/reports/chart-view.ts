// Which form each report chart takes (spec 1 §2 Reports), remembered in the browser under one chart-view key. The
// colours are components/chart-palette.ts.
export type ChartView = "doughnut" | "bar";
export type ReportChart = "containerTypes" | "datastreamTypes";
export type ChartViews = Record<ReportChart, ChartView>;

export const CHART_VIEW_STORAGE_KEY = "chart-view";

export const DEFAULT_CHART_VIEWS: ChartViews = { containerTypes: "doughnut", datastreamTypes: "doughnut" };

function isView(value: unknown): value is ChartView {
  return value === "doughnut" || value === "bar";
}

/** The stored choice; anything unreadable falls back to doughnuts. */
export function readChartViews(text: string | null | undefined): ChartViews {
  if (!text) return DEFAULT_CHART_VIEWS;
  try {
    const stored: unknown = JSON.parse(text);
    if (!stored || typeof stored !== "object") return DEFAULT_CHART_VIEWS;
    const entries = stored as Partial<Record<ReportChart, unknown>>;
    return {
      containerTypes: isView(entries.containerTypes) ? entries.containerTypes : DEFAULT_CHART_VIEWS.containerTypes,
      datastreamTypes: isView(entries.datastreamTypes) ? entries.datastreamTypes : DEFAULT_CHART_VIEWS.datastreamTypes,
    };
  } catch {
    return DEFAULT_CHART_VIEWS;
  }
}

export function toggledView(views: ChartViews, chart: ReportChart): ChartViews {
  return { ...views, [chart]: views[chart] === "doughnut" ? "bar" : "doughnut" };
}
