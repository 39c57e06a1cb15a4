// Calls of the namespaces list (spec 2 "Property groups, namespaces, qualifiers"); the key is the code.
import type { Namespace, NamespaceCreateBody, NamespaceUpdateBody } from "@repox/contracts";
import { useDeleteMutation, useSaveMutation } from "../../../api/entity-mutations.ts";
import type { ListParams } from "../../../api/list-params.ts";
import { usePageQuery } from "../../../api/page-query.ts";
import { queryKeys } from "../../../api/query-keys.ts";

const key = [...queryKeys.contentModel, "namespaces"] as const;
const target = {
  collectionPath: "/property_namespaces",
  itemPath: (code: string) => `/property_namespaces/${encodeURIComponent(code)}`,
  invalidates: [key],
};

export function useNamespaces(params: ListParams) {
  return usePageQuery<Namespace>([...key, "list"], "/property_namespaces", params);
}

export function useSaveNamespace() {
  return useSaveMutation<Namespace, string, NamespaceCreateBody, NamespaceUpdateBody>(target);
}

export function useDeleteNamespace() {
  return useDeleteMutation(target);
}
