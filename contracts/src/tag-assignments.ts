// Tags on content (spec 1 §2 Tagged items, §4, §7): adding and removing a tag on a container or datastream, the tags
// of one item, and the items of one tag for /tagged/{id}.
import { z } from "zod";
import { PageQuery, Uuid } from "./common.ts";
import { ContentObjectType, ContentUser, SortDirection } from "./content.ts";

/** POST /api/tags/{tagId}/add and /remove; doing either twice changes nothing. */
export const TagAssignmentBody = z.object({ objectId: Uuid.transform((id) => id.toLowerCase()), objectType: ContentObjectType });
export type TagAssignmentBody = z.infer<typeof TagAssignmentBody>;

export const TAGGED_ITEM_SORTS = ["label", "createdAt", "createdBy"] as const;

/** GET /api/tags/{id}/items: by label unless sorted otherwise (createdBy: the creator's first and last name). */
export const TaggedItemsQuery = PageQuery.extend({
  sort: z.enum(TAGGED_ITEM_SORTS, { error: `must be one of ${TAGGED_ITEM_SORTS.join(", ")}` }).default("label"),
  direction: SortDirection.default("asc"),
});
export type TaggedItemsQuery = z.infer<typeof TaggedItemsQuery>;

/** A tagged container or datastream as the /tagged/{id} tiles and table show it (Label, Created At, Creator). */
export const TaggedItem = z.object({
  uuid: z.string(),
  label: z.string(),
  objectType: ContentObjectType,
  type: z.object({ code: z.string(), name: z.string() }),
  color: z.string().nullable(),
  createdAt: z.string(),
  createdBy: ContentUser.nullable(),
  /** Datastreams: the file's kind and one container holding it, for the link /containers/{parentUuid}/?datastream={uuid}. */
  mimeType: z.string().nullable(),
  parentUuid: z.string().nullable(),
});
export type TaggedItem = z.infer<typeof TaggedItem>;
