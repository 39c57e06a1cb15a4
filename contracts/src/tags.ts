// Tags (spec 2 "Tags"): coloured labels in a scope ("store" for content, other areas their own).
import { z } from "zod";
import { IntegerId, LIMITS, PageQuery } from "./common.ts";

export const TAG_DEFAULT_COLOR = "#000000";
export const TAG_DEFAULT_SCOPE = "store";
/** How many tags the side menu lists before 'Show all tags' (spec 2 §9). */
export const SIDE_MENU_TAG_COUNT = 3;
export const HEX_COLOR_PATTERN = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
export const TAG_SCOPE_PATTERN = /^[a-z][a-z0-9_-]{0,49}$/;

export const Tag = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  scope: z.string(),
});
export type Tag = z.infer<typeof Tag>;

// The colour is checked by the service, so the answer reads exactly `Invalid hex color value: {value}`.
export const TagBody = z.object({
  name: z.string().trim().min(1, { error: "is required" }).max(LIMITS.nameMaxLength),
  description: z.string().trim().max(LIMITS.descriptionMaxLength).default(""),
  color: z.string().trim().max(50).default(TAG_DEFAULT_COLOR),
  scope: z
    .string()
    .trim()
    .toLowerCase()
    .regex(TAG_SCOPE_PATTERN, { error: "must be 1 to 50 lowercase letters, digits, dashes or underscores, starting with a letter" })
    .default(TAG_DEFAULT_SCOPE),
});
export type TagBody = z.infer<typeof TagBody>;
export type TagBodyInput = z.input<typeof TagBody>;

/** A full replacement; an `id` in the body, if sent, must be the one in the path. */
export const TagUpdateBody = TagBody.extend({ id: IntegerId.optional() });
export type TagUpdateBody = z.infer<typeof TagUpdateBody>;

export const TagListQuery = PageQuery.extend({
  scope: z.string().trim().toLowerCase().max(50).optional(),
  q: z.string().trim().max(100).optional(),
});
export type TagListQuery = z.infer<typeof TagListQuery>;
