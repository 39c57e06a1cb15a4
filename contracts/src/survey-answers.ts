// The answer contract (spec 3 §3, §5): what each question type takes, when it counts as answered, which sections a
// respondent's answers lead through (branching), and the whole submission check the server and the public page share.
import { z } from "zod";
import type { Answer, Question, QuestionType, ResponseSubmission, Section, SurveyType } from "./surveys.ts";
import { SUBMIT_TARGET, SURVEY_LIMITS } from "./surveys.ts";

const L = SURVEY_LIMITS;

/** Spec 3 §5: a standard address pattern (one @, a dot in the domain, no spaces). */
export const SURVEY_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const DATE_ANSWER_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const TIME_ANSWER_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const ChoiceAnswer = z.object({ answers: z.array(z.string()), other: z.string() });
export type ChoiceAnswer = z.infer<typeof ChoiceAnswer>;
export const GridAnswer = z.array(z.object({ rowId: z.string(), columnIds: z.array(z.string()) }));
export type GridAnswer = z.infer<typeof GridAnswer>;

export const TEXT_TYPES: readonly QuestionType[] = ["SHORT_ANSWER", "PARAGRAPH", "EMAIL", "DATE", "TIME"];
export const CHOICE_TYPES: readonly QuestionType[] = ["MULTIPLE_CHOICE", "CHECKBOXES"];
export const OPTION_TYPES: readonly QuestionType[] = ["DROPDOWN", "MULTIPLE_CHOICE", "CHECKBOXES"];
export const GRID_TYPES: readonly QuestionType[] = ["MULTIPLE_CHOICE_GRID", "CHECKBOX_GRID"];
export const BRANCHING_TYPES: readonly QuestionType[] = ["DROPDOWN", "MULTIPLE_CHOICE"];

export const isAnswerable = (question: Pick<Question, "type">) => question.type !== "LABEL";

/** The value of an unanswered question of each type. */
export function emptyAnswer(type: QuestionType): unknown {
  if (CHOICE_TYPES.includes(type)) return { answers: [], other: "" };
  if (GRID_TYPES.includes(type)) return [];
  if (type === "LINEAR_SCALE" || type === "LABEL") return null;
  return "";
}

export function isEmptyAnswer(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  // A grid answer whose rows chose nothing is empty; any other list is a (wrong) answer for answerProblem to name.
  if (Array.isArray(value)) {
    return value.every((row) => typeof row === "object" && row !== null && Array.isArray(row.columnIds) && row.columnIds.length === 0);
  }
  if (typeof value === "object") {
    const { answers, other } = value as { answers?: unknown; other?: unknown };
    return (!Array.isArray(answers) || answers.length === 0) && (typeof other !== "string" || other.trim() === "");
  }
  return false;
}

/** Why `value` is not a valid answer to `question` (a phrase without the question's title), or null. Empty values pass. */
export function answerProblem(question: Question, value: unknown): string | null {
  if (!isAnswerable(question)) return "is a label and takes no answer";
  if (isEmptyAnswer(value)) return null;
  const { details } = question;
  switch (question.type) {
    case "SHORT_ANSWER":
    case "PARAGRAPH": {
      if (typeof value !== "string") return "must be text";
      const max = question.type === "PARAGRAPH" ? L.paragraphMaxLength : L.shortAnswerMaxLength;
      return value.length > max ? `must be at most ${max} characters` : null;
    }
    case "EMAIL":
      if (typeof value !== "string") return "must be text";
      return SURVEY_EMAIL_PATTERN.test(value.trim()) && value.length <= 254 ? null : "must be a valid e-mail address";
    case "DATE":
      return typeof value === "string" && DATE_ANSWER_PATTERN.test(value) && isRealDate(value) ? null : "must be a date as YYYY-MM-DD";
    case "TIME":
      return typeof value === "string" && TIME_ANSWER_PATTERN.test(value) ? null : "must be a time as HH:mm";
    case "DROPDOWN":
      return typeof value === "string" && (details.options ?? []).includes(value) ? null : "must be one of the options";
    case "LINEAR_SCALE": {
      const from = details.from ?? 1;
      const to = details.to ?? 2;
      return Number.isInteger(value) && (value as number) >= from && (value as number) <= to
        ? null
        : `must be a whole number from ${from} to ${to}`;
    }
    case "MULTIPLE_CHOICE":
    case "CHECKBOXES":
      return choiceProblem(question, value);
    case "MULTIPLE_CHOICE_GRID":
    case "CHECKBOX_GRID":
      return gridProblem(question, value);
    default:
      return "has an unknown type";
  }
}

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function choiceProblem(question: Question, value: unknown): string | null {
  const parsed = ChoiceAnswer.safeParse(value);
  if (!parsed.success) return "must be {answers, other}";
  const { answers, other } = parsed.data;
  const options = question.details.options ?? [];
  if (answers.some((answer) => !options.includes(answer))) return "must choose among the options";
  if (new Set(answers).size !== answers.length) return "chooses an option twice";
  const hasOther = other.trim() !== "";
  if (hasOther && !question.details.hasOtherOption) return "has no 'Other' option";
  if (other.length > L.otherAnswerMaxLength) return `'Other' must be at most ${L.otherAnswerMaxLength} characters`;
  if (question.type === "MULTIPLE_CHOICE" && answers.length + (hasOther ? 1 : 0) !== 1) return "must choose exactly one option";
  return null;
}

function gridProblem(question: Question, value: unknown): string | null {
  const parsed = GridAnswer.safeParse(value);
  if (!parsed.success) return "must be a list of {rowId, columnIds}";
  const rowIds = new Set((question.details.rows ?? []).map((row) => row.id));
  const columnIds = new Set((question.details.columns ?? []).map((column) => column.id));
  const seenRows = new Set<string>();
  for (const row of parsed.data) {
    if (!rowIds.has(row.rowId)) return `names an unknown row '${row.rowId}'`;
    if (seenRows.has(row.rowId)) return `answers row '${row.rowId}' twice`;
    seenRows.add(row.rowId);
    if (row.columnIds.some((id) => !columnIds.has(id))) return `names an unknown column in row '${row.rowId}'`;
    if (new Set(row.columnIds).size !== row.columnIds.length) return `names a column twice in row '${row.rowId}'`;
    if (question.type === "MULTIPLE_CHOICE_GRID" && row.columnIds.length > 1) return "takes one column per row";
  }
  return null;
}

/** The option a branching question's answer chose, if any. */
function chosenOption(question: Question, value: unknown): string | undefined {
  if (question.type === "DROPDOWN") return typeof value === "string" ? value : undefined;
  const parsed = ChoiceAnswer.safeParse(value);
  return parsed.success && parsed.data.answers.length === 1 && parsed.data.other.trim() === "" ? parsed.data.answers[0] : undefined;
}

/**
 * The sections a respondent goes through, in order: from the first, each section leads to the next unless its
 * branching question's chosen option names another section (always a later one) or SUBMIT.
 */
export function sectionPath(survey: { sections: Section[]; questions: Question[] }, answerOf: (questionId: string) => unknown): Section[] {
  const questions = new Map(survey.questions.map((question) => [question.id, question]));
  const path: Section[] = [];
  let index = 0;
  while (index < survey.sections.length) {
    const section = survey.sections[index] as Section;
    path.push(section);
    let next = index + 1;
    for (const questionId of section.questions) {
      const question = questions.get(questionId);
      const goTo = question?.details.goTo;
      if (!question || !goTo || !BRANCHING_TYPES.includes(question.type)) continue;
      const option = chosenOption(question, answerOf(questionId));
      const target = option === undefined ? undefined : goTo[option];
      if (target === SUBMIT_TARGET) return path;
      const targetIndex = target === undefined ? -1 : survey.sections.findIndex((s) => s.id === target);
      if (targetIndex > index) next = targetIndex;
    }
    index = next;
  }
  return path;
}

export type SubmissionProblem = { questionId?: string; field?: string; message: string };

const questionName = (question: Question) => `'${question.title.trim() || question.id}'`;

/**
 * The first reason the server refuses a submission (spec 3 §5 "Public submit" and the rules), or null:
 * respondent fields by survey type, answers to unknown or label questions, answers off the taken path, missing
 * required answers and invalid values. Messages name the question's title.
 */
export function submissionProblem(
  survey: { surveyType: SurveyType; sections: Section[]; questions: Question[] },
  submission: Pick<ResponseSubmission, "email" | "firstName" | "lastName" | "organization" | "answers">,
): SubmissionProblem | null {
  const email = submission.email.trim();
  if (survey.surveyType === "EMAIL_ONLY" || survey.surveyType === "USER_DETAILS") {
    if (!email) return { field: "email", message: "Your e-mail address is required" };
  }
  if (email && !SURVEY_EMAIL_PATTERN.test(email)) return { field: "email", message: "Your e-mail address is not valid" };
  if (survey.surveyType === "USER_DETAILS") {
    if (!submission.firstName.trim()) return { field: "firstName", message: "Your first name is required" };
    if (!submission.lastName.trim()) return { field: "lastName", message: "Your last name is required" };
    if (!submission.organization.trim()) return { field: "organization", message: "Your organization is required" };
  }
  const questions = new Map(survey.questions.map((question) => [question.id, question]));
  const answers = new Map<string, unknown>();
  for (const answer of submission.answers) {
    const question = questions.get(answer.id);
    if (!question) return { questionId: answer.id, message: `The survey has no question '${answer.id}'` };
    if (!isAnswerable(question)) return { questionId: answer.id, message: `${questionName(question)} is a label and takes no answer` };
    if (answers.has(answer.id)) return { questionId: answer.id, message: `${questionName(question)} is answered twice` };
    answers.set(answer.id, answer.value);
  }
  const path = sectionPath(survey, (id) => answers.get(id));
  const onPath = new Set(path.flatMap((section) => section.questions));
  for (const [id, value] of answers) {
    if (!onPath.has(id) && !isEmptyAnswer(value)) {
      return { questionId: id, message: `${questionName(questions.get(id) as Question)} is in a section your answers skip` };
    }
  }
  for (const section of path) {
    for (const id of section.questions) {
      const question = questions.get(id);
      if (!question || !isAnswerable(question)) continue;
      const value = answers.get(id);
      if (isEmptyAnswer(value)) {
        if (question.required || question.type === "EMAIL") return { questionId: id, message: `${questionName(question)} is required` };
        continue;
      }
      const problem = answerProblem(question, value);
      if (problem) return { questionId: id, message: `${questionName(question)} ${problem}` };
    }
  }
  return null;
}

/** The answers worth storing: those on the path, not empty, in the survey's question order. */
export function answersToStore(survey: { sections: Section[]; questions: Question[] }, answers: Answer[]): Answer[] {
  const byId = new Map(answers.map((answer) => [answer.id, answer.value]));
  const path = sectionPath(survey, (id) => byId.get(id));
  return path
    .flatMap((section) => section.questions)
    .filter((id) => byId.has(id) && !isEmptyAnswer(byId.get(id)))
    .map((id) => ({ id, value: byId.get(id) }));
}
