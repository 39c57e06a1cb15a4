// Calls the property inputs make: the qualifier catalogue, vocabulary terms, and containers a reference may name.
import {
  type Container,
  type ContainerSearchBody,
  type ContainerSearchHit,
  LIMITS,
  type Page,
  type Qualifier,
  type Term,
  VOCABULARY_LIMITS,
} from "@repox/contracts";
import { keepPreviousData, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { queryKeys } from "../../api/query-keys.ts";

const termsKey = (vocabularyId: string) => [...queryKeys.contentModel, "vocabularies", "terms", vocabularyId] as const;

/** Every qualifier, for the qualifier fields of language-aware properties. */
export function useQualifierCatalogue() {
  return useQuery({
    queryKey: [...queryKeys.contentModel, "qualifiers", "catalogue"],
    queryFn: ({ signal }) => api.get<Page<Qualifier>>("/property_qualifiers", { query: { page: 0, size: LIMITS.maxPageSize }, signal }),
    select: (page) => page.content,
    staleTime: 60_000,
  });
}

/** The first page of a vocabulary's terms matching `q` (all terms when empty). */
export function useTermSearch(vocabularyId: string | null, q: string) {
  return useQuery({
    queryKey: [...termsKey(vocabularyId ?? ""), "search", q],
    queryFn: ({ signal }) =>
      api.get<Page<Term>>(`/vocabularies/${encodeURIComponent(vocabularyId ?? "")}/terms`, {
        query: { page: 0, size: VOCABULARY_LIMITS.termPageSize, q },
        signal,
      }),
    enabled: vocabularyId !== null,
    placeholderData: keepPreviousData,
  });
}

const termLabelKey = (vocabularyId: string, termId: string) => [...termsKey(vocabularyId), "label", termId] as const;

/** Labels of chosen terms (a stored value holds only term ids); a term not found keeps its id as label. */
export function useTermLabels(vocabularyId: string | null, termIds: readonly string[]) {
  const results = useQueries({
    queries: termIds.map((termId) => ({
      queryKey: termLabelKey(vocabularyId ?? "", termId),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const page = await api.get<Page<Term>>(`/vocabularies/${encodeURIComponent(vocabularyId ?? "")}/terms`, {
          query: { page: 0, size: LIMITS.maxPageSize, q: termId },
          signal,
        });
        return page.content.find((term) => term.termId === termId)?.label ?? termId;
      },
      enabled: vocabularyId !== null,
      staleTime: 60_000,
    })),
  });
  return new Map(termIds.map((termId, index) => [termId, results[index]?.data ?? termId]));
}

/** Remembers labels the user just picked from search results, so they need no lookup. */
export function useRememberTermLabels(vocabularyId: string | null) {
  const queryClient = useQueryClient();
  return (terms: readonly { value: string; label: string }[]) => {
    for (const term of terms) queryClient.setQueryData(termLabelKey(vocabularyId ?? "", term.value), term.label);
  };
}

/** Containers of the given types (any type when empty) whose label matches `q`: POST /api/containers/search. */
export function useContainerSearch(containerTypes: readonly string[], q: string) {
  return useQuery({
    queryKey: [...queryKeys.containers, "reference-search", containerTypes, q],
    queryFn: ({ signal }) => {
      const body: Partial<ContainerSearchBody> = { containerTypes: [...containerTypes], ...(q ? { q } : {}) };
      return api.post<ContainerSearchHit[]>("/containers/search", body, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

const containerLabelKey = (uuid: string) => [...queryKeys.containers, "reference-label", uuid] as const;

/** Labels of referenced containers (a stored value holds only uuids); one that cannot be read keeps its uuid. */
export function useContainerLabels(uuids: readonly string[]) {
  const results = useQueries({
    queries: uuids.map((uuid) => ({
      queryKey: containerLabelKey(uuid),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await api.get<Container>(`/containers/${encodeURIComponent(uuid)}`, { signal })).label,
      staleTime: 60_000,
      retry: false,
    })),
  });
  return new Map(uuids.map((uuid, index) => [uuid, results[index]?.data ?? uuid]));
}

export function useRememberContainerLabels() {
  const queryClient = useQueryClient();
  return (containers: readonly { value: string; label: string }[]) => {
    for (const container of containers) queryClient.setQueryData(containerLabelKey(container.value), container.label);
  };
}
