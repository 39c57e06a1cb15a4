// The survey the editor holds while it is being changed: made from the server's survey (or the defaults of a new one),
// turned into the body create and update take, compared with what was saved, and checked with the server's own schema.
import {
  CheckedSurveyBody,
  formatSurveyTime,
  NEW_QUESTION_TYPE,
  normalizeQuestion,
  type Question,
  SURVEY_DEFAULTS,
  type Survey,
  type SurveyBody,
  type SurveyBodyInput,
} from "@repox/contracts";

export type SurveyDraft = SurveyBody;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A fresh id for a question, section, grid row or column (client-chosen, unique in the survey). */
export function newItemId(prefix: "q" | "s" | "row" | "column"): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

export function newQuestion(title: string): Question {
  return normalizeQuestion({ id: newItemId("q"), title, description: "", type: NEW_QUESTION_TYPE, required: false, details: {} });
}

/** Spec 3 §3: the defaults, closing one day after the editor opened; one section with one question to start from. */
export function newSurveyDraft(titles: { section: string; question: string }, now = Date.now()): SurveyDraft {
  const question = newQuestion(titles.question);
  return {
    label: SURVEY_DEFAULTS.label,
    description: SURVEY_DEFAULTS.description,
    surveyType: SURVEY_DEFAULTS.surveyType,
    openAt: null,
    closeAt: formatSurveyTime(now + DAY_MS),
    locked: SURVEY_DEFAULTS.locked,
    lockedMessage: SURVEY_DEFAULTS.lockedMessage,
    submissionMessage: SURVEY_DEFAULTS.submissionMessage,
    sections: [{ id: newItemId("s"), title: titles.section, description: "", questions: [question.id] }],
    questions: [question],
  };
}

export function draftFromSurvey(survey: Survey): SurveyDraft {
  const { label, description, surveyType, openAt, closeAt, locked, lockedMessage, submissionMessage, sections, questions } = survey;
  return { label, description, surveyType, openAt, closeAt, locked, lockedMessage, submissionMessage, sections, questions };
}

/** The create/update body: questions in the order the sections show them, each in its type's normal form. */
export function draftToBody(draft: SurveyDraft): SurveyBodyInput {
  const byId = new Map(draft.questions.map((question) => [question.id, question]));
  const ordered = draft.sections.flatMap((section) => section.questions.flatMap((id) => byId.get(id) ?? []));
  const placed = new Set(ordered.map((question) => question.id));
  const questions = [...ordered, ...draft.questions.filter((question) => !placed.has(question.id))].map(normalizeQuestion);
  return { ...draft, label: draft.label.trim(), questions };
}

/** Whether the draft differs from what the server holds (Save is enabled only then). */
export function isDraftChanged(draft: SurveyDraft, saved: SurveyDraft): boolean {
  return JSON.stringify(draftToBody(draft)) !== JSON.stringify(draftToBody(saved));
}

/**
 * What the server would refuse, keyed by where the editor shows it: `label`, `openAt`, `closeAt`, `lockedMessage`,
 * `question:{id}` and `section:{id}` (the first problem of each).
 */
/** The message survey-structure.ts gives `openAt` when it is not before `closeAt`. */
const OPEN_BEFORE_CLOSE = "must be before closeAt";
/** Stands for the date-order problem in DraftIssues; the fields show their own texts for it. */
export const DATE_ORDER_ISSUE = "dateOrder";

export type DraftIssues = Record<string, string>;

export function draftIssues(draft: SurveyDraft): DraftIssues {
  const body = draftToBody(draft);
  const result = CheckedSurveyBody.safeParse(body);
  if (result.success) return {};
  const issues: DraftIssues = {};
  const questions = body.questions ?? [];
  const sections = body.sections ?? [];
  const names = new Map<string, string>();
  for (const item of [...questions, ...sections]) if (item.title?.trim()) names.set(item.id, item.title.trim());
  for (const issue of result.error.issues) {
    const [head, index] = issue.path;
    let key = String(head);
    if (head === "questions" && typeof index === "number") key = `question:${questions[index]?.id}`;
    if (head === "sections" && typeof index === "number") key = `section:${sections[index]?.id}`;
    // The open-before-close rule is shown on both date fields, in the UI language.
    const isDateOrder = head === "openAt" && issue.message === OPEN_BEFORE_CLOSE;
    if (isDateOrder) issues.closeAt ??= DATE_ORDER_ISSUE;
    issues[key] ??= isDateOrder ? DATE_ORDER_ISSUE : readableIssue(issue.path, issue.message, names);
  }
  return issues;
}

/**
 * The schema names items by id ("of 'q-…' must be greater than 'from'"); the editor names them by title and says which
 * field ("to of 'Scale' must be greater than 'from'").
 */
function readableIssue(path: PropertyKey[], message: string, names: Map<string, string>): string {
  const field = [...path].reverse().find((segment) => typeof segment === "string" && segment !== "details");
  const named = message.replace(/'([^']+)'/g, (quoted, id: string) => {
    const name = names.get(id);
    return name ? `'${name}'` : quoted;
  });
  return named.startsWith("of ") && typeof field === "string" ? `${field} ${named}` : named;
}
