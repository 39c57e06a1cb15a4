// The trash (spec 1 §2 Trash, §4, §7): removing a container from its last place, the list of removed items, restoring
// them into a chosen container and deleting them for good. Rules of what goes with a removed container:
// docs/content-schema.md "Trash".
import { z } from "zod";
import { PageQuery, Uuid } from "./common.ts";
import { ContentObjectType, Destination, SortDirection } from "./content.ts";

export const TRASH_LIMITS = {
  /** Items in one restore or delete request. */
  maxObjectsPerRequest: 200,
} as const;

/** POST /api/containers/{uuid}/remove?from={parentUuid|ROOT}; without `from` the container's only place. */
export const ContainerRemoveQuery = z.object({ from: Destination.optional() });
export type ContainerRemoveQuery = z.infer<typeof ContainerRemoveQuery>;

export const ContainerRemoveResult = z.object({
  /** The placement in `from` is gone. */
  removed: z.literal(true),
  /** The container had no other place and went to the trash. */
  trashed: z.boolean(),
  /** What went to the trash with it (0 when it did not): containers below it and datastreams reachable only through them. */
  containers: z.number().int(),
  datastreams: z.number().int(),
});
export type ContainerRemoveResult = z.infer<typeof ContainerRemoveResult>;

export const TRASH_SORTS = ["label", "deletedAt", "type"] as const;

/** GET /api/trash/items: the most recently removed first unless sorted otherwise. */
export const TrashListQuery = PageQuery.extend({
  sort: z.enum(TRASH_SORTS, { error: `must be one of ${TRASH_SORTS.join(", ")}` }).default("deletedAt"),
  direction: SortDirection.default("desc"),
});
export type TrashListQuery = z.infer<typeof TrashListQuery>;

export const TrashUser = z.object({ uuid: z.string(), firstname: z.string(), lastname: z.string(), email: z.string() });
export type TrashUser = z.infer<typeof TrashUser>;

/** An item somebody removed (what it took with it is not listed: it comes back or goes with it). */
export const TrashItem = z.object({
  uuid: z.string(),
  label: z.string(),
  objectType: ContentObjectType,
  type: z.object({ code: z.string(), name: z.string() }),
  deletedAt: z.string(),
  /** null once that user has been deleted. */
  deletedBy: TrashUser.nullable(),
  /** How many containers and datastreams went to the trash with it. */
  containerCount: z.number().int(),
  datastreamCount: z.number().int(),
});
export type TrashItem = z.infer<typeof TrashItem>;

export const TrashObject = z.object({ objectType: ContentObjectType, objectId: Uuid.transform((id) => id.toLowerCase()) });
export type TrashObject = z.infer<typeof TrashObject>;

const TrashObjects = z
  .array(TrashObject)
  .min(1, { error: "choose at least one item" })
  .max(TRASH_LIMITS.maxObjectsPerRequest, { error: `must hold at most ${TRASH_LIMITS.maxObjectsPerRequest} items` });

/** POST /api/trash/items/restore: into a container, or ROOT for containers whose type is allowed at the top level. */
export const TrashRestoreBody = z.object({ container: Destination, objects: TrashObjects });
export type TrashRestoreBody = z.infer<typeof TrashRestoreBody>;
export type TrashRestoreBodyInput = z.input<typeof TrashRestoreBody>;

/** DELETE /api/trash/items: the same body as restore; `container` is not needed. */
export const TrashDeleteBody = z.object({ container: Destination.optional(), objects: TrashObjects });
export type TrashDeleteBody = z.infer<typeof TrashDeleteBody>;
export type TrashDeleteBodyInput = z.input<typeof TrashDeleteBody>;

/** How many rows a restore or delete changed, the items named and what they took with them. */
export const TrashActionResult = z.object({ items: z.number().int(), containers: z.number().int(), datastreams: z.number().int() });
export type TrashActionResult = z.infer<typeof TrashActionResult>;
