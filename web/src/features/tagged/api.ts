// A tag's items for /tagged/{id} (spec 1 §2 Tagged items), page by page; under the content key so tagging refreshes it.
import type { TaggedItem } from "@repox/contracts";
import { usePageQuery } from "../../api/page-query.ts";
import { queryKeys } from "../../api/query-keys.ts";
import { containerPath, datastreamPath } from "../containers/content-items.ts";

export function useTaggedItems(tagId: number, page: number, size: number) {
  return usePageQuery<TaggedItem>([...queryKeys.containers, "tagged", tagId], `/tags/${tagId}/items`, { page, size });
}

/** Where an item opens; null for a datastream held by no live container. */
export function taggedItemLink(item: TaggedItem): string | null {
  if (item.objectType === "CONTAINER") return containerPath(item.uuid);
  return item.parentUuid ? datastreamPath(item.parentUuid, item.uuid) : null;
}
