// What an update changed, as activity entries (field codes and values; the Activity tab puts them in words).
import { isDeepStrictEqual } from "node:util";
import type { ActivityParams, Question, Section, SurveyActivityField } from "@repox/contracts";
import type { ActivityEntry } from "../../platform/activity/activity.ts";

export type StoredSurvey = {
  label: string;
  description: string;
  surveyType: string;
  openAt: string | null;
  closeAt: string | null;
  locked: boolean;
  lockedMessage: string;
  submissionMessage: string;
  sections: Section[];
  questions: Question[];
};

/** Compared as stored JSON, so key order and undefined members do not count as changes. */
export function sameStructure(a: Pick<StoredSurvey, "sections" | "questions">, b: Pick<StoredSurvey, "sections" | "questions">): boolean {
  const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
  return isDeepStrictEqual(plain(a.sections), plain(b.sections)) && isDeepStrictEqual(plain(a.questions), plain(b.questions));
}

/** The activity entries of an update, one per thing changed; none when nothing did. */
export function describeChanges(surveyId: string, before: StoredSurvey, after: StoredSurvey): ActivityEntry[] {
  const entry = (action: string, params: ActivityParams): ActivityEntry => ({ objectType: "survey", objectId: surveyId, action, params });
  const changed = (field: SurveyActivityField, from: string | null = null, to: string | null = null) =>
    entry("changed", { what: "surveyChanged", field, from, to });
  const entries: ActivityEntry[] = [];
  if (before.label !== after.label) entries.push(changed("name", before.label, after.label));
  if (before.description !== after.description) entries.push(changed("description"));
  if (before.surveyType !== after.surveyType) entries.push(changed("surveyType", before.surveyType, after.surveyType));
  if (before.openAt !== after.openAt) entries.push(changed("openAt", before.openAt, after.openAt));
  if (before.closeAt !== after.closeAt) entries.push(changed("closeAt", before.closeAt, after.closeAt));
  if (before.lockedMessage !== after.lockedMessage) entries.push(changed("lockedMessage"));
  if (before.submissionMessage !== after.submissionMessage) entries.push(changed("submissionMessage"));
  if (!sameStructure(before, after)) entries.push(changed("questions"));
  if (before.locked !== after.locked) {
    entries.push(after.locked ? entry("locked", { what: "locked" }) : entry("unlocked", { what: "unlocked" }));
  }
  return entries;
}
