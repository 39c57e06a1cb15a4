// The viewer's call: the story to play, with a signed link for each picture (GET /api/stories/{id}/view).
import type { StoryView } from "@repox/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";

export function useStoryView(id: string) {
  return useQuery({
    queryKey: ["story-view", id],
    queryFn: ({ signal }) => api.get<StoryView>(`/stories/${encodeURIComponent(id)}/view`, { signal }),
    retry: false,
    // A playing story is not swapped under the viewer: the signed links last at least half an hour, and every picture
    // is in the story cache before the first slide.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
