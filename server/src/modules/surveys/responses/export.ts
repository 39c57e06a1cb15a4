// The responses of a survey as an xlsx, streamed (exceljs's WorkbookWriter): one row per response, oldest first, with
// the respondent's fields then one column per answerable question of the current version (a grid: one per row).
// Rows go out page by page as they are read and the writer waits while the client is slower, so 100 000 responses
// never sit in memory. Cells are written as values, never as formulas.
import { PassThrough, type Readable } from "node:stream";
import { ChoiceAnswer, GRID_TYPES, GridAnswer, type Question, type Section } from "@repox/contracts";
import ExcelJS from "exceljs";
import { questionsInOrder } from "./summary.ts";

export type ExportResponse = {
  createdAt: Date;
  email: string;
  firstName: string;
  lastName: string;
  organization: string;
  answers: { id: string; value: unknown }[];
};

type Column = { header: string; width: number; cell: (answers: ReadonlyMap<string, unknown>) => string | number | null };

export const RESPONDENT_HEADERS = ["Submitted at", "Email", "First name", "Last name", "Organization"] as const;
export const ANSWER_SEPARATOR = "; ";

/** A choice answer as one cell: the chosen options then the 'Other' text, joined by '; '. */
function choiceCell(value: unknown): string | null {
  const choice = ChoiceAnswer.safeParse(value);
  if (!choice.success) return null;
  const parts = [...choice.data.answers, ...(choice.data.other.trim() ? [choice.data.other.trim()] : [])];
  return parts.length === 0 ? null : parts.join(ANSWER_SEPARATOR);
}

/** Any other answer: text and numbers as they are; a value of another shape (the question changed type) as best we can. */
function plainCell(value: unknown): string | number | null {
  if (typeof value === "string") return value === "" ? null : value;
  if (typeof value === "number") return value;
  return choiceCell(value);
}

function answerColumns(question: Question): Column[] {
  const title = question.title.trim() || question.id;
  if (GRID_TYPES.includes(question.type)) {
    const columnNames = new Map((question.details.columns ?? []).map((column) => [column.id, column.value]));
    return (question.details.rows ?? []).map((row) => ({
      header: `${title} [${row.value}]`,
      width: 24,
      cell: (answers) => {
        const grid = GridAnswer.safeParse(answers.get(question.id));
        const chosen = grid.success ? grid.data.find((line) => line.rowId === row.id)?.columnIds : undefined;
        if (!chosen || chosen.length === 0) return null;
        return chosen.map((id) => columnNames.get(id) ?? id).join(ANSWER_SEPARATOR);
      },
    }));
  }
  return [{ header: title, width: question.type === "PARAGRAPH" ? 60 : 30, cell: (answers) => plainCell(answers.get(question.id)) }];
}

/** Resolves once the stream wants more, or has closed (the client went away). */
function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
  });
}

/** Starts writing and answers the stream at once; a failure while writing ends the stream with that error. */
export function responsesWorkbook(
  version: { sections: Section[]; questions: Question[] },
  pages: AsyncIterable<ExportResponse[]>,
): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet("Responses");
  const columns = questionsInOrder(version).flatMap(answerColumns);
  sheet.columns = [
    { header: RESPONDENT_HEADERS[0], key: "submittedAt", width: 20, style: { numFmt: "yyyy-mm-dd hh:mm:ss" } },
    ...RESPONDENT_HEADERS.slice(1).map((header) => ({ header, width: 24 })),
    ...columns.map(({ header, width }) => ({ header, width })),
  ];
  (async () => {
    for await (const page of pages) {
      if (output.destroyed) return;
      for (const response of page) {
        const answers = new Map(response.answers.map((answer) => [answer.id, answer.value]));
        sheet
          .addRow([
            response.createdAt,
            response.email || null,
            response.firstName || null,
            response.lastName || null,
            response.organization || null,
            ...columns.map((column) => column.cell(answers)),
          ])
          .commit();
      }
      // The client reads slower than we write: wait for it rather than buffer the rest of the survey.
      if (output.writableNeedDrain) await drained(output);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}
