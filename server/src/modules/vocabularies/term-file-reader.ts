// Stage one of a term import: reads an uploaded xlsx or CSV file into rows of termId, label and termUri. The file is
// read safely by platform/spreadsheets (size and unpacked-size limits, streaming); reading stops after the row limit.
import { VOCABULARY_LIMITS as L } from "@repox/contracts";
import { BadRequest, PayloadTooLarge } from "../../platform/errors.ts";
import {
  isBlankRow,
  readSpreadsheet,
  type SheetRow,
  SPREADSHEET_MAX_COLUMNS,
  type SpreadsheetUpload,
} from "../../platform/spreadsheets/spreadsheet-file.ts";

export type TermUpload = SpreadsheetUpload;

export type TermCells = { termId: string; label: string; termUri: string };
/** A data row as read: its number in the sheet, its cells, and cells that could not be read (a formula without result). */
export type RawTermRow = { row: number; data: TermCells; errors: string[] };

const TOO_MANY_ROWS = `The file has more than ${L.fileMaxRows.toLocaleString("en-US")} terms; split it into smaller files`;

const RULES = {
  maxBytes: L.fileMaxBytes,
  maxUnzippedBytes: L.fileMaxUnzippedBytes,
  nouns: { file: "a term file", spreadsheet: "a term spreadsheet" },
};

export function readTermFile(upload: TermUpload): Promise<RawTermRow[]> {
  return readSpreadsheet(upload, RULES, collectTermRows);
}

type Columns = { termId: number; label: number; termUri: number | null };

const headerName = (text: string) => text.toLowerCase().replace(/[\s_-]/g, "");

/** The header row names the columns in any order, in any case: termId, label and (optionally) termUri. */
function headerColumns(row: SheetRow): Columns {
  const found = new Map<string, number>();
  for (let column = 1; column <= Math.min(row.width, SPREADSHEET_MAX_COLUMNS); column++) {
    const cell = row.cell(column);
    if ("text" in cell && !found.has(headerName(cell.text))) found.set(headerName(cell.text), column);
  }
  const termId = found.get("termid");
  const label = found.get("label");
  if (termId === undefined || label === undefined) {
    throw new BadRequest("The first row must name the columns termId and label (termUri is optional)");
  }
  return { termId, label, termUri: found.get("termuri") ?? null };
}

function termRow(row: SheetRow, columns: Columns): RawTermRow | null {
  const errors: string[] = [];
  const read = (column: number | null) => {
    if (column === null) return "";
    const cell = row.cell(column);
    if ("error" in cell) {
      errors.push(cell.error);
      return "";
    }
    return cell.text;
  };
  const data = { termId: read(columns.termId), label: read(columns.label), termUri: read(columns.termUri) };
  const isBlank = errors.length === 0 && !data.termId.trim() && !data.label.trim() && !data.termUri.trim();
  return isBlank ? null : { row: row.number, data, errors };
}

async function collectTermRows(rows: AsyncGenerator<SheetRow>): Promise<RawTermRow[]> {
  let columns: Columns | null = null;
  const terms: RawTermRow[] = [];
  for await (const row of rows) {
    if (columns === null) {
      if (!isBlankRow(row)) columns = headerColumns(row);
      continue;
    }
    const term = termRow(row, columns);
    if (!term) continue;
    // Leaving the loop early ends the generator, which closes the file: nothing past the limit is read.
    if (terms.length === L.fileMaxRows) throw new PayloadTooLarge(TOO_MANY_ROWS);
    terms.push(term);
  }
  if (columns === null) throw new BadRequest("The file is empty: it has no header row and no terms");
  if (terms.length === 0) throw new BadRequest("The file has no terms below its header row");
  return terms;
}
