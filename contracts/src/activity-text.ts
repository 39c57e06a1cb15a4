// Activity entries in words: one renderer for the server's English description and the web's texts in the reader's
// language. The web passes its i18next `t` (with `activity.` in front of each key); the server passes englishActivityText.
import type { ActivityParams, SurveyActivityField } from "./activity.ts";
import type { SurveyType } from "./surveys.ts";

/** The English texts, i18next-style ({{name}} placeholders, `_one`/`_other` for counted keys); the web's `activity` texts. */
export const activityEn = {
  created: "Created in {{parent}}",
  createdTop: "Created at the top level",
  imported: "Imported into {{parent}}",
  importedTop: "Imported at the top level",
  uploaded: "Uploaded into {{container}}",
  renamed: "Renamed from {{from}} to {{to}}",
  fieldsChanged: "Changed {{fields}}",
  colorSet: "Set the colour to {{color}}",
  colorRemoved: "Removed the colour",
  topLevel: "the top level",
  moved: "Moved from {{from}} to {{to}}",
  linked: "Linked into {{to}}",
  linkedTop: "Linked to the top level",
  published: "Published",
  unpublished: "Unpublished",
  exported: "Exported as {{format}}",
  exportedWithMetadata: "Exported as {{format}} with metadata",
  archive: "{{exported}} ({{folders}} folder(s) and {{files}} file(s) in the archive)",
  removed: "Removed from {{from}}",
  trashed: "Moved to the trash",
  containerTrashed: "Removed from {{from}} and moved to the trash",
  containerTrashedWith: "Removed from {{from}} and moved to the trash with {{inside}} inside",
  both: "{{first}} and {{second}}",
  containerCount_one: "{{count}} container",
  containerCount_other: "{{count}} containers",
  datastreamCount_one: "{{count}} datastream",
  datastreamCount_other: "{{count}} datastreams",
  restored: "Restored into {{to}}",
  restoredTop: "Restored to the top level",
  deleted: "Deleted {{label}} for good",
  tagged: "Tagged {{tag}}",
  untagged: "Removed the tag {{tag}}",
  starred: "Added to starred",
  unstarred: "Removed from starred",
  descriptionChanged: "Changed the description",
  fileReplaced: "Replaced the file",
  websiteCreated: "Created website {{name}}",
  storyAssigned: "Assigned story {{title}}",
  storyUnassigned: "Removed story {{title}}",
  storyUnassignedGone: "Removed the story",
  screenCreated: "Created screen {{name}}",
  paired: "Paired the screen with a player",
  unpaired: "Unpaired the screen",
  storyPushed: "Pushed story {{title}}",
  storyRemoved: "Removed the story",
  guideCreated: "Created guide {{title}}",
  guideUpdated: "Updated the guide",
  guidePublished: "Published the guide",
  guideUnpublished: "Unpublished the guide",
  guideDeleted: "Deleted the guide",
  surveyCreated: "Created the survey {{label}}",
  surveyName: "Changed the name from {{from}} to {{to}}",
  surveyDescription: "Changed the description",
  surveyType: "Changed the survey type from {{from}} to {{to}}",
  surveyOpenAt: "Changed the open date from {{from}} to {{to}}",
  surveyCloseAt: "Changed the close date from {{from}} to {{to}}",
  surveyLockedMessage: "Changed the message for respondents",
  surveySubmissionMessage: "Changed the submission message",
  surveyQuestions: "Changed the questions",
  noDate: "none",
  typeAnonymous: "Anonymous",
  typeEmailOnly: "E-mail only",
  typeUserDetails: "User details",
  typeSignedUrl: "Signed link",
  locked: "Locked the survey: it does not accept responses",
  unlocked: "Unlocked the survey: it accepts responses",
  responseDeleted: "Deleted a response",
  responsesDeleted_one: "Deleted all responses ({{count}} response)",
  responsesDeleted_other: "Deleted all responses ({{count}} responses)",
  shared_one: "Shared with {{count}} recipient",
  shared_other: "Shared with {{count}} recipients",
};

/** A key of activityEn without its plural suffix: what the renderer asks for. */
export type ActivityTextKey = {
  [K in keyof typeof activityEn]: K extends `${infer Base}_${"one" | "other"}` ? Base : K;
}[keyof typeof activityEn];

export type ActivityValues = Record<string, string | number>;
/** Looks a text up and fills its placeholders; a `count` value picks the plural form. */
export type ActivityTranslate = (key: ActivityTextKey, values?: ActivityValues) => string;

const quoted = (text: string) => `'${text}'`;

const SURVEY_FIELD_KEYS: Record<SurveyActivityField, ActivityTextKey> = {
  name: "surveyName",
  description: "surveyDescription",
  surveyType: "surveyType",
  openAt: "surveyOpenAt",
  closeAt: "surveyCloseAt",
  lockedMessage: "surveyLockedMessage",
  submissionMessage: "surveySubmissionMessage",
  questions: "surveyQuestions",
};

const SURVEY_TYPE_KEYS: Record<SurveyType, ActivityTextKey> = {
  ANONYMOUS: "typeAnonymous",
  EMAIL_ONLY: "typeEmailOnly",
  USER_DETAILS: "typeUserDetails",
  SIGNED_URL: "typeSignedUrl",
};

function surveyValue(t: ActivityTranslate, field: SurveyActivityField, value: string | null): string {
  if (field === "name") return quoted(value ?? "");
  if (field === "surveyType") {
    const key = SURVEY_TYPE_KEYS[value as SurveyType];
    return key ? t(key) : (value ?? "");
  }
  // Dates as the server stores them: "2026-05-01 09:00 UTC", the same in every language.
  return value ? `${value.replace("T", " ")} UTC` : t("noDate");
}

/** The sentence of one entry, through `t`. */
export function renderActivity(params: ActivityParams, t: ActivityTranslate): string {
  const place = (label: string | null) => (label === null ? t("topLevel") : quoted(label));
  switch (params.what) {
    case "created":
    case "imported":
      return params.parent === null ? t(`${params.what}Top`) : t(params.what, { parent: quoted(params.parent) });
    case "uploaded":
      return t("uploaded", { container: quoted(params.container) });
    case "updated": {
      const parts = [
        ...(params.renamed ? [t("renamed", { from: quoted(params.renamed.from), to: quoted(params.renamed.to) })] : []),
        ...(params.fields.length > 0 ? [t("fieldsChanged", { fields: params.fields.join(", ") })] : []),
      ];
      return parts.join("; ");
    }
    case "renamed":
      return t("renamed", { from: quoted(params.from), to: quoted(params.to) });
    case "colorSet":
      return t("colorSet", { color: params.color });
    case "moved":
      return t("moved", { from: place(params.from), to: place(params.to) });
    case "linked":
      return params.to === null ? t("linkedTop") : t("linked", { to: quoted(params.to) });
    case "exported": {
      const exported = t(params.metadata ? "exportedWithMetadata" : "exported", { format: params.format });
      return params.archive ? t("archive", { exported, ...params.archive }) : exported;
    }
    case "removed":
      return t("removed", { from: place(params.from) });
    case "containerTrashed": {
      const parts = [
        ...(params.containers > 0 ? [t("containerCount", { count: params.containers })] : []),
        ...(params.datastreams > 0 ? [t("datastreamCount", { count: params.datastreams })] : []),
      ];
      const from = place(params.from);
      if (parts.length === 0) return t("containerTrashed", { from });
      const [first = "", second] = parts;
      const inside = second === undefined ? first : t("both", { first, second });
      return t("containerTrashedWith", { from, inside });
    }
    case "restored":
      return params.to === null ? t("restoredTop") : t("restored", { to: quoted(params.to) });
    case "deleted":
      return t("deleted", { label: quoted(params.label) });
    case "tagged":
    case "untagged":
      return t(params.what, { tag: quoted(params.tag) });
    case "websiteCreated":
    case "screenCreated":
      return t(params.what, { name: quoted(params.name) });
    case "storyAssigned":
    case "storyPushed":
    case "guideCreated":
      return t(params.what, { title: quoted(params.title) });
    case "storyUnassigned":
      return params.title === null ? t("storyUnassignedGone") : t("storyUnassigned", { title: quoted(params.title) });
    case "surveyCreated":
      return t("surveyCreated", { label: quoted(params.label) });
    case "surveyChanged": {
      const key = SURVEY_FIELD_KEYS[params.field];
      if (params.from === null && params.to === null && !["openAt", "closeAt"].includes(params.field)) return t(key);
      return t(key, { from: surveyValue(t, params.field, params.from), to: surveyValue(t, params.field, params.to) });
    }
    case "responsesDeleted":
    case "shared":
      return t(params.what, { count: params.count });
    default:
      return t(params.what);
  }
}

const englishPlural = new Intl.PluralRules("en");

/** The English `t`: the server's descriptions. */
export const englishActivityText: ActivityTranslate = (key, values = {}) => {
  const texts: Record<string, string> = activityEn;
  const counted = typeof values.count === "number" ? texts[`${key}_${englishPlural.select(values.count)}`] : undefined;
  const text = counted ?? texts[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
};

/** The English sentence of an entry, as the API's `description`. */
export const describeActivity = (params: ActivityParams): string => renderActivity(params, englishActivityText);
