import { describe, expect, it } from "vitest";
import { choiceChartData, choiceChartKind, cutLabel, gridChartData, hasCounts, SUMMARY_PALETTE, scaleChartData } from "./chart-data.ts";

describe("summary chart data", () => {
  it("cuts labels after 20 characters, counting whole characters", () => {
    expect(cutLabel("Short")).toBe("Short");
    expect(cutLabel("12345678901234567890")).toBe("12345678901234567890");
    expect(cutLabel("123456789012345678901")).toBe("12345678901234567890…");
    expect(cutLabel("😀".repeat(21))).toBe(`${"😀".repeat(20)}…`);
  });

  it("draws one answer as a pie and checkboxes as bars", () => {
    expect(choiceChartKind("MULTIPLE_CHOICE")).toBe("pie");
    expect(choiceChartKind("DROPDOWN")).toBe("pie");
    expect(choiceChartKind("CHECKBOXES")).toBe("bar");
  });

  it("lists the options in order with 'Other' last when someone wrote one", () => {
    const summary = {
      kind: "choices" as const,
      options: [
        { option: "A very long option text indeed", count: 2 },
        { option: "B", count: 0 },
      ],
      otherCount: 1,
      otherAnswers: ["mine"],
    };
    expect(choiceChartData(summary, "Other")).toEqual([
      { name: "A very long option text indeed", label: "A very long option t…", value: 2, color: SUMMARY_PALETTE[0] },
      { name: "B", label: "B", value: 0, color: SUMMARY_PALETTE[1] },
      { name: "Other", label: "Other", value: 1, color: SUMMARY_PALETTE[2] },
    ]);
    expect(choiceChartData({ ...summary, otherCount: 0 }, "Other")).toHaveLength(2);
  });

  it("gives a grid one series per column and one group per row", () => {
    const chart = gridChartData({
      kind: "grid",
      rows: [
        {
          rowId: "r1",
          row: "Row one",
          columns: [
            { columnId: "c1", column: "Yes", count: 3 },
            { columnId: "c2", column: "No", count: 1 },
          ],
        },
        {
          rowId: "r2",
          row: "Row two",
          columns: [
            { columnId: "c1", column: "Yes", count: 0 },
            { columnId: "c2", column: "No", count: 2 },
          ],
        },
      ],
    });
    expect(chart.series).toEqual([
      { name: "c0", label: "Yes", color: SUMMARY_PALETTE[0] },
      { name: "c1", label: "No", color: SUMMARY_PALETTE[1] },
    ]);
    expect(chart.data).toEqual([
      { row: "Row one", c0: 3, c1: 1 },
      { row: "Row two", c0: 0, c1: 2 },
    ]);
    expect(SUMMARY_PALETTE).toHaveLength(16);
  });

  it("fills every scale value, zero where nobody chose it", () => {
    const data = scaleChartData({ kind: "scale", from: 1, to: 4, fromLabel: "", toLabel: "", values: [{ value: 3, count: 5 }] });
    expect(data).toEqual([
      { value: "1", count: 0 },
      { value: "2", count: 0 },
      { value: "3", count: 5 },
      { value: "4", count: 0 },
    ]);
  });

  it("knows a summary with nothing counted", () => {
    expect(hasCounts({ kind: "texts", latest: [] })).toBe(false);
    expect(hasCounts({ kind: "scale", from: 0, to: 2, fromLabel: "", toLabel: "", values: [{ value: 1, count: 1 }] })).toBe(true);
    expect(hasCounts({ kind: "choices", options: [{ option: "A", count: 0 }], otherCount: 0, otherAnswers: [] })).toBe(false);
  });
});
