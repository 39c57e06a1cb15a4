// Calls of the groups area (spec 2 "Groups") and the permission catalogue the editor offers.
import type { Group, GroupCreateBody, GroupUpdateBody, PermissionCatalogue } from "@repox/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { useDeleteMutation, useSaveMutation } from "../../api/entity-mutations.ts";
import type { ListParams } from "../../api/list-params.ts";
import { usePageQuery } from "../../api/page-query.ts";
import { queryKeys } from "../../api/query-keys.ts";

const itemPath = (id: number) => `/groups/${id}`;

export function useGroups(params: ListParams) {
  return usePageQuery<Group>([...queryKeys.groups, "list"], "/groups", params);
}

const groupKey = (id: number) => [...queryKeys.groups, "detail", id];

export function useGroup(id: number | null) {
  return useQuery({
    queryKey: groupKey(id ?? 0),
    queryFn: () => api.get<Group>(`/groups/${id}`),
    enabled: id !== null,
  });
}

export function usePermissionCatalogue() {
  return useQuery({
    queryKey: queryKeys.permissionCatalogue,
    queryFn: () => api.get<PermissionCatalogue>("/iam/permissions"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSaveGroup() {
  return useSaveMutation<Group, number, GroupCreateBody, GroupUpdateBody>({
    collectionPath: "/groups",
    itemPath,
    detailKey: (group) => groupKey(group.id),
    // Membership and grants changed: the lists, the users' group badges and the caller's own permissions.
    invalidates: [[...queryKeys.groups, "list"], queryKeys.users, queryKeys.myPermissions],
  });
}

export function useDeleteGroup() {
  return useDeleteMutation({ itemPath, invalidates: [queryKeys.groups, queryKeys.users, queryKeys.myPermissions] });
}
