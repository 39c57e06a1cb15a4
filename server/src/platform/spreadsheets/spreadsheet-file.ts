// Reads an uploaded spreadsheet (xlsx or CSV) for the areas that import from one (vocabulary terms, content). The
// upload goes to a temporary file (size capped), an xlsx is checked for its unpacked size first (zip-guard.ts), and
// both kinds are read as streams of rows that the caller stops when it has enough, so a hostile file costs bounded
// memory, disk and time. Formulas are never evaluated: a formula cell gives the result the spreadsheet program saved,
// or a cell error when there is none.
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parse as parseCsv } from "@fast-csv/parse";
import type ExcelJS from "exceljs";
import { BadRequest, HttpError, PayloadTooLarge } from "../errors.ts";
import { fullCollectionPast } from "../memory/young-garbage.ts";
import { loadExcelJS } from "./exceljs.ts";
import { assertUnzipsWithin, type ZipGuardNouns } from "./zip-guard.ts";

export type SpreadsheetUpload = { filename: string; mimetype: string; file: Readable };

export type CellText = { text: string } | { error: string };
/** One sheet row; columns are 1-based as in the spreadsheet program. */
export type SheetRow = { number: number; width: number; cell(column: number): CellText };

export type SpreadsheetRules = {
  maxBytes: number;
  /** An xlsx may unpack to at most this many bytes. */
  maxUnzippedBytes: number;
  /** How refusals name the file the caller expects. */
  nouns: ZipGuardNouns;
};

/** Header rows are read up to this column; a wider sheet is not one of ours. */
export const SPREADSHEET_MAX_COLUMNS = 200;

/**
 * How much V8's heap may grow while a sheet is read before a full collection. Reading leaves garbage that outlives
 * young collections (exceljs's parser state, while the rows the caller keeps grow): a 50 000-row sheet grew the
 * server by 105-177 MiB, whose pages V8 keeps until the server idles; with this budget a 50 000-term file costs three
 * or four collections (docs/performance.md, `footprint`).
 */
const SHEET_HEAP_BUDGET_BYTES = 32 * 1024 * 1024;
const SNIFF_BYTES = 64 * 1024;
const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;
const NOT_A_SPREADSHEET = "The file is not a spreadsheet: upload an Excel workbook (.xlsx) or a CSV file";

/**
 * Saves the upload, checks what it is, and hands the rows of its first worksheet to `read`. The temporary file is
 * removed when `read` is done; leaving the row loop early stops reading the file.
 */
export async function readSpreadsheet<T>(
  upload: SpreadsheetUpload,
  rules: SpreadsheetRules,
  read: (rows: AsyncGenerator<SheetRow>) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "repox-sheet-"));
  try {
    const path = join(dir, "upload");
    const size = await saveUpload(upload.file, path, rules.maxBytes);
    if (size === 0) throw new BadRequest("The file is empty");
    const head = await readHead(path);
    if (fileKind(head, upload) === "xlsx") {
      await assertUnzipsWithin(path, rules.maxUnzippedBytes, rules.nouns);
      return await read(collectingPast(xlsxRows(path), SHEET_HEAP_BUDGET_BYTES));
    }
    return await read(collectingPast(csvRows(path, head), SHEET_HEAP_BUDGET_BYTES));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The rows as they come, with a full collection whenever the heap has grown by `budgetBytes` (fullCollectionPast). */
export async function* collectingPast<Row>(
  rows: AsyncIterable<Row>,
  budgetBytes: number,
  options?: Parameters<typeof fullCollectionPast>[1],
): AsyncGenerator<Row> {
  const collectOldGarbage = fullCollectionPast(budgetBytes, options);
  for await (const row of rows) {
    collectOldGarbage();
    yield row;
  }
}

/** Whether every cell of the row up to SPREADSHEET_MAX_COLUMNS is readable and blank. */
export function isBlankRow(row: SheetRow): boolean {
  for (let column = 1; column <= Math.min(row.width, SPREADSHEET_MAX_COLUMNS); column++) {
    const cell = row.cell(column);
    if (!("text" in cell) || cell.text.trim() !== "") return false;
  }
  return true;
}

/** "A", "B", … "AA": a column as the spreadsheet program names it. */
export function columnName(column: number): string {
  let name = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > max ? new PayloadTooLarge(tooLarge(max)) : null, chunk);
    },
  });
}

const tooLarge = (max: number) => `The file is larger than ${mib(max)}; split it into smaller files`;

async function saveUpload(file: Readable, path: string, maxBytes: number): Promise<number> {
  const target = createWriteStream(path);
  try {
    await pipeline(file, byteLimit(maxBytes), target);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // @fastify/multipart ends an upload over its own size limit with this code.
    if ((error as { code?: unknown }).code === "FST_REQ_FILE_TOO_LARGE") throw new PayloadTooLarge(tooLarge(maxBytes));
    throw new BadRequest("The file upload was interrupted; please try again");
  }
  return target.bytesWritten;
}

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path);
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** The content decides, not the name: an xlsx is a zip; a CSV is UTF-8 text named or typed as CSV. */
function fileKind(head: Buffer, upload: SpreadsheetUpload): "xlsx" | "csv" {
  if (head.subarray(0, 4).equals(ZIP_SIGNATURE)) return "xlsx";
  if (head.subarray(0, 4).equals(OLE_SIGNATURE)) {
    throw new BadRequest("Old Excel files (.xls) are not supported: save the file as an Excel workbook (.xlsx) or as CSV and try again");
  }
  const namedCsv = upload.filename.toLowerCase().endsWith(".csv") || /^text\/(csv|plain)$/i.test(upload.mimetype);
  if (!namedCsv || !isUtf8Text(head)) throw new BadRequest(NOT_A_SPREADSHEET);
  return "csv";
}

function isUtf8Text(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    // `stream: true` lets the sample end in the middle of a character.
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

function cellText(value: ExcelJS.CellValue, address: string): CellText {
  if (value === null || value === undefined) return { text: "" };
  if (typeof value === "string") return { text: value };
  if (typeof value === "number") return { text: String(value) };
  if (typeof value === "boolean") return { text: value ? "TRUE" : "FALSE" };
  if (value instanceof Date) return { text: value.toISOString() };
  if ("formula" in value || "sharedFormula" in value) {
    if (value.result === undefined) {
      return { error: `Cell ${address} holds a formula without a saved result; open the file in Excel, save it and try again` };
    }
    return cellText(value.result, address);
  }
  if ("error" in value) return { error: `Cell ${address} holds the error ${value.error}` };
  if ("richText" in value) return { text: value.richText.map((part) => part.text).join("") };
  if ("hyperlink" in value) return typeof value.text === "string" ? { text: value.text } : cellText(value.text, address);
  return { error: `Cell ${address} holds a value that is not text` };
}

function sheetRow(row: ExcelJS.Row): SheetRow {
  return {
    number: row.number,
    width: row.cellCount,
    cell: (column) => cellText(row.getCell(column).value, `${columnName(column)}${row.number}`),
  };
}

/**
 * The first worksheet's rows, read in one pass over the zip. exceljs parks each worksheet that comes before the
 * workbook's shared strings in a temporary file, which only its own loop over the parked sheets closes and removes: so
 * the reader is always run to its end (the other sheets skipped unread), never left after the first sheet.
 */
async function* streamedXlsxRows(path: string): AsyncGenerator<SheetRow> {
  const excel = await loadExcelJS();
  const source = createReadStream(path);
  const reader = new excel.stream.xlsx.WorkbookReader(source, {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    // Styles tell which numbers are dates; without them a date cell reads as a day count.
    styles: "cache",
    entries: "ignore",
  });
  const sheets = reader[Symbol.asyncIterator]();
  let first: IteratorResult<ExcelJS.stream.xlsx.WorksheetReader> | undefined;
  try {
    first = await sheets.next();
    if (first.done) throw new BadRequest("The Excel workbook has no worksheet");
    for await (const row of first.value) yield sheetRow(row);
  } finally {
    if (first && !first.done) closeSheet(first.value);
    await skipOtherSheets(sheets);
    source.destroy();
  }
}

/**
 * A parked worksheet is read from a file stream of its own, which stays open unless it is read to its end. exceljs
 * removes the file as soon as the reader moves on, possibly before the stream has opened it: that late error is moot.
 */
function closeSheet(sheet: ExcelJS.stream.xlsx.WorksheetReader): void {
  const input = (sheet as { iterator?: unknown }).iterator;
  if (!(input instanceof Readable)) return;
  input.on("error", () => {});
  input.destroy();
}

async function skipOtherSheets(sheets: AsyncIterator<ExcelJS.stream.xlsx.WorksheetReader>): Promise<void> {
  try {
    for (let next = await sheets.next(); !next.done; next = await sheets.next()) closeSheet(next.value);
  } catch {
    // The workbook is broken further on: what was read stands, and the reader is done either way.
  }
}

/** The first worksheet's rows, the workbook read whole through the zip's directory (its unpacked size is checked). */
async function* wholeXlsxRows(path: string): AsyncGenerator<SheetRow> {
  const excel = await loadExcelJS();
  const workbook = new excel.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new BadRequest("The Excel workbook has no worksheet");
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => {
    rows.push(row);
  });
  for (const row of rows) yield sheetRow(row);
}

/**
 * The first worksheet's rows, streamed. exceljs's streaming reader sometimes reaches a worksheet before the workbook
 * part it needs and throws (exceljs#3064, a race in its single pass; about 1 read in 200 of a two-sheet workbook it
 * wrote itself): when that happens before any row came out, the workbook is read again whole. The sheets it had
 * parked in temporary files then stay (open) until the process ends: the failing reader drops their clean-up.
 */
async function* xlsxRows(path: string): AsyncGenerator<SheetRow> {
  let gaveRows = false;
  try {
    try {
      for await (const row of streamedXlsxRows(path)) {
        gaveRows = true;
        yield row;
      }
    } catch (error) {
      if (error instanceof HttpError || gaveRows) throw error;
      yield* wholeXlsxRows(path);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new BadRequest("The file is not a valid Excel workbook (.xlsx): it could not be read");
  }
}

/** Comma, semicolon or tab: whichever the first line holds most (Excel saves CSV with ';' in many locales). */
function sniffDelimiter(head: Buffer): string {
  const firstLine = head.toString("utf8").split(/\r?\n/, 1)[0] ?? "";
  const count = (delimiter: string) => firstLine.split(delimiter).length - 1;
  return [",", ";", "\t"].reduce((best, delimiter) => (count(delimiter) > count(best) ? delimiter : best));
}

async function* csvRows(path: string, head: Buffer): AsyncGenerator<SheetRow> {
  const source = createReadStream(path);
  const parser = parseCsv<string[], string[]>({ delimiter: sniffDelimiter(head), ignoreEmpty: false });
  source.pipe(parser);
  source.on("error", (error) => parser.destroy(error));
  let number = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      number += 1;
      // A UTF-8 byte order mark (Excel writes one) is not part of the first header name.
      if (number === 1 && record[0]) record[0] = record[0].replace(/^\uFEFF/, "");
      yield { number, width: record.length, cell: (column) => ({ text: record[column - 1] ?? "" }) };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new BadRequest(`The CSV file could not be read: ${error instanceof Error ? error.message : "it is malformed"}`);
  } finally {
    source.destroy();
    parser.destroy();
  }
}
