// exceljs, imported on first use (a spreadsheet read or written): a server that handles none never loads it (about
// 35 MiB of a bare process's resident memory; docs/performance.md, `footprint`).
import type ExcelJS from "exceljs";
import { onFirstUse } from "../first-use.ts";

export const loadExcelJS: () => Promise<typeof ExcelJS> = onFirstUse(() => import("exceljs").then((module) => module.default));
