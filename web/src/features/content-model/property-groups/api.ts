// Calls of the property groups list; the key is the id.
import type { PropertyGroup, PropertyGroupCreateBody, PropertyGroupUpdateBody } from "@repox/contracts";
import { useDeleteMutation, useSaveMutation } from "../../../api/entity-mutations.ts";
import type { ListParams } from "../../../api/list-params.ts";
import { usePageQuery } from "../../../api/page-query.ts";
import { queryKeys } from "../../../api/query-keys.ts";

const key = [...queryKeys.contentModel, "property-groups"] as const;
const target = { collectionPath: "/property_groups", itemPath: (id: number) => `/property_groups/${id}`, invalidates: [key] };

export function usePropertyGroups(params: ListParams) {
  return usePageQuery<PropertyGroup>([...key, "list"], "/property_groups", params);
}

export function useSavePropertyGroup() {
  return useSaveMutation<PropertyGroup, number, PropertyGroupCreateBody, PropertyGroupUpdateBody>(target);
}

export function useDeletePropertyGroup() {
  return useDeleteMutation(target);
}
