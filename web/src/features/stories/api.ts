// The calls of the stories list and the Story new screen (spec 3 §7 Stories): the paged, searched and sorted list, one
// story, and creating a story (answered with its uuid).
import type { Story, StoryCreateBodyInput, StoryCreated, StorySort, StorySummary } from "@repox/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { usePageQuery } from "../../api/page-query.ts";
import { queryKeys } from "../../api/query-keys.ts";

export const STORIES_PATH = "/stories";
export const storyPath = (id: string) => `${STORIES_PATH}/${encodeURIComponent(id)}`;
const storyKey = (id: string) => [...queryKeys.stories, "item", id] as const;

/** One page of stories; the page size is the server's. */
export function useStoryPage({ page, q, sort }: { page: number; q: string; sort: StorySort }) {
  return usePageQuery<StorySummary>([...queryKeys.stories, "list"], STORIES_PATH, { page, sort, ...(q ? { q } : {}) });
}

export function useStory(id: string | undefined) {
  return useQuery({
    queryKey: storyKey(id ?? ""),
    queryFn: ({ signal }) => api.get<Story>(storyPath(id as string), { signal }),
    enabled: id !== undefined,
  });
}

export function useCreateStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StoryCreateBodyInput) => api.post<StoryCreated>(STORIES_PATH, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...queryKeys.stories, "list"] }),
  });
}
