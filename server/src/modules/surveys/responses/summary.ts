// A survey's summary from its counters and latest texts (spec 3 §3 Summary): one entry per answerable question of the
// current version, in section order. Counter keys come from answer-keys.ts, the same functions that write them.
import {
  type AnswerSummary,
  CHOICE_TYPES,
  GRID_TYPES,
  isAnswerable,
  type Question,
  type QuestionSummary,
  type Section,
  TEXT_TYPES,
} from "@repox/contracts";
import { keyOf } from "../answer-keys.ts";

export type Counts = ReadonlyMap<string, ReadonlyMap<string, number>>;
export type Texts = ReadonlyMap<string, readonly string[]>;

export const textListKey = (questionId: string, isOther: boolean) => `${isOther ? "other" : "text"}|${questionId}`;

/** The answerable questions in the order a respondent meets them: section by section. */
export function questionsInOrder(version: { sections: Section[]; questions: Question[] }): Question[] {
  const byId = new Map(version.questions.map((question) => [question.id, question]));
  return version.sections
    .flatMap((section) => section.questions)
    .map((id) => byId.get(id))
    .filter((question): question is Question => question !== undefined && isAnswerable(question));
}

/** Which free-text lists a question's summary shows: its answers (text types) or its 'Other' texts (choice types). */
export function textListOf(question: Pick<Question, "id" | "type">): { questionId: string; isOther: boolean } | null {
  if (TEXT_TYPES.includes(question.type)) return { questionId: question.id, isOther: false };
  if (CHOICE_TYPES.includes(question.type)) return { questionId: question.id, isOther: true };
  return null;
}

/** Whether a summary may show a question's texts: the public summary never shows e-mail addresses. */
export type TextPolicy = (question: Question) => boolean;
export const everyText: TextPolicy = () => true;
export const publicTexts: TextPolicy = (question) => question.type !== "EMAIL";

function answerSummary(question: Question, count: (key: string) => number, texts: (isOther: boolean) => string[]): AnswerSummary {
  const { details } = question;
  if (question.type === "DROPDOWN" || CHOICE_TYPES.includes(question.type)) {
    const isChoice = CHOICE_TYPES.includes(question.type);
    return {
      kind: "choices",
      options: (details.options ?? []).map((option) => ({ option, count: count(keyOf.option(question, option)) })),
      otherCount: isChoice ? count(keyOf.other(question)) : 0,
      otherAnswers: isChoice ? texts(true) : [],
    };
  }
  if (GRID_TYPES.includes(question.type)) {
    return {
      kind: "grid",
      rows: (details.rows ?? []).map((row) => ({
        rowId: row.id,
        row: row.value,
        columns: (details.columns ?? []).map((column) => ({
          columnId: column.id,
          column: column.value,
          count: count(keyOf.cell(question, row.id, column.id)),
        })),
      })),
    };
  }
  if (question.type === "LINEAR_SCALE") {
    const from = details.from ?? 1;
    const to = details.to ?? 2;
    const values = [];
    for (let value = from; value <= to; value++) values.push({ value, count: count(keyOf.scale(question, value)) });
    return { kind: "scale", from, to, fromLabel: details.fromLabel ?? "", toLabel: details.toLabel ?? "", values };
  }
  return { kind: "texts", latest: texts(false) };
}

export function buildSummary(
  version: { sections: Section[]; questions: Question[] },
  totalResponseCount: number,
  counts: Counts,
  texts: Texts,
  mayShowTexts: TextPolicy = everyText,
): QuestionSummary[] {
  return questionsInOrder(version).map((question) => {
    const own = counts.get(question.id);
    const count = (key: string) => own?.get(key) ?? 0;
    const textsOf = (isOther: boolean) => (mayShowTexts(question) ? [...(texts.get(textListKey(question.id, isOther)) ?? [])] : []);
    return {
      questionId: question.id,
      questionType: question.type,
      questionTitle: question.title,
      answerCount: count(keyOf.answered(question)),
      notShownCount: Math.max(0, totalResponseCount - count(keyOf.shown(question))),
      answerSummary: answerSummary(question, count, textsOf),
    };
  });
}
