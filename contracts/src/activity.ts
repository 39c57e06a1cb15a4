// The activity log (ARCHITECTURE §4 "Activity"): every change to a container, datastream, survey, screen or website
// appends one item; Activity tabs read them newest first, 20 a page (spec 1 §9).
import { z } from "zod";
import { PageQuery } from "./common.ts";

export const ACTIVITY_PAGE_SIZE = 20;

/** Who did it; null when that user has been deleted since. */
export const ActivityUser = z.object({ uuid: z.string(), username: z.string(), firstname: z.string(), lastname: z.string() });
export type ActivityUser = z.infer<typeof ActivityUser>;

/** A container's label, or null for the top level. */
const Place = z.string().nullable();
const Changed = z.object({ from: z.string(), to: z.string() });

/** The fields of a survey an update can change, one activity entry each. */
export const SURVEY_ACTIVITY_FIELDS = [
  "name",
  "description",
  "surveyType",
  "openAt",
  "closeAt",
  "lockedMessage",
  "submissionMessage",
  "questions",
] as const;
export type SurveyActivityField = (typeof SURVEY_ACTIVITY_FIELDS)[number];

/**
 * What an entry means, without words: `what` names the sentence (an `activity.<what>` text in every UI language) and
 * the rest are its parameters — names, labels and counts as they are, never translated. `action` stays the coarser
 * code it always was (several sentences share one action, e.g. survey "changed").
 */
export const ActivityParams = z.discriminatedUnion("what", [
  z.object({ what: z.literal("created"), parent: Place }),
  z.object({ what: z.literal("imported"), parent: Place }),
  z.object({ what: z.literal("uploaded"), container: z.string() }),
  z.object({ what: z.literal("updated"), renamed: Changed.nullable(), fields: z.array(z.string()) }),
  z.object({ what: z.literal("renamed"), from: z.string(), to: z.string() }),
  z.object({ what: z.literal("colorSet"), color: z.string() }),
  z.object({ what: z.literal("colorRemoved") }),
  z.object({ what: z.literal("moved"), from: Place, to: Place }),
  z.object({ what: z.literal("linked"), to: Place }),
  z.object({ what: z.literal("published") }),
  z.object({ what: z.literal("unpublished") }),
  z.object({
    what: z.literal("exported"),
    format: z.enum(["ZIP", "TAR.GZ"]),
    metadata: z.boolean(),
    /** What the archive held; null for a datastream's entry. */
    archive: z.object({ folders: z.number().int(), files: z.number().int() }).nullable(),
  }),
  z.object({ what: z.literal("removed"), from: Place }),
  z.object({ what: z.literal("trashed") }),
  z.object({ what: z.literal("containerTrashed"), from: Place, containers: z.number().int(), datastreams: z.number().int() }),
  z.object({ what: z.literal("restored"), to: Place }),
  z.object({ what: z.literal("deleted"), label: z.string() }),
  z.object({ what: z.literal("tagged"), tag: z.string() }),
  z.object({ what: z.literal("untagged"), tag: z.string() }),
  z.object({ what: z.literal("starred") }),
  z.object({ what: z.literal("unstarred") }),
  z.object({ what: z.literal("descriptionChanged") }),
  z.object({ what: z.literal("fileReplaced") }),
  z.object({ what: z.literal("websiteCreated"), name: z.string() }),
  z.object({ what: z.literal("storyAssigned"), title: z.string() }),
  z.object({ what: z.literal("storyUnassigned"), title: z.string().nullable() }),
  z.object({ what: z.literal("screenCreated"), name: z.string() }),
  z.object({ what: z.literal("paired") }),
  z.object({ what: z.literal("unpaired") }),
  z.object({ what: z.literal("storyPushed"), title: z.string() }),
  z.object({ what: z.literal("storyRemoved") }),
  z.object({ what: z.literal("guideCreated"), title: z.string() }),
  z.object({ what: z.literal("guideUpdated") }),
  z.object({ what: z.literal("guidePublished") }),
  z.object({ what: z.literal("guideUnpublished") }),
  z.object({ what: z.literal("guideDeleted") }),
  z.object({ what: z.literal("surveyCreated"), label: z.string() }),
  /** from/to: the name, the survey type code, or the ISO date-time (null: none); null for fields told without values. */
  z.object({
    what: z.literal("surveyChanged"),
    field: z.enum(SURVEY_ACTIVITY_FIELDS),
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
  z.object({ what: z.literal("locked") }),
  z.object({ what: z.literal("unlocked") }),
  z.object({ what: z.literal("responseDeleted") }),
  z.object({ what: z.literal("responsesDeleted"), count: z.number().int() }),
  z.object({ what: z.literal("shared"), count: z.number().int() }),
]);
export type ActivityParams = z.infer<typeof ActivityParams>;

export const ActivityItem = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** A code such as created, updated, renamed, colored, moved, linked. */
  action: z.string(),
  /**
   * What changed, in an English sentence without the actor: "Renamed from 'Draft' to 'Final'" (rendered from params;
   * as it was stored for entries older than params).
   */
  description: z.string(),
  /** The entry's meaning, for a sentence in the reader's language; null for entries recorded before params existed. */
  params: ActivityParams.nullable(),
  user: ActivityUser.nullable(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;

export const ActivityQuery = PageQuery.extend({ size: PageQuery.shape.size.default(ACTIVITY_PAGE_SIZE) });
export type ActivityQuery = z.infer<typeof ActivityQuery>;
