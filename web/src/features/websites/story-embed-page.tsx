// /{tenant}/story-embed/{websiteId} (spec 3 §2 public routes): the story assigned to a website, played by the stories
// viewer filling the frame, without sign-in; other sites frame it (the server lets any site frame this route). When
// the website has no story or does not exist, the server's message shows in its place.
import { Center, Text } from "@mantine/core";
import type { StoryView } from "@repox/contracts";
import { IconPresentationOff } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useParams } from "react-router";
import { api } from "../../api/client.ts";
import { errorText } from "../../api/errors.ts";
import { DelayedLoader } from "../../components/delayed-loader.tsx";
import { StoryPlayer } from "../story-viewer/index.ts";

function usePublicWebsiteStory(websiteId: string) {
  return useQuery({
    queryKey: ["public-website-story", websiteId],
    queryFn: ({ signal }) => api.get<StoryView>(`/str/pub/websites/${encodeURIComponent(websiteId)}/story`, { signal }),
    retry: false,
    // The story plays on; its media are in the story cache before the first slide.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function StoryEmbedPage() {
  const { websiteId = "" } = useParams();
  const story = usePublicWebsiteStory(websiteId);

  useEffect(() => {
    if (story.data) document.title = story.data.title;
  }, [story.data]);

  if (story.isPending) return <DelayedLoader />;
  if (story.isError) {
    return (
      <Center pos="fixed" inset={0} p="md">
        <Center style={{ flexDirection: "column", gap: 8 }} c="dimmed">
          <IconPresentationOff size={40} stroke={1.2} />
          <Text data-testid="embed-message">{errorText(story.error)}</Text>
        </Center>
      </Center>
    );
  }
  const { storyDetails, width, height, pictures, title } = story.data;
  return (
    <div style={{ position: "fixed", inset: 0 }} data-testid="story-embed">
      <StoryPlayer screen={storyDetails.screen} width={width} height={height} pictures={pictures} label={title} />
    </div>
  );
}
