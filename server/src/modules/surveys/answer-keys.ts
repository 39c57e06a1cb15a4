// What one response adds to a survey's summary: counter keys (survey_answer_counts) and free texts
// (survey_text_answers). Writing a response and reading a summary both go through these, so they agree on the keys.
// A key starts with the question's type, so a question whose type changes starts counting afresh.
import { CHOICE_TYPES, ChoiceAnswer, GRID_TYPES, GridAnswer, isEmptyAnswer, type Question, TEXT_TYPES } from "@repox/contracts";

export const keyOf = {
  shown: (question: Pick<Question, "type">) => `${question.type}|shown`,
  answered: (question: Pick<Question, "type">) => `${question.type}|answered`,
  option: (question: Pick<Question, "type">, option: string) => `${question.type}|option|${option}`,
  other: (question: Pick<Question, "type">) => `${question.type}|other`,
  cell: (question: Pick<Question, "type">, rowId: string, columnId: string) => `${question.type}|cell|${rowId}|${columnId}`,
  scale: (question: Pick<Question, "type">, value: number) => `${question.type}|scale|${value}`,
};

/** The counter keys one answer adds: shown (its section was on the path), answered, and what it chose. */
export function answerKeys(question: Question, value: unknown): string[] {
  const keys = [keyOf.shown(question)];
  if (isEmptyAnswer(value)) return keys;
  keys.push(keyOf.answered(question));
  if (question.type === "DROPDOWN" && typeof value === "string") keys.push(keyOf.option(question, value));
  if (question.type === "LINEAR_SCALE" && typeof value === "number") keys.push(keyOf.scale(question, value));
  if (CHOICE_TYPES.includes(question.type)) {
    const choice = ChoiceAnswer.safeParse(value);
    if (choice.success) {
      keys.push(...choice.data.answers.map((option) => keyOf.option(question, option)));
      if (choice.data.other.trim()) keys.push(keyOf.other(question));
    }
  }
  if (GRID_TYPES.includes(question.type)) {
    const grid = GridAnswer.safeParse(value);
    if (grid.success) {
      for (const row of grid.data) keys.push(...row.columnIds.map((columnId) => keyOf.cell(question, row.rowId, columnId)));
    }
  }
  return keys;
}

/** The free texts one answer adds: the text of a text-like question, or the 'Other' text of a choice question. */
export function answerTexts(question: Question, value: unknown): { isOther: boolean; value: string }[] {
  if (isEmptyAnswer(value)) return [];
  if (TEXT_TYPES.includes(question.type) && typeof value === "string") return [{ isOther: false, value }];
  if (CHOICE_TYPES.includes(question.type)) {
    const choice = ChoiceAnswer.safeParse(value);
    if (choice.success && choice.data.other.trim()) return [{ isOther: true, value: choice.data.other }];
  }
  return [];
}
