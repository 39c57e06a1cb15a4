// One page of a server-paged list, cached under `[...listKey, params]`; the previous page stays shown while the next loads.
import type { Page } from "@repox/contracts";
import { keepPreviousData, type QueryKey, useQuery } from "@tanstack/react-query";
import { api, type Query } from "./client.ts";

export function usePageQuery<T>(listKey: QueryKey, path: string, params: Query) {
  return useQuery({
    queryKey: [...listKey, params],
    queryFn: ({ signal }) => api.get<Page<T>>(path, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}
