// What the editor edits of a story: the fields of the PUT body an author can change. The rest (type, ratio,
// orientation, canvas) comes from the story as loaded and never changes in the editor.
import type { Story, StoryDetails, StoryTag, StoryUpdateBodyInput } from "@repox/contracts";

export type StoryDraft = {
  title: string;
  description: string;
  coverPage: string | null;
  isTemplate: boolean;
  /** Tags as shown ('scope:name'); saved as their ids. */
  tags: StoryTag[];
  storyDetails: StoryDetails;
};

export function draftFromStory(story: Story): StoryDraft {
  return {
    title: story.title,
    description: story.description,
    coverPage: story.coverPage,
    isTemplate: story.isTemplate,
    tags: story.tags,
    storyDetails: story.storyDetails,
  };
}

/** PUT /api/stories/{id}: the whole story, tags as ids. */
export function draftToBody(
  story: Pick<Story, "id" | "storyType" | "aspectRatio" | "orientation">,
  draft: StoryDraft,
): StoryUpdateBodyInput {
  return {
    id: story.id,
    title: draft.title,
    description: draft.description,
    coverPage: draft.coverPage,
    storyType: story.storyType === "SLIDESHOW" ? "SLIDESHOW" : undefined,
    aspectRatio: story.aspectRatio,
    orientation: story.orientation,
    isTemplate: draft.isTemplate,
    tags: draft.tags.map((tag) => tag.id),
    storyDetails: draft.storyDetails,
  };
}
