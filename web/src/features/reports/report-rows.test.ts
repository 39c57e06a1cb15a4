import { describe, expect, it } from "vitest";
import { paletteColor } from "../../components/chart-palette.ts";
import { reportRows } from "./report-rows.ts";

describe("reportRows", () => {
  it("gives each type its palette colour and its share of the total", () => {
    const { rows, total } = reportRows([
      { label: "Record", value: 3 },
      { label: "Folder", value: 1 },
      { label: "Collection", value: 0 },
    ]);
    expect(total).toBe(4);
    expect(rows).toEqual([
      { name: "Record", value: 3, color: paletteColor(0), share: 0.75 },
      { name: "Folder", value: 1, color: paletteColor(1), share: 0.25 },
      { name: "Collection", value: 0, color: paletteColor(2), share: 0 },
    ]);
  });

  it("counts nothing when no type has items", () => {
    expect(reportRows([{ label: "Record", value: 0 }])).toMatchObject({ total: 0, rows: [{ share: 0 }] });
    expect(reportRows([])).toEqual({ rows: [], total: 0 });
  });
});
