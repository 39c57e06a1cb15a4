// The builder's rules (spec 3 §4 "Survey builder", §5): each type's default details, changing a question's type,
// and the normal form the server stores (only the type's own details, EMAIL always required, LABEL never).
import { BRANCHING_TYPES, CHOICE_TYPES, emptyAnswer, GRID_TYPES, OPTION_TYPES } from "./survey-answers.ts";
import type { Question, QuestionDetails, QuestionType } from "./surveys.ts";

export const NEW_QUESTION_TYPE: QuestionType = "SHORT_ANSWER";

/** Spec 3 §5: a new scale runs from 1 to 2. */
export function defaultDetails(type: QuestionType): QuestionDetails {
  if (OPTION_TYPES.includes(type)) {
    return CHOICE_TYPES.includes(type) ? { options: ["Option 1"], hasOtherOption: false } : { options: ["Option 1"] };
  }
  if (GRID_TYPES.includes(type)) {
    return { rows: [{ id: "row-1", value: "Row 1" }], columns: [{ id: "column-1", value: "Column 1" }] };
  }
  if (type === "LINEAR_SCALE") return { from: 1, to: 2, fromLabel: "", toLabel: "" };
  return {};
}

/**
 * Spec 3 §4: a new type resets value and details to the type's defaults but keeps the title and description;
 * between MULTIPLE_CHOICE and CHECKBOXES the options (and the 'Other' option) stay.
 */
export function changeQuestionType(question: Question, type: QuestionType): Question {
  const keepsOptions = CHOICE_TYPES.includes(question.type) && CHOICE_TYPES.includes(type);
  const details = keepsOptions
    ? { options: question.details.options ?? [], hasOtherOption: question.details.hasOtherOption ?? false }
    : defaultDetails(type);
  return normalizeQuestion({ ...question, type, details, value: emptyAnswer(type) });
}

/** Only the details the type uses; value = the type's empty answer; EMAIL required, LABEL not. */
export function normalizeQuestion(question: Question): Question {
  const { type, details } = question;
  const kept: QuestionDetails = {};
  if (OPTION_TYPES.includes(type)) kept.options = details.options ?? [];
  if (CHOICE_TYPES.includes(type)) kept.hasOtherOption = details.hasOtherOption ?? false;
  if (BRANCHING_TYPES.includes(type) && details.goTo && Object.keys(details.goTo).length > 0) kept.goTo = details.goTo;
  if (GRID_TYPES.includes(type)) {
    kept.rows = details.rows ?? [];
    kept.columns = details.columns ?? [];
  }
  if (type === "LINEAR_SCALE") {
    kept.from = details.from ?? 1;
    kept.to = details.to ?? 2;
    kept.fromLabel = details.fromLabel ?? "";
    kept.toLabel = details.toLabel ?? "";
  }
  const required = type === "EMAIL" ? true : type === "LABEL" ? false : question.required;
  return { ...question, required, details: kept, value: emptyAnswer(type) };
}
