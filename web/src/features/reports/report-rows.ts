// The rows a report chart draws and its legend lists: each type's name, count, colour and share of the total.
import type { TypeReport } from "@repox/contracts";
import { paletteColor } from "../../components/chart-palette.ts";

export type ReportRow = { name: string; value: number; color: string; share: number };

export function reportRows(report: TypeReport): { rows: ReportRow[]; total: number } {
  const total = report.reduce((sum, row) => sum + row.value, 0);
  const rows = report.map((row, index) => ({
    name: row.label,
    value: row.value,
    color: paletteColor(index),
    share: total === 0 ? 0 : row.value / total,
  }));
  return { rows, total };
}
