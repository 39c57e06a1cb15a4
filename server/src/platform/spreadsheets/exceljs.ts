// exceljs, imported on first use (a spreadsheet read or written): a server that handles none never loads it (about
// 35 MiB of a bare process's resident memory; docs/performance.md, `footprint`).
import type ExcelJS from "exceljs";

let loading: Promise<typeof ExcelJS> | undefined;

export function loadExcelJS(): Promise<typeof ExcelJS> {
  loading ??= import("exceljs").then((module) => module.default);
  return loading;
}
