// The caller's own permission codes (spec 1 §6); the menu and buttons ask `can(code)`.
import type { PermissionCode } from "@repox/contracts";
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../../api/client.ts";
import { queryKeys } from "../../api/query-keys.ts";

export function useMyPermissions() {
  const { data: codes, isLoading } = useQuery({
    queryKey: queryKeys.myPermissions,
    queryFn: () => api.get<string[]>("/my/permissions"),
  });
  const can = useCallback((code: PermissionCode) => codes?.includes(code) ?? false, [codes]);
  return { can, isLoading };
}
