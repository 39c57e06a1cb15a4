// Calls of the container type and datastream type editors (spec 2 §2 "Container types and datastream types", §7).
import type {
  ContainerType,
  ContainerTypeBody,
  ContainerTypeSummary,
  DatastreamType,
  DatastreamTypeBody,
  DatastreamTypeSummary,
} from "@repox/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { useSaveMutation } from "../../api/entity-mutations.ts";
import { ALL_OPTIONS, type ListParams } from "../../api/list-params.ts";
import { usePageQuery } from "../../api/page-query.ts";
import { queryKeys } from "../../api/query-keys.ts";
import { TYPE_KINDS, type TypeKind, typeApiPath } from "./type-kinds.ts";

export type TypeSummary = ContainerTypeSummary | DatastreamTypeSummary;
export type TypeDetail = ContainerType | DatastreamType;
export type TypeBody = ContainerTypeBody | DatastreamTypeBody;

const typesKey = (kind: TypeKind) => [...queryKeys.contentModel, `${kind}-types`] as const;

export function useTypes(kind: TypeKind, params: ListParams) {
  return usePageQuery<TypeSummary>([...typesKey(kind), "list"], TYPE_KINDS[kind].apiPath, params);
}

/** Every type of a kind, for the acceptance lists. */
export function useTypeOptions(kind: TypeKind) {
  return useTypes(kind, ALL_OPTIONS);
}

export function useType(kind: TypeKind, code: string | null) {
  return useQuery({
    queryKey: [...typesKey(kind), "detail", code],
    queryFn: () => api.get<TypeDetail>(typeApiPath(kind, code ?? "")),
    enabled: code !== null,
  });
}

export function useSaveType(kind: TypeKind) {
  return useSaveMutation<TypeDetail, string, TypeBody>({
    collectionPath: TYPE_KINDS[kind].apiPath,
    itemPath: (code) => typeApiPath(kind, code),
    detailKey: (saved) => [...typesKey(kind), "detail", saved.code],
    // Types, the options other editors draw from them and the properties' content-model usages all changed.
    invalidates: [queryKeys.contentModel],
  });
}

export function useDeleteType(kind: TypeKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.delete(typeApiPath(kind, code)),
    onSuccess: (_result, code) => {
      // The open editor still observes the deleted type: refetching it would only answer 404 before it closes.
      const deleted = JSON.stringify([...typesKey(kind), "detail", code]);
      return queryClient.invalidateQueries({
        queryKey: queryKeys.contentModel,
        predicate: (query) => JSON.stringify(query.queryKey) !== deleted,
      });
    },
  });
}
