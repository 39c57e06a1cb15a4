// Calls of the tags area (spec 2 "Tags"); the side menu reads the same list.
import type { Tag, TagBody, TagUpdateBody } from "@repox/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { useDeleteMutation, useSaveMutation } from "../../api/entity-mutations.ts";
import type { ListParams } from "../../api/list-params.ts";
import { usePageQuery } from "../../api/page-query.ts";
import { queryKeys } from "../../api/query-keys.ts";

type TagListParams = ListParams & { scope?: string };

const target = { collectionPath: "/tags", itemPath: (id: number) => `/tags/${id}`, invalidates: [queryKeys.tags] };

export function useTags(params: TagListParams) {
  return usePageQuery<Tag>([...queryKeys.tags, "list"], "/tags", params);
}

export function useTag(id: number | null) {
  return useQuery({
    queryKey: [...queryKeys.tags, "detail", id],
    queryFn: () => api.get<Tag>(`/tags/${id}`),
    enabled: id !== null,
  });
}

export function useSaveTag() {
  return useSaveMutation<Tag, number, TagBody, TagUpdateBody>(target);
}

export function useDeleteTag() {
  return useDeleteMutation(target);
}
