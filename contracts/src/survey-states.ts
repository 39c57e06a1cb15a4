// Survey states (spec 3 §4), computed from the survey's times and lock at a given moment: the list's OPEN/CLOSED with
// its reason, the editor's banner, and what a respondent is told instead of the form (the locked check comes last).
import { parseSurveyTime } from "./survey-timestamps.ts";
import { type ClosedReason, RESPONDENT_MESSAGES, SURVEY_DEFAULTS, type SurveyState } from "./surveys.ts";

type Timed = { openAt: string | null; closeAt: string | null; locked: boolean; lockedMessage?: string };

const hasPassed = (time: string | null, now: number) => time !== null && parseSurveyTime(time) <= now;

/** The list: OPEN when not locked and the close time has not passed; otherwise CLOSED with 'Expired' or 'Not accepting responses'. */
export function surveyListState(survey: Timed, now = Date.now()): { state: SurveyState; closedReason: ClosedReason | null } {
  if (survey.locked) return { state: "CLOSED", closedReason: "Not accepting responses" };
  if (hasPassed(survey.closeAt, now)) return { state: "CLOSED", closedReason: "Expired" };
  return { state: "OPEN", closedReason: null };
}

/** The editor's banner: which state the survey is in for respondents right now. */
export type EditorSurveyState = "CLOSED" | "NOT_OPEN_YET" | "LOCKED" | "ACCEPTING";
export function editorSurveyState(survey: Timed, now = Date.now()): EditorSurveyState {
  if (hasPassed(survey.closeAt, now)) return "CLOSED";
  if (survey.openAt !== null && !hasPassed(survey.openAt, now)) return "NOT_OPEN_YET";
  if (survey.locked) return "LOCKED";
  return "ACCEPTING";
}

/** What a respondent reads instead of the form, or null while the survey takes answers. */
export function respondentRefusal(survey: Timed, now = Date.now()): string | null {
  switch (editorSurveyState(survey, now)) {
    case "CLOSED":
      return RESPONDENT_MESSAGES.closed;
    case "NOT_OPEN_YET":
      return RESPONDENT_MESSAGES.notOpenYet;
    case "LOCKED":
      return survey.lockedMessage?.trim() || SURVEY_DEFAULTS.lockedMessage;
    default:
      return null;
  }
}
