// Stars and the personal lists (spec 1 §2 Recent, Starred; §7): a user's stars on containers and datastreams, and the
// Recent and Starred pages, 18 items a page.
import { z } from "zod";
import { LIMITS, Uuid } from "./common.ts";
import { CONTENT_LIMITS, ContentObjectType, DatastreamSummary } from "./content.ts";

/** POST /api/tags/starred: sets (true) or clears (false) the caller's star; doing it twice changes nothing. */
export const StarBody = z.object({
  starred: z.boolean({ error: "must be true or false" }),
  objectId: Uuid.transform((id) => id.toLowerCase()),
  objectType: ContentObjectType,
});
export type StarBody = z.infer<typeof StarBody>;

/** The star record as it stands after the call. */
export const StarRecord = z.object({ starred: z.boolean(), objectId: z.string(), objectType: ContentObjectType });
export type StarRecord = z.infer<typeof StarRecord>;

/** Recent and Starred pages: zero-based, 18 by default (spec 1 §9). */
export const PersonalListQuery = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(CONTENT_LIMITS.recentPageSize),
});
export type PersonalListQuery = z.infer<typeof PersonalListQuery>;

/**
 * A datastream in Recent, Starred or a tag's items, with one container holding it (the oldest placement in a live
 * container) for the link /containers/{parentUuid}/?datastream={uuid}; null when it sits in none.
 */
export const DatastreamListItem = DatastreamSummary.extend({ parentUuid: z.string().nullable() });
export type DatastreamListItem = z.infer<typeof DatastreamListItem>;
