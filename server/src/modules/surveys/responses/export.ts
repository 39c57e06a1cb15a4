// The responses of a survey as an xlsx, streamed (exceljs's WorkbookWriter): one row per response, oldest first, with
// the respondent's fields then one column per answerable question of the current version (a grid: one per row).
// Rows go out page by page as they are read and the writer waits while the client is slower, so 100 000 responses
// never sit in memory. Cells are written as values, never as formulas.
import { PassThrough, type Readable, type Writable } from "node:stream";
import { GRID_TYPES, type GridAnswer, type Question, type Section } from "@repox/contracts";
import { fullCollectionEvery, youngGarbageMeter } from "../../../platform/memory/young-garbage.ts";
import { loadExcelJS } from "../../../platform/spreadsheets/exceljs.ts";
import { questionsInOrder } from "./summary.ts";

export type ExportResponse = {
  createdAt: Date;
  email: string;
  firstName: string;
  lastName: string;
  organization: string;
  /** The stored answers, `[{id, value}]`, as JSON text: parsed one response at a time as its row is written. */
  answersJson: string;
};

type StoredAnswer = { id: string; value: unknown };

export const RESPONDENT_HEADERS = ["Submitted at (UTC)", "Email", "First name", "Last name", "Organization"] as const;
export const ANSWER_SEPARATOR = "; ";
/** Pages written between two full collections of the heap (5 000 responses in pages of 250). */
const FULL_COLLECTION_PAGES = 20;

/** `2026-11-24 10:00:01`, UTC: text, since a date cell would need styles (see below). */
function submittedAt(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}

type Cell = string | number | null;
/** The cells of one question's columns for one response's answer (stored answers passed the answer checks). */
type QuestionColumns = { headers: { header: string; width: number }[]; cells: (value: unknown) => Cell[] };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** A choice answer as one cell: the chosen options then the 'Other' text, joined by '; '. */
function choiceCell(value: unknown): Cell {
  if (!isObject(value) || !Array.isArray(value.answers)) return null;
  const other = typeof value.other === "string" ? value.other.trim() : "";
  const parts = other ? [...value.answers, other] : value.answers;
  return parts.length === 0 ? null : parts.join(ANSWER_SEPARATOR);
}

/** Any other answer: text and numbers as they are; a value of another shape (the question changed type) as best we can. */
function plainCell(value: unknown): Cell {
  if (typeof value === "string") return value === "" ? null : value;
  if (typeof value === "number") return value;
  return choiceCell(value);
}

function questionColumns(question: Question): QuestionColumns {
  const title = question.title.trim() || question.id;
  if (!GRID_TYPES.includes(question.type)) {
    return { headers: [{ header: title, width: question.type === "PARAGRAPH" ? 60 : 30 }], cells: (value) => [plainCell(value)] };
  }
  const rows = question.details.rows ?? [];
  const rowIndex = new Map(rows.map((row, index) => [row.id, index]));
  const columnNames = new Map((question.details.columns ?? []).map((column) => [column.id, column.value]));
  return {
    headers: rows.map((row) => ({ header: `${title} [${row.value}]`, width: 24 })),
    cells: (value) => {
      const cells: Cell[] = rows.map(() => null);
      if (!Array.isArray(value)) return cells;
      for (const line of value as GridAnswer) {
        const index = isObject(line) ? rowIndex.get(line.rowId) : undefined;
        if (index === undefined || !Array.isArray(line.columnIds) || line.columnIds.length === 0) continue;
        cells[index] = line.columnIds.map((id) => columnNames.get(id) ?? id).join(ANSWER_SEPARATOR);
      }
      return cells;
    },
  };
}

/** Resolves once one of the streams wants more, or has closed (the client went away). */
function drained(...streams: Writable[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const stream of streams) {
        stream.off("drain", done);
        stream.off("close", done);
      }
      resolve();
    };
    for (const stream of streams) {
      stream.on("drain", done);
      stream.on("close", done);
    }
  });
}

/** A writable stream of Node or of the readable-stream package (archiver's, whose streams lack `writableNeedDrain`). */
type Compressor = Writable & { _writableState?: { needDrain?: boolean } };

/**
 * The zip's compressors, which the worksheet hands its bytes to. exceljs's worksheet stream (StreamBuf, batch mode)
 * writes to them without heeding write()'s answer, so when compressing is the slower part (a busy CPU), the rows wait
 * there in memory: the first export of 100 000 responses grew the server by 330 MiB at load average 20.
 */
function behindCompressors(sheet: object): Compressor[] {
  const stream = (sheet as { stream?: { pipes?: Compressor[] } }).stream;
  return (stream?.pipes ?? []).filter((pipe) => pipe.writableNeedDrain ?? pipe._writableState?.needDrain);
}

/** Starts writing and answers the stream at once; a failure while writing ends the stream with that error. */
export function responsesWorkbook(
  version: { sections: Section[]; questions: Question[] },
  pages: AsyncIterable<ExportResponse[]>,
): Readable {
  const output = new PassThrough();
  const questions = questionsInOrder(version);
  const columns = questions.map(questionColumns);
  // A page's rows and cells are garbage once written: collecting the young generation after each page frees them
  // before a later scavenge moves them to the old one (the first export of 32 000 responses grew RSS by 37 MiB
  // instead of 72, and ran 10 % faster).
  const collectAfterPage = youngGarbageMeter(1);
  // What outlives that still piles up in the old generation, whose pages V8 keeps once grown: a full collection every
  // 5 000 responses. With pages of 250 responses whose answers are parsed one response at a time, the first export of
  // 100 000 responses on a fresh embedded server grew it by 36-64 MiB (pages of 1 000 parsed at once and a full
  // collection every 5 000: 107-122 MiB; with none, 261 MiB), about a tenth slower (docs/performance.md `surveys`).
  const collectOldGarbage = fullCollectionEvery(FULL_COLLECTION_PAGES);
  (async () => {
    const excel = await loadExcelJS();
    // Without styles (a style lookup per cell made writing four times slower) and with fast compression.
    const workbook = new excel.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: false,
      useSharedStrings: false,
      zip: { zlib: { level: 1 } },
    });
    const sheet = workbook.addWorksheet("Responses");
    sheet.columns = [
      { header: RESPONDENT_HEADERS[0], width: 20 },
      ...RESPONDENT_HEADERS.slice(1).map((header) => ({ header, width: 24 })),
      ...columns.flatMap((column) => column.headers),
    ];
    for await (const page of pages) {
      if (output.destroyed) return;
      for (const response of page) {
        const answers = new Map((JSON.parse(response.answersJson) as StoredAnswer[]).map((answer) => [answer.id, answer.value]));
        const cells = columns.flatMap((column, index) => column.cells(answers.get((questions[index] as Question).id)));
        sheet
          .addRow([
            submittedAt(response.createdAt),
            response.email || null,
            response.firstName || null,
            response.lastName || null,
            response.organization || null,
            ...cells,
          ])
          .commit();
      }
      // The client reads slower than we write, or the compressor is behind: wait rather than buffer the survey.
      if (output.writableNeedDrain) await drained(output);
      for (const compressor of behindCompressors(sheet)) if (!output.destroyed) await drained(compressor, output);
      collectAfterPage(1);
      collectOldGarbage();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}
