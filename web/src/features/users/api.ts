// Calls of the users area (spec 2 "Users").
import type { SetPasswordBody, User, UserCreateBody, UserUpdateBody } from "@repox/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { useDeleteMutation, useSaveMutation } from "../../api/entity-mutations.ts";
import type { ListParams } from "../../api/list-params.ts";
import { usePageQuery } from "../../api/page-query.ts";
import { queryKeys } from "../../api/query-keys.ts";

const collectionPath = "/users";
const itemPath = (uuid: string) => `/users/${uuid}`;

export function useUsers(params: ListParams) {
  return usePageQuery<User>([...queryKeys.users, "list"], "/users", params);
}

export function useUser(uuid: string | null) {
  return useQuery({
    queryKey: [...queryKeys.users, "detail", uuid],
    queryFn: () => api.get<User>(`/users/${uuid}`),
    enabled: uuid !== null,
  });
}

export function useSaveUser() {
  // Groups list their members, so both areas refresh; the user may have changed their own groups.
  const invalidates = [queryKeys.users, queryKeys.groups, queryKeys.myPermissions];
  return useSaveMutation<User, string, UserCreateBody, UserUpdateBody>({ collectionPath, itemPath, invalidates });
}

export function useDeleteUser() {
  return useDeleteMutation({ itemPath, invalidates: [queryKeys.users, queryKeys.groups] });
}

/** An administrator's 'Set a new password': the user's sessions all end. */
export function useSetUserPassword(uuid: string) {
  return useMutation({ mutationFn: (body: SetPasswordBody) => api.put<void>(`/users/${uuid}/password`, body) });
}
