// The survey editor's banners (spec 3 §4): the danger banner of a closed survey, the one of a survey not open yet, and
// the warning of a locked one. A locked survey keeps its warning beside the others: 'This survey will open at …' alone
// would promise answers that the lock still refuses when that time comes.
import { editorSurveyState } from "@repox/contracts";

export type EditorBanner = { kind: "closed"; at: string } | { kind: "notOpenYet"; at: string } | { kind: "locked" };

type Timed = { openAt: string | null; closeAt: string | null; locked: boolean };

export function editorBanners(survey: Timed, now = Date.now()): EditorBanner[] {
  const banners: EditorBanner[] = [];
  const state = editorSurveyState(survey, now);
  if (state === "CLOSED" && survey.closeAt) banners.push({ kind: "closed", at: survey.closeAt });
  if (state === "NOT_OPEN_YET" && survey.openAt) banners.push({ kind: "notOpenYet", at: survey.openAt });
  if (survey.locked) banners.push({ kind: "locked" });
  return banners;
}
