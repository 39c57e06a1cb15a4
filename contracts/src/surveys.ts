// Surveys (spec 3 §3, §4, §5, §7, §9): the survey with its sections and questions, responses, summaries, sharing.
// The answer rules live in survey-answers.ts, the states in survey-states.ts, the builder's defaults in survey-builder.ts.
import { z } from "zod";
import { ActivityItem } from "./activity.ts";
import { LIMITS, PageQuery, pageOf, Uuid } from "./common.ts";
import { readOnlyFields, WRITE_TIMESTAMPS } from "./read-back.ts";
import { SurveyTime } from "./survey-timestamps.ts";

export const QUESTION_TYPES = [
  "SHORT_ANSWER",
  "PARAGRAPH",
  "DROPDOWN",
  "MULTIPLE_CHOICE",
  "MULTIPLE_CHOICE_GRID",
  "CHECKBOXES",
  "CHECKBOX_GRID",
  "DATE",
  "TIME",
  "LINEAR_SCALE",
  "EMAIL",
  "LABEL",
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const SURVEY_TYPES = ["ANONYMOUS", "EMAIL_ONLY", "USER_DETAILS", "SIGNED_URL"] as const;
export type SurveyType = (typeof SURVEY_TYPES)[number];

/** Where a branching option leads when it ends the survey instead of opening a section. */
export const SUBMIT_TARGET = "SUBMIT";

export const SURVEY_LIMITS = {
  labelMaxLength: 255,
  descriptionMaxLength: 20_000,
  messageMaxLength: 2000,
  idMaxLength: 64,
  titleMaxLength: 1000,
  sectionsMax: 100,
  questionsMax: 500,
  optionsMax: 200,
  optionMaxLength: 500,
  gridLinesMax: 50,
  scaleMin: 0,
  scaleMax: 10,
  scaleLabelMaxLength: 100,
  shortAnswerMaxLength: 1000,
  paragraphMaxLength: 20_000,
  otherAnswerMaxLength: 1000,
  /** A public submission body, in bytes (checked by the route before parsing). */
  submissionMaxBytes: 512 * 1024,
  surveyMaxBytes: 2 * 1024 * 1024,
  /** Spec 3 §9: response search after more than 3 characters, 800 ms after the last key. */
  searchMinLength: 4,
  searchDebounceMs: 800,
  searchMaxLength: 255,
  responsePageSize: 20,
  /** Spec 3 §9: text summaries show 10 answers, 'View more' adds 20. */
  summaryFirstAnswers: 10,
  summaryMoreAnswers: 20,
  chartLabelMaxLength: 20,
  shareRecipientsMax: 500,
  shareSubjectMaxLength: 255,
  shareMessageMaxLength: 10_000,
  /** Spec 3 §5 and §9: the embed code's size fields. */
  embedMinWidth: 640,
  embedMinHeight: 300,
  embedStep: 10,
  embedBaseHeight: 300,
  embedHeightPerQuestion: 100,
} as const;

export const SURVEY_DEFAULTS = {
  label: "Untitled survey",
  description: "Describe your survey",
  submissionMessage: "Thank you for filling out our survey!",
  surveyType: "ANONYMOUS" as SurveyType,
  locked: true,
  lockedMessage: "This survey is not accepting responses.",
} as const;

/** Spec 3 §4: what a respondent reads instead of the form. The locked message is the survey's own. */
export const RESPONDENT_MESSAGES = {
  notOpenYet: "This survey is not open yet.",
  closed: "This survey is closed.",
  alreadyResponded: "You have already responded to this survey.",
} as const;

const L = SURVEY_LIMITS;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
const ItemId = z
  .string()
  .trim()
  .min(1, { error: "is required" })
  .max(L.idMaxLength, { error: `must be at most ${L.idMaxLength} characters` });

export const GridLine = z.object({ id: ItemId, value: text(L.optionMaxLength) });
export type GridLine = z.infer<typeof GridLine>;

const Options = z.array(text(L.optionMaxLength).min(1, { error: "must not be empty" })).max(L.optionsMax);
/** Branching (beyond the spec): an option of a MULTIPLE_CHOICE or DROPDOWN question opens a section or ends the survey. */
const GoTo = z.record(z.string(), ItemId);

export const QuestionDetails = z.object({
  options: Options.optional(),
  hasOtherOption: z.boolean().optional(),
  goTo: GoTo.optional(),
  rows: z.array(GridLine).max(L.gridLinesMax).optional(),
  columns: z.array(GridLine).max(L.gridLinesMax).optional(),
  from: z.number().int().optional(),
  to: z.number().int().optional(),
  fromLabel: text(L.scaleLabelMaxLength).optional(),
  toLabel: text(L.scaleLabelMaxLength).optional(),
});
export type QuestionDetails = z.infer<typeof QuestionDetails>;

export const Question = z.object({
  id: ItemId,
  title: text(L.titleMaxLength).default(""),
  description: text(L.descriptionMaxLength).default(""),
  type: z.enum(QUESTION_TYPES, { error: `must be one of ${QUESTION_TYPES.join(", ")}` }),
  required: z.boolean().default(false),
  /** The type's empty answer; kept for the builder and the public form's state. */
  value: z.unknown().optional(),
  details: QuestionDetails.default({}),
});
export type Question = z.infer<typeof Question>;
export type QuestionInput = z.input<typeof Question>;

export const Section = z.object({
  id: ItemId,
  title: text(L.titleMaxLength).default(""),
  /** HTML, sanitised by the server. */
  description: text(L.descriptionMaxLength).default(""),
  questions: z.array(ItemId).max(L.questionsMax),
});
export type Section = z.infer<typeof Section>;

/** What create and update take; the cross-field rules (ids, sections, details, dates) are in checkSurveyStructure. */
export const SurveyBody = z.object({
  label: text(L.labelMaxLength).min(1, { error: "is required" }),
  description: text(L.descriptionMaxLength).default(SURVEY_DEFAULTS.description),
  surveyType: z.enum(SURVEY_TYPES, { error: `must be one of ${SURVEY_TYPES.join(", ")}` }).default(SURVEY_DEFAULTS.surveyType),
  openAt: SurveyTime.nullable().default(null),
  closeAt: SurveyTime.nullable().default(null),
  locked: z.boolean().default(SURVEY_DEFAULTS.locked),
  lockedMessage: text(L.messageMaxLength).default(SURVEY_DEFAULTS.lockedMessage),
  submissionMessage: text(L.messageMaxLength).default(SURVEY_DEFAULTS.submissionMessage),
  sections: z.array(Section).max(L.sectionsMax).default([]),
  questions: z.array(Question).max(L.questionsMax).default([]),
});
export type SurveyBody = z.infer<typeof SurveyBody>;
export type SurveyBodyInput = z.input<typeof SurveyBody>;

export const SURVEY_STATES = ["OPEN", "CLOSED"] as const;
export type SurveyState = (typeof SURVEY_STATES)[number];
export const CLOSED_REASONS = ["Expired", "Not accepting responses"] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];

export const SurveySummary = z.object({
  uuid: Uuid,
  label: z.string(),
  description: z.string(),
  surveyType: z.enum(SURVEY_TYPES),
  openAt: z.string().nullable(),
  closeAt: z.string().nullable(),
  locked: z.boolean(),
  state: z.enum(SURVEY_STATES),
  closedReason: z.enum(CLOSED_REASONS).nullable(),
  questionCount: z.number().int(),
  responseCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SurveySummary = z.infer<typeof SurveySummary>;

/** Spec 3 §3 Survey. `email`, `firstName`, `lastName` and `organization` are the respondent's, filled on the public side. */
export const Survey = SurveySummary.extend({
  lockedMessage: z.string(),
  submissionMessage: z.string(),
  sections: z.array(Section),
  questions: z.array(Question),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  organization: z.string(),
});
export type Survey = z.infer<typeof Survey>;
/** What PUT compares when sent: the state and counts follow from the times and the answers, the respondent fields are the public side's. */
export const SURVEY_READ_ONLY_FIELDS = readOnlyFields(Survey, SurveyBody, WRITE_TIMESTAMPS);

export const SurveyListQuery = PageQuery.extend({
  q: text(L.searchMaxLength).optional(),
  sort: z.enum(["createdAt,DESC", "createdAt,ASC", "label,ASC", "label,DESC"]).default("createdAt,DESC"),
});
export type SurveyListQuery = z.infer<typeof SurveyListQuery>;
export const SurveyPage = pageOf(SurveySummary);

export const SurveyParams = z.object({ uuid: Uuid });
export const ResponseParams = z.object({ uuid: Uuid, responseUuid: Uuid });

// ---- Answers and responses ----

export const Answer = z.object({ id: ItemId, value: z.unknown() });
export type Answer = z.infer<typeof Answer>;

/** Spec 3 §7 Public: what a respondent sends. `token` may also come as `?t=`. */
export const ResponseSubmission = z.object({
  token: z.string().max(2000).optional(),
  firstName: text(LIMITS.nameMaxLength).default(""),
  lastName: text(LIMITS.nameMaxLength).default(""),
  email: text(LIMITS.emailMaxLength).default(""),
  organization: text(L.labelMaxLength).default(""),
  answers: z.array(Answer).max(L.questionsMax).default([]),
});
export type ResponseSubmission = z.infer<typeof ResponseSubmission>;
export type ResponseSubmissionInput = z.input<typeof ResponseSubmission>;

export const ResponseListItem = z.object({
  uuid: Uuid,
  createdAt: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  organization: z.string(),
});
export type ResponseListItem = z.infer<typeof ResponseListItem>;

/** One response with the questions and sections as they were when it was given (a later edit never changes it). */
export const SurveyResponse = ResponseListItem.extend({
  answers: z.array(Answer),
  questions: z.array(Question),
  sections: z.array(Section),
});
export type SurveyResponse = z.infer<typeof SurveyResponse>;

export const ResponseListQuery = PageQuery.extend({
  size: PageQuery.shape.size.default(L.responsePageSize),
  q: text(L.searchMaxLength).optional(),
});
export type ResponseListQuery = z.infer<typeof ResponseListQuery>;
export const ResponsePage = pageOf(ResponseListItem);

export const SubmissionAnswer = z.object({ uuid: Uuid });

// ---- Summaries ----

export const ChoiceSummary = z.object({
  kind: z.literal("choices"),
  options: z.array(z.object({ option: z.string(), count: z.number().int() })),
  /** Answers that chose the 'Other' option, and the latest 10 of their texts (more through the answers route). */
  otherCount: z.number().int(),
  otherAnswers: z.array(z.string()),
});
export const GridSummary = z.object({
  kind: z.literal("grid"),
  rows: z.array(
    z.object({
      rowId: z.string(),
      row: z.string(),
      columns: z.array(z.object({ columnId: z.string(), column: z.string(), count: z.number().int() })),
    }),
  ),
});
export const ScaleSummary = z.object({
  kind: z.literal("scale"),
  from: z.number().int(),
  to: z.number().int(),
  fromLabel: z.string(),
  toLabel: z.string(),
  values: z.array(z.object({ value: z.number().int(), count: z.number().int() })),
});
/** Text, paragraph, date, time and e-mail questions: the 10 latest answers; the rest page through the answers route. */
export const TextSummary = z.object({ kind: z.literal("texts"), latest: z.array(z.string()) });
export const AnswerSummary = z.discriminatedUnion("kind", [ChoiceSummary, GridSummary, ScaleSummary, TextSummary]);
export type AnswerSummary = z.infer<typeof AnswerSummary>;

export const QuestionSummary = z.object({
  questionId: z.string(),
  questionType: z.enum(QUESTION_TYPES),
  questionTitle: z.string(),
  /** Responses that answered the question. */
  answerCount: z.number().int(),
  /** Responses whose path (branching) skipped the question's section. */
  notShownCount: z.number().int(),
  answerSummary: AnswerSummary,
});
export type QuestionSummary = z.infer<typeof QuestionSummary>;

export const ResponseSummary = z.object({
  totalResponseCount: z.number().int(),
  sections: z.array(Section),
  totalResponseSummary: z.array(QuestionSummary),
});
export type ResponseSummary = z.infer<typeof ResponseSummary>;

export const PublicSummary = z.object({
  label: z.string(),
  description: z.string(),
  totalResponseCount: z.number().int(),
  sections: z.array(Section),
  totalResponseSummary: z.array(QuestionSummary),
});
export type PublicSummary = z.infer<typeof PublicSummary>;

export const SummaryAnswersParams = z.object({ uuid: Uuid, questionId: ItemId });
/** 'View more': page 0 = answers 11 to 30, newest first. */
export const SummaryAnswersQuery = z.object({ page: PageQuery.shape.page });
export const SummaryAnswersPage = z.object({ answers: z.array(z.string()), last: z.boolean() });
export type SummaryAnswersPage = z.infer<typeof SummaryAnswersPage>;

// ---- Public ----

/** What a respondent needs: never responses, contacts or who made the survey. */
export const PublicSurvey = z.object({
  uuid: Uuid,
  label: z.string(),
  description: z.string(),
  surveyType: z.enum(SURVEY_TYPES),
  submissionMessage: z.string(),
  sections: z.array(Section),
  questions: z.array(Question),
  /** Filled from a personal (e-mailed) link. */
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  organization: z.string(),
});
export type PublicSurvey = z.infer<typeof PublicSurvey>;

export const PublicSurveyQuery = z.object({ t: z.string().max(2000).optional() });
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

// ---- Sharing and activity ----

export const ShareBody = z.object({
  subject: text(L.shareSubjectMaxLength).min(1, { error: "is required" }),
  message: text(L.shareMessageMaxLength).min(1, { error: "is required" }),
  toRecipients: z
    .array(z.string().trim().max(LIMITS.emailMaxLength))
    .min(1, { error: "needs at least one recipient" })
    .max(L.shareRecipientsMax, { error: `takes at most ${L.shareRecipientsMax} recipients a time` }),
});
export type ShareBody = z.infer<typeof ShareBody>;
export const ShareResult = z.object({ sent: z.number().int() });
export type ShareResult = z.infer<typeof ShareResult>;
/** The Share modal's link: `${origin}/${tenant}/survey/${uuid}?t=${token}` (the token is not personal). */
export const SurveyLink = z.object({ url: z.string(), token: z.string() });
export type SurveyLink = z.infer<typeof SurveyLink>;

export const SurveyActivityPage = pageOf(ActivityItem);

/** The export's file name: `<label>-responses.xlsx`. */
export function surveyExportFileName(label: string): string {
  return `${label.trim() || SURVEY_DEFAULTS.label}-responses.xlsx`;
}

/** Spec 3 §9: the embed's default height, 300 + 100 per question. */
export function defaultEmbedHeight(questionCount: number): number {
  return L.embedBaseHeight + L.embedHeightPerQuestion * questionCount;
}
