// Story fixtures for tests: a story with a slide of every element type, and helpers to create stories, tags and
// slide templates through the API that fail loudly.
import {
  ELEMENT_TYPES,
  newElement,
  newSlide,
  type SlideDetailsInput,
  type SlideInput,
  type StoryCreateBodyInput,
  type StoryDetailsInput,
  type StoryUpdateBodyInput,
} from "@repox/contracts";
import type { Caller } from "../../test/test-app.ts";

export const STORIES = "/api/stories";
export const STORY_TAGS = "/api/story_tags";
export const SLIDE_TEMPLATES = "/api/slide_templates";

/** `count` slides; the first holds one element of every type (TEXT, TITLE, IMAGE, YOUTUBE, VIMEO, in that order). */
export function storyDetails(count = 1): StoryDetailsInput & { screen: { slides: SlideInput[] } } {
  const slides: SlideInput[] = [];
  let previous: ReturnType<typeof newSlide> | undefined;
  for (let n = 1; n <= count; n++) {
    const slide = newSlide(`slide-${n}`, n, previous);
    if (n === 1) slide.elements = ELEMENT_TYPES.map((type, index) => newElement(type, `element-${index}`, { x: 100 * index, y: 100 }));
    slides.push(slide);
    previous = slide;
  }
  return { screen: { width: 1, height: 1, slides } };
}

export function storyBody(overrides: Partial<StoryCreateBodyInput> = {}): StoryCreateBodyInput {
  return { title: "Island trip", description: "Ten days by the sea", aspectRatio: "16:9", orientation: "LANDSCAPE", ...overrides };
}

export function updateBody(overrides: Partial<StoryUpdateBodyInput> = {}): StoryUpdateBodyInput {
  return { ...storyBody(), coverPage: null, isTemplate: false, tags: [], storyDetails: storyDetails(2), ...overrides };
}

/** Creates a story and answers its uuid. */
export async function newStory(caller: Caller, overrides: Partial<StoryCreateBodyInput> = {}): Promise<string> {
  const answer = await caller.request("POST", STORIES, storyBody(overrides));
  if (answer.statusCode !== 201) throw new Error(`POST ${STORIES} answered ${answer.statusCode}: ${answer.body}`);
  return answer.json().uuid;
}

export async function newStoryTag(caller: Caller, scope: string, name: string, color = "#336699"): Promise<number> {
  const answer = await caller.request("POST", STORY_TAGS, { scope, name, color });
  if (answer.statusCode !== 201) throw new Error(`POST ${STORY_TAGS} answered ${answer.statusCode}: ${answer.body}`);
  return answer.json().id;
}

export function templateBody(slideDetails: SlideDetailsInput, overrides: Record<string, unknown> = {}) {
  return {
    title: "My layout",
    description: "Saved from a slide",
    aspectRatio: "16:9",
    orientation: "LANDSCAPE",
    slideDetails,
    ...overrides,
  };
}

/** A slide's details without its identity, as a template keeps them. */
export function slideDetailsOf(slide: SlideInput): SlideDetailsInput {
  const { id: _id, templateId: _templateId, ...details } = slide;
  return details;
}
