// What an update changed, in the words of the survey's Activity tab ("Changed the name from 'A' to 'B'").
import { isDeepStrictEqual } from "node:util";
import type { Question, Section } from "@repox/contracts";
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

const quoted = (text: string) => `'${text}'`;
const when = (time: string | null) => (time ? `${time.replace("T", " ")} UTC` : "none");

/** The activity entries of an update, one per thing changed; none when nothing did. */
export function describeChanges(surveyId: string, before: StoredSurvey, after: StoredSurvey): ActivityEntry[] {
  const entry = (action: string, description: string): ActivityEntry => ({ objectType: "survey", objectId: surveyId, action, description });
  const entries: ActivityEntry[] = [];
  if (before.label !== after.label)
    entries.push(entry("changed", `Changed the name from ${quoted(before.label)} to ${quoted(after.label)}`));
  if (before.description !== after.description) entries.push(entry("changed", "Changed the description"));
  if (before.surveyType !== after.surveyType) {
    entries.push(entry("changed", `Changed the survey type from ${before.surveyType} to ${after.surveyType}`));
  }
  if (before.openAt !== after.openAt)
    entries.push(entry("changed", `Changed the open date from ${when(before.openAt)} to ${when(after.openAt)}`));
  if (before.closeAt !== after.closeAt) {
    entries.push(entry("changed", `Changed the close date from ${when(before.closeAt)} to ${when(after.closeAt)}`));
  }
  if (before.lockedMessage !== after.lockedMessage) entries.push(entry("changed", "Changed the message for respondents"));
  if (before.submissionMessage !== after.submissionMessage) entries.push(entry("changed", "Changed the submission message"));
  if (!sameStructure(before, after)) entries.push(entry("changed", "Changed the questions"));
  if (before.locked !== after.locked) {
    entries.push(
      after.locked
        ? entry("locked", "Locked the survey: it does not accept responses")
        : entry("unlocked", "Unlocked the survey: it accepts responses"),
    );
  }
  return entries;
}
