// The settings the public pages need too (product name, default language, self-registration), without sign-in.
// The last answer is kept in localStorage, so a page load shows the tenant's name and language at once, not
// 'Repox' in English until the call returns; the call still runs and replaces it.
import "../../app/storage-fallback.ts";
import { PublicSettings } from "@repox/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { queryKeys } from "../../api/query-keys.ts";
import { currentTenant } from "../../api/tenant.ts";

/** What shows until the tenant's settings have arrived once. */
export const FALLBACK_PRODUCT_NAME = "Repox";

const storageKey = () => `publicSettings:${currentTenant()}`;

function readKept(): PublicSettings | undefined {
  try {
    const parsed = PublicSettings.safeParse(JSON.parse(localStorage.getItem(storageKey()) ?? "null"));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function fetchPublicSettings(signal: AbortSignal): Promise<PublicSettings> {
  const settings = await api.get<PublicSettings>("/public_settings", { signal });
  localStorage.setItem(storageKey(), JSON.stringify(settings));
  return settings;
}

export function usePublicSettings() {
  return useQuery({
    queryKey: queryKeys.publicSettings,
    queryFn: ({ signal }) => fetchPublicSettings(signal),
    placeholderData: readKept,
    staleTime: 5 * 60_000,
  });
}

export function useProductName(): string {
  return usePublicSettings().data?.productName ?? FALLBACK_PRODUCT_NAME;
}
