// The calls of the guide creator (issue 14 Guides): the paged list, one guide, create and update, publish and
// unpublish, delete, and the published guide as the public preview reads it (no sign-in).
import type { Asset, Guide, GuideBodyInput, PublicGuide } from "@repox/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { usePageQuery } from "../../api/page-query.ts";

export const GUIDES_PATH = "/guides";
const guidesKey = ["guides"] as const;
const guideKey = (id: string) => [...guidesKey, "item", id] as const;
const path = (id: string) => `${GUIDES_PATH}/${encodeURIComponent(id)}`;

export function useGuidePage(page: number) {
  return usePageQuery<Guide>([...guidesKey, "list"], GUIDES_PATH, { page });
}

export function useGuide(id: string | undefined) {
  return useQuery({
    queryKey: guideKey(id ?? ""),
    queryFn: ({ signal }) => api.get<Guide>(path(id as string), { signal }),
    enabled: id !== undefined,
  });
}

function useGuideMutation<V>(call: (variables: V) => Promise<Guide>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (guide) => {
      queryClient.setQueryData(guideKey(guide.id), guide);
      return queryClient.invalidateQueries({ queryKey: [...guidesKey, "list"] });
    },
  });
}

/** POST /api/guides without an id, PUT /api/guides/{id} with one. */
export function useSaveGuide(id: string | undefined) {
  return useGuideMutation((body: GuideBodyInput) => (id ? api.put<Guide>(path(id), body) : api.post<Guide>(GUIDES_PATH, body)));
}

export function usePublishGuide(id: string) {
  return useGuideMutation((isPublished: boolean) => api.post<Guide>(`${path(id)}/${isPublished ? "publish" : "unpublish"}`));
}

export function useDeleteGuide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(path(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...guidesKey, "list"] }),
  });
}

/** GET /api/pub/guides/{id}: answered for a published guide only. */
export function usePublicGuide(id: string) {
  return useQuery({
    queryKey: [...guidesKey, "public", id],
    queryFn: ({ signal }) => api.get<PublicGuide>(`/pub/guides/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
}

/** A story asset, for the link to show a picture just chosen (before the guide holds its copy). */
export const fetchAsset = (uuid: string) => api.get<Asset>(`/assets/${encodeURIComponent(uuid)}`);
