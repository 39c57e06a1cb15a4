// Stories (spec 3 §3, §7 Stories): the list, the story as read, the create and update bodies, story tags and slide
// templates. The content of a story (`storyDetails`) is in story-details.ts, fixed values in story-constants.ts.
import { z } from "zod";
import { LIMITS, PageQuery, pageOf, Uuid } from "./common.ts";
import { idOrReference, readOnlyFields, WRITE_TIMESTAMPS } from "./read-back.ts";
import {
  ASPECT_RATIOS,
  type AspectRatio,
  ORIENTATIONS,
  type Orientation,
  SELECTABLE_STORY_TYPES,
  STORY_LIMITS,
  STORY_TYPES,
} from "./story-constants.ts";
import { SlideDetails, StoryColor, StoryDetails } from "./story-details.ts";

const L = STORY_LIMITS;

const missingOr = (wrongKind: string) => (issue: { input?: unknown }) => (issue.input === undefined ? "is required" : wrongKind);
const trimmed = (max: number) =>
  z
    .string({ error: missingOr("must be text") })
    .trim()
    .max(max, { error: `must be at most ${max} characters` });

export const AspectRatioName = z.enum(ASPECT_RATIOS, { error: missingOr(`must be one of ${ASPECT_RATIOS.join(", ")}`) });
export const OrientationName = z.enum(ORIENTATIONS, { error: missingOr(`must be one of ${ORIENTATIONS.join(", ")}`) });
/** Only SLIDESHOW can be chosen (spec 3 §2); the read shape knows all three. */
const SelectableStoryType = z
  .enum(SELECTABLE_STORY_TYPES, { error: missingOr(`must be ${SELECTABLE_STORY_TYPES.join(", ")}: other story types cannot be made`) })
  .default("SLIDESHOW");

const Title = trimmed(L.titleMaxLength).min(1, { error: "is required" });
const Description = trimmed(L.descriptionMaxLength).default("");
/** The cover picture: an uploaded story asset's uuid, or null. */
const CoverPage = Uuid.nullable().default(null);

export const STORY_TAG_DEFAULT_COLOR = "#000000";

/** A story tag, shown as 'scope:name'. */
export const StoryTag = z.object({ id: z.number().int(), name: z.string(), scope: z.string(), color: z.string() });
export type StoryTag = z.infer<typeof StoryTag>;
export const storyTagLabel = (tag: Pick<StoryTag, "scope" | "name">) => `${tag.scope}:${tag.name}`;

const TagPart = (max: number) =>
  trimmed(max)
    .min(1, { error: "is required" })
    .refine((value) => !value.includes(":"), { error: "must not contain ':' (a tag is shown as scope:name)" });

/** POST /api/story_tags. Scope and name together are unique per tenant, whatever their case. */
export const StoryTagBody = z.object({
  name: TagPart(L.tagNameMaxLength),
  scope: TagPart(L.tagScopeMaxLength),
  color: StoryColor.default(STORY_TAG_DEFAULT_COLOR),
});
export type StoryTagBody = z.infer<typeof StoryTagBody>;
export type StoryTagBodyInput = z.input<typeof StoryTagBody>;

/** GET /api/story_tags?q=: matched against 'scope:name' in any case and with or without accents. */
export const StoryTagListQuery = PageQuery.extend({ q: trimmed(L.searchMaxLength).optional() });
export type StoryTagListQuery = z.infer<typeof StoryTagListQuery>;
export const StoryTagPage = pageOf(StoryTag);

const TagId = z
  .number({ error: missingOr("must be a story tag id") })
  .int({ error: "must be a story tag id" })
  .min(1, { error: "must be a story tag id" })
  .max(2_147_483_647, { error: "must be a story tag id" });

/** POST /api/stories: the server sets `storyDetails.screen` width and height from the ratio and orientation. */
export const StoryCreateBody = z.object({
  title: Title,
  description: Description,
  storyType: SelectableStoryType,
  aspectRatio: AspectRatioName,
  orientation: OrientationName,
  storyDetails: StoryDetails.prefault({ screen: {} }),
});
export type StoryCreateBody = z.infer<typeof StoryCreateBody>;
export type StoryCreateBodyInput = z.input<typeof StoryCreateBody>;
/** What POST /api/stories answers. */
export const StoryCreated = z.object({ uuid: Uuid });
export type StoryCreated = z.infer<typeof StoryCreated>;

/** PUT /api/stories/{id}: a full replacement; `id`, if sent, must be the path's; `tags` are story tag ids. */
export const StoryUpdateBody = z.object({
  id: Uuid.optional(),
  title: Title,
  description: Description,
  coverPage: CoverPage,
  storyType: SelectableStoryType,
  aspectRatio: AspectRatioName,
  orientation: OrientationName,
  isTemplate: z.boolean({ error: "must be true or false" }).default(false),
  tags: z
    .array(idOrReference(TagId, "id", "must be a story tag id"), { error: "must be a list of story tag ids" })
    .max(L.tagsPerStoryMax, { error: `must hold at most ${L.tagsPerStoryMax} tags` })
    .default([]),
  storyDetails: StoryDetails,
});
export type StoryUpdateBody = z.infer<typeof StoryUpdateBody>;
export type StoryUpdateBodyInput = z.input<typeof StoryUpdateBody>;

/** A story in the list (no storyDetails). `id` and `uuid` are the same value (spec 3 §3: "uuid or id"). */
export const StorySummary = z.object({
  id: Uuid,
  uuid: Uuid,
  title: z.string(),
  description: z.string(),
  storyType: z.enum(STORY_TYPES),
  aspectRatio: z.enum(ASPECT_RATIOS),
  orientation: z.enum(ORIENTATIONS),
  width: z.number().int(),
  height: z.number().int(),
  coverPage: Uuid.nullable(),
  /** The cover's thumbnail as a signed link an <img> can load (30 to 60 minutes); null without a cover. */
  coverUrl: z.string().nullable(),
  isTemplate: z.boolean(),
  tags: z.array(StoryTag),
  slideCount: z.number().int(),
  /** ISO 8601 times in UTC. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StorySummary = z.infer<typeof StorySummary>;

/** GET /api/stories/{id}. */
export const Story = StorySummary.extend({ storyDetails: StoryDetails });
export type Story = z.infer<typeof Story>;
/** What PUT /api/stories/{id} compares when sent; the cover's link is signed anew on every read. */
export const STORY_READ_ONLY_FIELDS = readOnlyFields(Story, StoryUpdateBody, [...WRITE_TIMESTAMPS, "coverUrl"]);

export const STORY_SORTS = ["title,DESC", "title,ASC", "updatedAt,DESC", "updatedAt,ASC"] as const;
export type StorySort = (typeof STORY_SORTS)[number];
/** Spec 3 §9: stories are listed by title, descending, unless asked otherwise. */
export const STORY_DEFAULT_SORT: StorySort = "title,DESC";

/** GET /api/stories?page=&size=&q=&sort=: `q` matches title, description and tag names, in any case, with or without accents. */
export const StoryListQuery = PageQuery.extend({
  q: trimmed(L.searchMaxLength).optional(),
  sort: z.enum(STORY_SORTS, { error: `must be one of ${STORY_SORTS.join(", ")}` }).default(STORY_DEFAULT_SORT),
});
export type StoryListQuery = z.infer<typeof StoryListQuery>;
export const StoryPage = pageOf(StorySummary);

export const StoryParams = z.object({ id: Uuid });

/** A slide template: one of the defaults every tenant has, or a slide an author saved (spec 3 §3). */
export const SlideTemplate = z.object({
  id: Uuid,
  uuid: Uuid,
  title: z.string(),
  description: z.string(),
  coverPage: Uuid.nullable(),
  aspectRatio: z.enum(ASPECT_RATIOS),
  orientation: z.enum(ORIENTATIONS),
  slideDetails: SlideDetails,
  /** Defaults come with the product and cannot be deleted; saved templates belong to their author. */
  isDefault: z.boolean(),
  /** The author's uuid; null for defaults. */
  createdBy: Uuid.nullable(),
  createdAt: z.string().nullable(),
});
export type SlideTemplate = z.infer<typeof SlideTemplate>;

export const SLIDE_TEMPLATE_KINDS = ["DEFAULT", "SAVED"] as const;
export type SlideTemplateKind = (typeof SLIDE_TEMPLATE_KINDS)[number];

/**
 * GET /api/slide_templates?aspectRatio=&orientation=&kind=: defaults first (in their fixed order), then saved
 * templates, newest first. `kind` keeps one tab's templates.
 */
export const SlideTemplateListQuery = PageQuery.extend({
  aspectRatio: AspectRatioName.optional(),
  orientation: OrientationName.optional(),
  kind: z.enum(SLIDE_TEMPLATE_KINDS, { error: `must be one of ${SLIDE_TEMPLATE_KINDS.join(", ")}` }).optional(),
  size: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.maxPageSize),
});
export type SlideTemplateListQuery = z.infer<typeof SlideTemplateListQuery>;
export const SlideTemplatePage = pageOf(SlideTemplate);

/** POST /api/slide_templates: saves a slide as a template of the caller's. */
export const SlideTemplateBody = z.object({
  title: Title,
  description: Description,
  coverPage: CoverPage,
  aspectRatio: AspectRatioName,
  orientation: OrientationName,
  slideDetails: SlideDetails,
});
export type SlideTemplateBody = z.infer<typeof SlideTemplateBody>;
export type SlideTemplateBodyInput = z.input<typeof SlideTemplateBody>;

export const SlideTemplateParams = z.object({ id: Uuid });

export type StoryFormat = { aspectRatio: AspectRatio; orientation: Orientation };
