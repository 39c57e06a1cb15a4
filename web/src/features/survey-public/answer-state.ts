// The respondent's form as plain data (spec 3 §5): the starting answers (a required dropdown preselects its first
// option), the respondent fields each survey type asks for, what each field shows as invalid, which sections the
// answers lead through (branching), and the submission the server receives.
import {
  answerProblem,
  answersToStore,
  emptyAnswer,
  isAnswerable,
  isEmptyAnswer,
  type PublicSurvey,
  type Question,
  type ResponseSubmissionInput,
  type Section,
  SURVEY_EMAIL_PATTERN,
  type SurveyType,
  sectionPath,
  submissionProblem,
} from "@repox/contracts";

export type Answers = Record<string, unknown>;
export type Respondent = { email: string; firstName: string; lastName: string; organization: string };
export type RespondentField = keyof Respondent;

export type SurveyShape = Pick<PublicSurvey, "surveyType" | "sections" | "questions">;

/** What a field shows under it: nothing, 'required', a bad e-mail, or the contract's own phrase. */
export type FieldProblem = { kind: "required" } | { kind: "email" } | { kind: "invalid"; text: string } | null;

export function initialAnswers(survey: Pick<PublicSurvey, "questions">): Answers {
  const answers: Answers = {};
  for (const question of survey.questions) {
    if (!isAnswerable(question)) continue;
    const firstOption = question.details.options?.[0];
    answers[question.id] =
      question.type === "DROPDOWN" && question.required && firstOption !== undefined ? firstOption : emptyAnswer(question.type);
  }
  return answers;
}

/** Answers kept from an earlier visit, keeping only those that still fit the survey's questions. */
export function restoredAnswers(survey: Pick<PublicSurvey, "questions">, stored: Answers): Answers {
  const answers = initialAnswers(survey);
  for (const question of survey.questions) {
    if (!isAnswerable(question) || !(question.id in stored)) continue;
    const value = stored[question.id];
    if (isEmptyAnswer(value) || answerProblem(question, value) === null) answers[question.id] = value;
  }
  return answers;
}

/** Spec 3 §2: an e-mail survey asks for the e-mail, a full-details one for e-mail, names and organization. */
export function respondentFields(surveyType: SurveyType, personalEmail: string): RespondentField[] {
  if (surveyType === "USER_DETAILS") return ["email", "firstName", "lastName", "organization"];
  if (surveyType === "EMAIL_ONLY" || personalEmail) return ["email"];
  return [];
}

export function initialRespondent(survey: Pick<PublicSurvey, "email" | "firstName" | "lastName" | "organization">): Respondent {
  return { email: survey.email, firstName: survey.firstName, lastName: survey.lastName, organization: survey.organization };
}

export function respondentProblem(surveyType: SurveyType, field: RespondentField, value: string): FieldProblem {
  const text = value.trim();
  const isRequired = surveyType === "USER_DETAILS" || (field === "email" && surveyType === "EMAIL_ONLY");
  if (!text) return isRequired ? { kind: "required" } : null;
  if (field === "email" && !SURVEY_EMAIL_PATTERN.test(text)) return { kind: "email" };
  return null;
}

/** Spec 3 §5: required shows only on answerable questions; an e-mail question is always required. */
export function questionProblem(question: Question, value: unknown): FieldProblem {
  if (!isAnswerable(question)) return null;
  if (isEmptyAnswer(value)) return question.required || question.type === "EMAIL" ? { kind: "required" } : null;
  const problem = answerProblem(question, value);
  if (!problem) return null;
  return question.type === "EMAIL" ? { kind: "email" } : { kind: "invalid", text: problem };
}

const answerList = (answers: Answers) => Object.entries(answers).map(([id, value]) => ({ id, value }));

/** The sections the answers lead through, in order. */
export function pathOf(survey: SurveyShape, answers: Answers): Section[] {
  return sectionPath(survey, (id) => answers[id]);
}

/** Where Next and Back go from `sectionId`, and whether it is the last section of the path (Submit instead of Next). */
export function navigation(survey: SurveyShape, answers: Answers, sectionId: string | null) {
  const path = pathOf(survey, answers);
  const found = path.findIndex((section) => section.id === sectionId);
  const index = found < 0 ? 0 : found;
  return {
    path,
    index,
    section: path[index] ?? null,
    previous: index > 0 ? (path[index - 1]?.id ?? null) : null,
    next: path[index + 1]?.id ?? null,
    isLast: index >= path.length - 1,
  };
}

/** Whether a section's questions hold anything that stops the respondent going on (Next disabled). */
export function sectionHasProblems(survey: SurveyShape, answers: Answers, section: Section | null): boolean {
  if (!section) return false;
  const questions = new Map(survey.questions.map((question) => [question.id, question]));
  return section.questions.some((id) => {
    const question = questions.get(id);
    return question !== undefined && questionProblem(question, answers[id]) !== null;
  });
}

/** The submission the server receives: trimmed respondent fields and the non-empty answers on the path taken. */
export function toSubmission(
  survey: SurveyShape,
  answers: Answers,
  respondent: Respondent,
  token: string | undefined,
): ResponseSubmissionInput {
  const fields = respondentFields(survey.surveyType, "");
  const keep = (field: RespondentField) => (fields.includes(field) || field === "email" ? respondent[field].trim() : "");
  return {
    ...(token ? { token } : {}),
    email: keep("email"),
    firstName: keep("firstName"),
    lastName: keep("lastName"),
    organization: keep("organization"),
    answers: answersToStore(survey, answerList(answers)),
  };
}

/** Spec 3 §5 Public submit: Submit stays disabled while the server would refuse the submission. */
export function canSubmit(survey: SurveyShape, answers: Answers, respondent: Respondent): boolean {
  const submission = toSubmission(survey, answers, respondent, undefined);
  return (
    submissionProblem(survey, {
      email: submission.email ?? "",
      firstName: submission.firstName ?? "",
      lastName: submission.lastName ?? "",
      organization: submission.organization ?? "",
      answers: submission.answers ?? [],
    }) === null
  );
}
