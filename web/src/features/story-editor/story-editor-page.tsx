// /stories/edit/{id} (spec 3 §2 Story editor): loads the story, then hands it to the editor (story-editor.tsx).
import { useParams } from "react-router";
import { QueryStatus } from "../../components/query-status.tsx";
import { useStory } from "../stories/api.ts";
import { StoryEditor } from "./story-editor.tsx";

export function StoryEditorPage() {
  const { id } = useParams();
  const story = useStory(id);
  if (!story.data) return <QueryStatus isLoading={story.isLoading} error={story.error} />;
  return <StoryEditor key={story.data.id} story={story.data} />;
}
