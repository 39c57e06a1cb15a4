// The caller's own profile (spec 3 "My Profile").
import type { ChangePasswordBody, PasswordChanged, Profile, ProfileUpdateBody } from "@repox/contracts";
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
