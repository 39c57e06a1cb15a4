// Calls of the container form: the types it offers, a type's properties, property groups, the container being edited,
// and create/update (spec 1 §7).
import {
  type Container,
  type ContainerCreateBodyInput,
  type ContainerType,
  type ContainerTypeSummary,
  type ContainerUpdateBodyInput,
  LIMITS,
  type Page,
  type PropertyGroup,
} from "@repox/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { queryKeys } from "../../api/query-keys.ts";
import { acceptedCodes } from "./form-model.ts";

const typesKey = [...queryKeys.contentModel, "container-types"] as const;
const containerKey = (uuid: string) => [...queryKeys.containers, "form", uuid] as const;

/** The parent a new container goes into: its uuid and its type's code; null for the top level. */
export type CreateParent = { uuid: string; typeCode: string } | null;

/**
 * The container types a new container may have: at the top level those allowed at root; under a parent the parent
 * type's containerAcceptance (empty: every type).
 */
export function useCreatableTypes(parent: CreateParent) {
  const allTypes = useQuery({
    queryKey: [...typesKey, "choices", parent === null ? "root" : "all"],
    queryFn: ({ signal }) =>
      api.get<Page<ContainerTypeSummary>>("/container_types", {
        query: { page: 0, size: LIMITS.maxPageSize, ...(parent === null ? { allowedAtRoot: "true" } : {}) },
        signal,
      }),
    select: (page) => page.content,
  });
  const parentType = useContainerType(parent?.typeCode ?? null);
  if (parent === null) return { data: allTypes.data, isLoading: allTypes.isLoading, error: allTypes.error };
  const accepted = parentType.data ? acceptedCodes(parentType.data.containerAcceptance) : [];
  const data =
    allTypes.data && parentType.data
      ? allTypes.data.filter((type) => accepted.length === 0 || accepted.includes(type.code.toLowerCase()))
      : undefined;
  return { data, isLoading: allTypes.isLoading || parentType.isLoading, error: allTypes.error ?? parentType.error };
}

export function useContainerType(code: string | null) {
  return useQuery({
    queryKey: [...typesKey, "detail", code],
    queryFn: ({ signal }) => api.get<ContainerType>(`/container_types/${encodeURIComponent(code ?? "")}`, { signal }),
    enabled: code !== null,
  });
}

export function usePropertyGroups() {
  return useQuery({
    queryKey: [...queryKeys.contentModel, "property-groups", "all"],
    queryFn: ({ signal }) => api.get<Page<PropertyGroup>>("/property_groups", { query: { page: 0, size: LIMITS.maxPageSize }, signal }),
    select: (page) => page.content,
  });
}

/** The container as stored now: the form always loads it afresh. */
export function useContainerToEdit(uuid: string | null) {
  return useQuery({
    queryKey: containerKey(uuid ?? ""),
    queryFn: ({ signal }) => api.get<Container>(`/containers/${encodeURIComponent(uuid ?? "")}`, { signal }),
    enabled: uuid !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export type SaveContainer =
  | { mode: "create"; parentUuid: string | null; body: ContainerCreateBodyInput }
  | { mode: "edit"; uuid: string; body: ContainerUpdateBodyInput };

export function useSaveContainer() {
  return useMutation({
    mutationFn: (request: SaveContainer) =>
      request.mode === "create"
        ? api.post<Container>("/containers", request.body, { query: request.parentUuid ? { to: request.parentUuid } : {} })
        : api.put<Container>(`/containers/${encodeURIComponent(request.uuid)}`, request.body),
  });
}
