// The settings the public pages need too (product name, default language, self-registration), without sign-in.
import type { PublicSettings } from "@repox/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { queryKeys } from "../../api/query-keys.ts";

/** What shows until the tenant's settings have arrived. */
export const FALLBACK_PRODUCT_NAME = "Repox";

export function usePublicSettings() {
  return useQuery({
    queryKey: queryKeys.publicSettings,
    queryFn: ({ signal }) => api.get<PublicSettings>("/public_settings", { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useProductName(): string {
  return usePublicSettings().data?.productName ?? FALLBACK_PRODUCT_NAME;
}
