// The top bar's search call (spec 3 §7: POST /search with the text as `value`): containers, datastreams, and users and
// groups for those who may see them. A new text is a new query; the answer of an older text is cancelled or ignored.
import { SEARCH_LIMITS, type SearchBody, type SearchResults } from "@repox/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { queryKeys } from "../../api/query-keys.ts";

/** Hits per group the dropdown lists. */
export const GLOBAL_SEARCH_GROUP_SIZE = SEARCH_LIMITS.defaultSize;

/** Searches `text`; nothing is asked while it is "" (under 3 characters). */
export function useGlobalSearch(text: string) {
  return useQuery({
    // Under the content key, so a rename or a removal refreshes the answers on screen.
    queryKey: [...queryKeys.containers, "global-search", text],
    queryFn: ({ signal }) =>
      api.post<SearchResults>("/search", { value: text } satisfies SearchBody, {
        query: { q: text, size: GLOBAL_SEARCH_GROUP_SIZE },
        signal,
      }),
    enabled: text !== "",
    placeholderData: keepPreviousData,
  });
}
