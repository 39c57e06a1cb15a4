// Bulk actions on a multi-selection of the content area (issue 11): one request applies a change to many containers
// and datastreams, each checked as its single-item route checks it, and answers one result per item so that refused
// items do not hold back the others.
import { z } from "zod";
import { Uuid } from "./common.ts";
import { ContentObjectType, Destination } from "./content.ts";

export const BULK_LIMITS = { maxItemsPerRequest: 500 } as const;

export const BulkItem = z.object({ objectType: ContentObjectType, objectId: Uuid.transform((id) => id.toLowerCase()) });
export type BulkItem = z.infer<typeof BulkItem>;

const BulkItems = z
  .array(BulkItem)
  .min(1, { error: "choose at least one item" })
  .max(BULK_LIMITS.maxItemsPerRequest, { error: `must hold at most ${BULK_LIMITS.maxItemsPerRequest} items` });

/** POST /api/content/bulk/move: every item out of `from` (the folder they are listed in, or ROOT) into `to`. */
export const BulkMoveBody = z.object({ items: BulkItems, from: Destination, to: Destination });
export type BulkMoveBody = z.infer<typeof BulkMoveBody>;

/** POST /api/content/bulk/link: every item also into `to`. */
export const BulkLinkBody = z.object({ items: BulkItems, to: Destination });
export type BulkLinkBody = z.infer<typeof BulkLinkBody>;

/** POST /api/content/bulk/star: sets or clears the caller's star on every item. */
export const BulkStarBody = z.object({ items: BulkItems, starred: z.boolean({ error: "must be true or false" }) });
export type BulkStarBody = z.infer<typeof BulkStarBody>;

/** POST /api/content/bulk/tag: adds (assigned) or removes one tag on every item. */
export const BulkTagBody = z.object({
  items: BulkItems,
  tagId: z.number({ error: "must be a tag id" }).int().positive({ error: "must be a tag id" }),
  assigned: z.boolean({ error: "must be true or false" }),
});
export type BulkTagBody = z.infer<typeof BulkTagBody>;

/** POST /api/content/bulk/color: one colour (or none) on every item; the value is checked as the single-item routes do. */
export const BulkColorBody = z.object({
  items: BulkItems,
  color: z.string({ error: "must be a hex colour or null" }).trim().max(50).nullable(),
});
export type BulkColorBody = z.infer<typeof BulkColorBody>;

/** POST /api/content/bulk/publish: publishes or unpublishes every container (datastreams are refused one by one). */
export const BulkPublishBody = z.object({ items: BulkItems, published: z.boolean({ error: "must be true or false" }) });
export type BulkPublishBody = z.infer<typeof BulkPublishBody>;

/** What happened to one item: done, or refused with the reason its single-item route would have given. */
export const BulkItemResult = z.object({
  objectType: ContentObjectType,
  objectId: z.string(),
  ok: z.boolean(),
  message: z.string().optional(),
});
export type BulkItemResult = z.infer<typeof BulkItemResult>;

export const BulkResult = z.object({ results: z.array(BulkItemResult) });
export type BulkResult = z.infer<typeof BulkResult>;
