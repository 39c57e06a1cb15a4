// What the destination picker reads: one level of containers page by page (the top level, or a container's children)
// and the containers whose label matches a text (POST /search with operation OP_CONTAINER, spec 1 §7).
import { type ContainerSummary, type ContentNode, type Page, ROOT } from "@repox/contracts";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { queryKeys } from "../../api/query-keys.ts";

export const PICKER_PAGE_SIZE = 50;

const pickerKey = [...queryKeys.containers, "picker"] as const;

/** The containers directly under `parent` (ROOT: the top level), by label. */
export function usePickerLevel(parent: string) {
  const path = parent === ROOT ? "/containers" : `/containers/${encodeURIComponent(parent)}/children`;
  return useInfiniteQuery({
    queryKey: [...pickerKey, "level", parent],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<ContainerSummary>>(path, { query: { page: pageParam, size: PICKER_PAGE_SIZE, sort: "label" }, signal }),
    initialPageParam: 0,
    getNextPageParam: (page: Page<ContainerSummary>) => (page.last ? undefined : page.number + 1),
  });
}

type SearchAnswer = { containers?: ContentNode[] };

/** Containers whose label matches `q`; nothing is asked while `q` is empty. */
export function usePickerSearch(q: string) {
  return useQuery({
    queryKey: [...pickerKey, "search", q],
    queryFn: ({ signal }) =>
      api.post<SearchAnswer>("/search", { field: "label", operation: "OP_CONTAINER", value: q }, { query: { q }, signal }),
    select: (answer) => answer.containers ?? [],
    enabled: q !== "",
    placeholderData: keepPreviousData,
  });
}
