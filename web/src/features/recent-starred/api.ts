// The caller's Recent and Starred lists (spec 1 §2), 18 a page.
import type { ContainerSummary, DatastreamListItem, Page } from "@repox/contracts";
import { CONTENT_LIMITS } from "@repox/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { queryKeys } from "../../api/query-keys.ts";

export type PersonalList = "recent" | "starred";
export type PersonalKind = "containers" | "datastreams";
export type PersonalItem = ContainerSummary | DatastreamListItem;

export function usePersonalList(list: PersonalList, kind: PersonalKind) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.containers, list, kind],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<PersonalItem>>(`/${kind}/${list}`, { query: { page: pageParam, size: CONTENT_LIMITS.recentPageSize }, signal }),
    initialPageParam: 0,
    getNextPageParam: (page: Page<PersonalItem>) => (page.last ? undefined : page.number + 1),
  });
}
