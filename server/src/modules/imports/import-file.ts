// Reads an import spreadsheet (xlsx or CSV, through platform/spreadsheets: size, unpacked-size and row limits,
// streaming) into its header and raw data rows. The first row that is not empty names the columns: `label`, `type`,
// then property keys (a key may repeat, for the values of a repeatable property). Which property a column is depends
// on each row's type, so the cells stay text here; check-rows.ts matches them.
import { IMPORT_COLUMNS, type ImportIssue, IMPORT_LIMITS as L } from "@repox/contracts";
import { BadRequest, PayloadTooLarge } from "../../platform/errors.ts";
import {
  columnName,
  isBlankRow,
  readSpreadsheet,
  type SheetRow,
  SPREADSHEET_MAX_COLUMNS,
  type SpreadsheetUpload,
} from "../../platform/spreadsheets/spreadsheet-file.ts";

/** A non-empty cell of a property column. */
export type PropertyCell = { header: string; column: number; text: string };

export type RawImportRow = {
  row: number;
  label: string;
  type: string;
  cells: PropertyCell[];
  errors: string[];
  warnings: string[];
};

export type ImportFile = { rows: RawImportRow[]; warnings: ImportIssue[] };

type Header = { label: number; type: number; properties: Map<number, string> };

const RULES = {
  maxBytes: L.fileMaxBytes,
  maxUnzippedBytes: L.fileMaxUnzippedBytes,
  nouns: { file: "an import file", spreadsheet: "an import spreadsheet" },
};
const TOO_MANY_ROWS = `The file has more than ${L.maxRows.toLocaleString("en-US")} rows; split it into smaller files`;
const HEADER_HELP = "The first row must name the columns label and type, then one column per property key";

export function readImportFile(upload: SpreadsheetUpload): Promise<ImportFile> {
  return readSpreadsheet(upload, RULES, collectRows);
}

function readHeader(row: SheetRow): Header {
  if (row.width > SPREADSHEET_MAX_COLUMNS) {
    throw new BadRequest(`The first row names more than ${SPREADSHEET_MAX_COLUMNS} columns; an import file has at most that many`);
  }
  const found: Partial<Record<"label" | "type", number>> = {};
  const properties = new Map<number, string>();
  for (let column = 1; column <= row.width; column++) {
    const cell = row.cell(column);
    if ("error" in cell) throw new BadRequest(`${HEADER_HELP}: ${cell.error}`);
    const name = cell.text.trim();
    if (name === "") continue;
    const special = name.toLowerCase();
    if (special === IMPORT_COLUMNS.label || special === IMPORT_COLUMNS.type) {
      if (found[special] !== undefined) throw new BadRequest(`The column '${special}' appears more than once in the first row`);
      found[special] = column;
    } else {
      properties.set(column, name);
    }
  }
  if (found.label === undefined || found.type === undefined) throw new BadRequest(HEADER_HELP);
  return { label: found.label, type: found.type, properties };
}

function readDataRow(row: SheetRow, header: Header): RawImportRow {
  const errors: string[] = [];
  const warnings: string[] = [];
  const text = (column: number) => {
    const cell = row.cell(column);
    if ("text" in cell) return cell.text;
    errors.push(cell.error);
    return "";
  };
  const cells: PropertyCell[] = [];
  for (let column = 1; column <= Math.min(row.width, SPREADSHEET_MAX_COLUMNS); column++) {
    if (column === header.label || column === header.type) continue;
    const value = text(column);
    if (value.trim() === "") continue;
    const name = header.properties.get(column);
    if (name === undefined) warnings.push(`Column ${columnName(column)} has no name in the first row; its value is ignored`);
    else cells.push({ header: name, column, text: value });
  }
  return { row: row.number, label: text(header.label), type: text(header.type), cells, errors, warnings };
}

async function collectRows(rows: AsyncGenerator<SheetRow>): Promise<ImportFile> {
  let header: Header | null = null;
  const found: RawImportRow[] = [];
  const warnings: ImportIssue[] = [];
  let previous = 0;
  for await (const row of rows) {
    if (header === null) {
      if (!isBlankRow(row)) {
        header = readHeader(row);
        previous = row.number;
      }
      continue;
    }
    // Blank rows are only noted once a later row holds data: blank lines at the end of a file are no news.
    if (isBlankRow(row)) continue;
    for (let skipped = previous + 1; skipped < row.number && warnings.length < L.maxIssues; skipped++) {
      warnings.push({ row: skipped, message: `Row ${skipped} is empty; it was skipped` });
    }
    previous = row.number;
    // Leaving the loop early ends the generator, which closes the file: nothing past the limit is read.
    if (found.length === L.maxRows) throw new PayloadTooLarge(TOO_MANY_ROWS);
    found.push(readDataRow(row, header));
  }
  if (header === null) throw new BadRequest("The file is empty: it has no header row and no containers");
  if (found.length === 0) throw new BadRequest("The file has no containers below its header row");
  return { rows: found, warnings };
}
