// Writes a vocabulary's terms as an xlsx, streaming: rows go out as they are read, page by page, so an export of
// 100 000 terms never holds them all. Cells are written as text, never as formulas.
import { PassThrough, type Readable } from "node:stream";
import { TERM_FILE_COLUMNS, type Term, vocabularyExportFileName } from "@repox/contracts";
import { loadExcelJS } from "../../platform/spreadsheets/exceljs.ts";

const COLUMN_WIDTHS = { termId: 24, label: 48, termUri: 60 } as const;

/** Starts writing and answers the stream at once; a failure while writing ends the stream with that error. */
export function termsWorkbook(pages: AsyncIterable<Term[]>): Readable {
  const output = new PassThrough();
  (async () => {
    const excel = await loadExcelJS();
    const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet("Terms");
    sheet.columns = TERM_FILE_COLUMNS.map((key) => ({ header: key, key, width: COLUMN_WIDTHS[key] }));
    for await (const page of pages) {
      for (const term of page) sheet.addRow({ termId: term.termId, label: term.label, termUri: term.termUri }).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

/** voc-{name}.xlsx, with the characters file systems refuse replaced and a long name shortened. */
export function exportFileName(vocabularyName: string): string {
  return vocabularyExportFileName(vocabularyName.replace(/[\\/:*?"<>|\p{Cc}]/gu, "_").slice(0, 150));
}
