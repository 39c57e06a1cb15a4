// The Story new screen's choices (spec 3 §2, §4, §5): Next is enabled only with a title, a story type, an orientation
// and an aspect ratio; the story is created on the canvas of its ratio and orientation with no slides yet.
import {
  type AspectRatio,
  canvasSize,
  type Orientation,
  type SELECTABLE_STORY_TYPES,
  STORY_LIMITS,
  type StoryCreateBodyInput,
} from "@repox/contracts";

/** Only a slideshow can be made; the other type cards are shown but cannot be chosen. */
export type SelectableStoryType = (typeof SELECTABLE_STORY_TYPES)[number];

export type NewStoryDraft = {
  title: string;
  storyType: SelectableStoryType | null;
  orientation: Orientation | null;
  aspectRatio: AspectRatio | null;
};

export const EMPTY_NEW_STORY: NewStoryDraft = { title: "", storyType: null, orientation: null, aspectRatio: null };

/** The body of POST /api/stories, or null while a choice is missing (Next stays disabled). */
export function newStoryBody(draft: NewStoryDraft): StoryCreateBodyInput | null {
  const title = draft.title.trim();
  const { storyType, orientation, aspectRatio } = draft;
  if (!title || title.length > STORY_LIMITS.titleMaxLength || !storyType || !orientation || !aspectRatio) return null;
  return {
    title,
    description: "",
    storyType,
    aspectRatio,
    orientation,
    storyDetails: { screen: { ...canvasSize(aspectRatio, orientation), slides: [] } },
  };
}
