// Calls of the properties area (spec 2 "Properties screen", §7): the list, one property, saving, usages, and the
// container types and vocabularies that reference and vocabulary properties point at.
import type {
  ContainerTypeSummary,
  ContentModelUsages,
  Page,
  Property,
  PropertyCreateBody,
  PropertyTypeCode,
  PropertyUpdateBody,
  PropertyUsages,
  Vocabulary,
} from "@repox/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client.ts";
import { useDeleteMutation, useSaveMutation } from "../../../api/entity-mutations.ts";
import { ALL_OPTIONS, type ListParams } from "../../../api/list-params.ts";
import { usePageQuery } from "../../../api/page-query.ts";
import { queryKeys } from "../../../api/query-keys.ts";

const key = [...queryKeys.contentModel, "properties"] as const;
const path = (propertyKey: string) => `/properties/${encodeURIComponent(propertyKey)}`;
const target = { collectionPath: "/properties", itemPath: path, invalidates: [key] };

export type PropertyListParams = ListParams & { propertyType?: PropertyTypeCode | undefined };

export function useProperties(params: PropertyListParams) {
  return usePageQuery<Property>([...key, "list"], "/properties", params);
}

export function useSaveProperty() {
  return useSaveMutation<Property, string, PropertyCreateBody, PropertyUpdateBody>(target);
}

export function useDeleteProperty() {
  return useDeleteMutation(target);
}

/** Containers and datastreams holding a value of the property (POST with an empty body, spec 2 §7). */
export function usePropertyUsages(propertyKey: string) {
  return useQuery({
    queryKey: [...key, "usages", propertyKey],
    queryFn: () => api.post<PropertyUsages>(`${path(propertyKey)}/usages`),
  });
}

/** Container and datastream types carrying the property. */
export function usePropertyContentModelUsages(propertyKey: string) {
  return useQuery({
    queryKey: [...key, "usages-cm", propertyKey],
    queryFn: () => api.post<ContentModelUsages>(`${path(propertyKey)}/usages_cm`),
  });
}

/** Container types a reference property may point at. */
export function useContainerTypeOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.contentModel, "container-type-options"],
    queryFn: ({ signal }) => api.get<Page<ContainerTypeSummary>>("/container_types", { query: ALL_OPTIONS, signal }),
    enabled,
  });
}

/** Vocabularies a vocabulary-flat property may draw its terms from. */
export function useVocabularyOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.contentModel, "vocabulary-options"],
    queryFn: ({ signal }) => api.get<Page<Vocabulary>>("/vocabularies", { query: ALL_OPTIONS, signal }),
    enabled,
  });
}
