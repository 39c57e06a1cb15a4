// The trash (spec 1 §2 Trash): the removed items page by page, restoring them into a container and deleting them for good.
import type { TrashActionResult, TrashItem, TrashObject } from "@repox/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { useInvalidation } from "../../api/entity-mutations.ts";
import { usePageQuery } from "../../api/page-query.ts";
import { queryKeys } from "../../api/query-keys.ts";

/** Under the content key: a restore or delete changes folders and storage figures too. */
const trashKey = [...queryKeys.containers, "trash"] as const;

export type TrashParams = { page: number; size: number; sort: "label" | "deletedAt" | "type"; direction: "asc" | "desc" };

export function useTrashPage(params: TrashParams) {
  return usePageQuery<TrashItem>(trashKey, "/trash/items", params);
}

export function trashObject(item: TrashItem): TrashObject {
  return { objectType: item.objectType, objectId: item.uuid };
}

export function useRestore() {
  const invalidate = useInvalidation([queryKeys.containers]);
  return useMutation({
    mutationFn: (body: { container: string; objects: TrashObject[] }) => api.post<TrashActionResult>("/trash/items/restore", body),
    onSuccess: invalidate,
  });
}

export function usePermanentDelete() {
  const invalidate = useInvalidation([queryKeys.containers]);
  return useMutation({
    mutationFn: (objects: TrashObject[]) => api.delete<TrashActionResult>("/trash/items", { body: { objects } }),
    onSuccess: invalidate,
  });
}
