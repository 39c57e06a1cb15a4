// Calls of the qualifiers list and the languages their values come from; the key is the qualifier key.
import type { Language, Qualifier, QualifierCreateBody, QualifierUpdateBody } from "@repox/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client.ts";
import { useDeleteMutation, useSaveMutation } from "../../../api/entity-mutations.ts";
import type { ListParams } from "../../../api/list-params.ts";
import { usePageQuery } from "../../../api/page-query.ts";
import { queryKeys } from "../../../api/query-keys.ts";

const key = [...queryKeys.contentModel, "qualifiers"] as const;
const target = {
  collectionPath: "/property_qualifiers",
  itemPath: (qualifierKey: string) => `/property_qualifiers/${encodeURIComponent(qualifierKey)}`,
  invalidates: [key],
};

export function useQualifiers(params: ListParams) {
  return usePageQuery<Qualifier>([...key, "list"], "/property_qualifiers", params);
}

export function useSaveQualifier() {
  return useSaveMutation<Qualifier, string, QualifierCreateBody, QualifierUpdateBody>(target);
}

export function useDeleteQualifier() {
  return useDeleteMutation(target);
}

/** The ISO 639-1 languages (spec 2 §7 "Languages"); they do not change while the app runs. */
export function useLanguages() {
  return useQuery({
    queryKey: [...queryKeys.contentModel, "languages"],
    queryFn: ({ signal }) => api.get<Language[]>("/utility/languages", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
