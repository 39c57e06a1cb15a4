import { describe, expect, it } from "vitest";
import { CHART_PALETTE, paletteColor } from "../../components/chart-palette.ts";
import { DEFAULT_CHART_VIEWS, readChartViews, toggledView } from "./chart-view.ts";

describe("chart view", () => {
  it("remembers each chart's choice through the stored text", () => {
    const views = toggledView(DEFAULT_CHART_VIEWS, "datastreamTypes");
    expect(views).toEqual({ containerTypes: "doughnut", datastreamTypes: "bar" });
    expect(readChartViews(JSON.stringify(views))).toEqual(views);
    expect(toggledView(views, "datastreamTypes").datastreamTypes).toBe("doughnut");
  });

  it("falls back to doughnuts for missing or damaged entries", () => {
    expect(readChartViews(null)).toEqual(DEFAULT_CHART_VIEWS);
    expect(readChartViews("not json")).toEqual(DEFAULT_CHART_VIEWS);
    expect(readChartViews('{"containerTypes":"pie","datastreamTypes":"bar"}')).toEqual({
      containerTypes: "doughnut",
      datastreamTypes: "bar",
    });
  });

  it("cycles through a palette of 14 colours", () => {
    expect(CHART_PALETTE).toHaveLength(16);
    expect(paletteColor(16)).toBe(paletteColor(0));
    expect(new Set(CHART_PALETTE).size).toBe(16);
  });
});
