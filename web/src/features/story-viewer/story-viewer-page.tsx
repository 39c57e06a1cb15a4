// /{tenant}/repox-story/{uuid} (spec 3 §2): the story full window, for a signed-in holder of repox.stories.show (the
// editor's Preview opens it). `?clock=external` leaves the clock to an exporter (story-clock.ts) and hides the buttons.
import { IconAlertTriangle } from "@tabler/icons-react";
import { useEffect } from "react";
import { useParams, useSearchParams } from "react-router";
import { errorText } from "../../api/errors.ts";
import { DeadEnd } from "../../components/dead-end.tsx";
import { DelayedLoader } from "../../components/delayed-loader.tsx";
import { useStoryView } from "./api.ts";
import { StoryPlayer } from "./story-player.tsx";

export function StoryViewerPage() {
  const { uuid = "" } = useParams();
  const [params] = useSearchParams();
  const isExternalClock = params.get("clock") === "external";
  const story = useStoryView(uuid);

  useEffect(() => {
    if (story.data) document.title = story.data.title;
  }, [story.data]);

  if (story.isPending) return <DelayedLoader />;
  if (story.isError) return <DeadEnd icon={<IconAlertTriangle />} title={errorText(story.error)} />;
  const { storyDetails, width, height, pictures, title } = story.data;
  return (
    <div style={{ position: "fixed", inset: 0 }}>
      <StoryPlayer
        screen={storyDetails.screen}
        width={width}
        height={height}
        pictures={pictures}
        label={title}
        clock={isExternalClock ? "external" : "realtime"}
        videoMode={isExternalClock ? "poster" : "embed"}
      />
    </div>
  );
}
