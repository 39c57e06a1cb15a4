// The save (create or update) and delete mutations of one kind of item: the call, then the refresh of the cached
// queries it made stale.
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "./client.ts";

/** `key` null creates an item; otherwise it names the item to update. */
export type SaveRequest<K, Create, Update = Create> = { key: null; body: Create } | { key: K; body: Update };

type Target<K, Saved> = {
  /** Where new items are posted. */
  collectionPath: string;
  itemPath: (key: K) => string;
  invalidates: readonly QueryKey[];
  /** Where the saved item is cached at once, so an editor reopening it needs no call. */
  detailKey?: (saved: Saved) => QueryKey;
};

/** Marks the given queries stale (refetching those on screen); resolves when they have reloaded. */
export function useInvalidation(keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useSaveMutation<Saved, K extends string | number, Create, Update = Create>(target: Target<K, Saved>) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidation(target.invalidates);
  return useMutation({
    mutationFn: ({ key, body }: SaveRequest<K, Create, Update>) =>
      key === null ? api.post<Saved>(target.collectionPath, body) : api.put<Saved>(target.itemPath(key), body),
    onSuccess: async (saved) => {
      if (target.detailKey) queryClient.setQueryData(target.detailKey(saved), saved);
      await invalidate();
    },
  });
}

export function useDeleteMutation<K>({ itemPath, invalidates }: Pick<Target<K, unknown>, "itemPath" | "invalidates">) {
  const invalidate = useInvalidation(invalidates);
  return useMutation({ mutationFn: (key: K) => api.delete(itemPath(key)), onSuccess: invalidate });
}
