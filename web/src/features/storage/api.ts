// Storage (spec 1 §2 Storage): the tenant's usage, kept in session storage so the side menu shows it at once, and its
// files by size, 20 at a time. Both sit under the content key: every upload, remove or delete refreshes them.
import { type Page, STORAGE_PAGE_SIZE, type StorageInfo, type StorageItem } from "@repox/contracts";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../api/client.ts";
import { queryKeys } from "../../api/query-keys.ts";

const STORAGE_INFO_SESSION_KEY = "storage-info";

const storageKey = [...queryKeys.containers, "storage"] as const;

function storedInfo(): StorageInfo | undefined {
  const text = sessionStorage.getItem(STORAGE_INFO_SESSION_KEY);
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && "used" in value && "total" in value) {
      const { used, total } = value;
      if (typeof used === "number" && typeof total === "number") return { used, total };
    }
  } catch {
    // A damaged entry is simply fetched again.
  }
  return undefined;
}

export function useStorageInfo() {
  const query = useQuery({
    queryKey: [...storageKey, "info"],
    queryFn: ({ signal }) => api.get<StorageInfo>("/storage/info", { signal }),
    initialData: storedInfo,
    // The stored figures show at once but are refreshed on mount.
    initialDataUpdatedAt: 0,
  });
  useEffect(() => {
    if (query.data) sessionStorage.setItem(STORAGE_INFO_SESSION_KEY, JSON.stringify(query.data));
  }, [query.data]);
  return query;
}

export function useStorageItems() {
  return useInfiniteQuery({
    queryKey: [...storageKey, "items"],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<StorageItem>>("/storage/items", { query: { page: pageParam, size: STORAGE_PAGE_SIZE }, signal }),
    initialPageParam: 0,
    getNextPageParam: (page: Page<StorageItem>) => (page.last ? undefined : page.number + 1),
  });
}
