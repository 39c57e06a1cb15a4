// The calls of the websites list and editor (spec 3 §7 Websites): the paged list, one website, create and update
// {name, description}, delete, the Activity tab, and assigning or removing the story. Every change refreshes the
// websites' cached answers.
import type { ActivityItem, Page, Website, WebsiteBodyInput } from "@repox/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { usePageQuery } from "../../api/page-query.ts";

export const WEBSITES_PATH = "/str/websites";
const websitesKey = ["websites"] as const;
const websitePath = (id: string) => `${WEBSITES_PATH}/${encodeURIComponent(id)}`;

export function useWebsitePage(page: number) {
  return usePageQuery<Website>([...websitesKey, "list"], WEBSITES_PATH, { page });
}

export function useWebsite(id: string | undefined) {
  return useQuery({
    queryKey: [...websitesKey, "item", id ?? ""],
    queryFn: ({ signal }) => api.get<Website>(websitePath(id as string), { signal }),
    enabled: id !== undefined,
  });
}

export function useWebsiteActivity(id: string, page: number) {
  return useQuery({
    queryKey: [...websitesKey, "item", id, "activity", page],
    queryFn: ({ signal }) => api.get<Page<ActivityItem>>(`${websitePath(id)}/activity`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

function useWebsiteMutation<V>(call: (variables: V) => Promise<Website | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: websitesKey }),
  });
}

/** Creates (id null) or updates a website. */
export function useSaveWebsite() {
  return useWebsiteMutation(({ id, body }: { id: string | null; body: WebsiteBodyInput }) =>
    id === null ? api.post<Website>(WEBSITES_PATH, body) : api.put<Website>(websitePath(id), body),
  );
}

export function useDeleteWebsite() {
  return useWebsiteMutation((id: string) => api.delete(websitePath(id)));
}

export function useLinkStory() {
  return useWebsiteMutation(({ id, storyId }: { id: string; storyId: string }) =>
    api.post<Website>(`${websitePath(id)}/link`, { storyId }),
  );
}

export function useUnlinkStory() {
  return useWebsiteMutation((id: string) => api.post<Website>(`${websitePath(id)}/unlink`, {}));
}
