// The caller's own profile (spec 3 "My Profile").
import type {
  AppPasswordCreateBody,
  AppPasswordCreated,
  AppPasswordList,
  ChangePasswordBody,
  PasswordChanged,
  Profile,
  ProfileUpdateBody,
} from "@repox/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { queryKeys } from "../../api/query-keys.ts";
import { useAuth } from "../auth/auth-context.tsx";

export function useProfile() {
  return useQuery({ queryKey: queryKeys.profile, queryFn: () => api.get<Profile>("/my/profile") });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => api.put<Profile>("/my/profile", body),
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.profile, profile),
  });
}

/** The server ends every other session; this one goes on with the fresh token. */
export function useChangePassword() {
  const { replaceToken } = useAuth();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.put<PasswordChanged>("/my/password", body),
    onSuccess: ({ jwtToken }) => replaceToken(jwtToken),
  });
}

/** The caller's app passwords for WebDAV and other clients that sign in with a username and password. */
export function useAppPasswords() {
  return useQuery({ queryKey: queryKeys.appPasswords, queryFn: () => api.get<AppPasswordList>("/my/app-passwords") });
}

/** Answers the secret, which no later call shows again. */
export function useCreateAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppPasswordCreateBody) => api.post<AppPasswordCreated>("/my/app-passwords", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.appPasswords }),
  });
}

export function useRevokeAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/my/app-passwords/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.appPasswords }),
  });
}
