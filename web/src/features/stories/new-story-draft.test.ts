import { describe, expect, it } from "vitest";
import { EMPTY_NEW_STORY, newStoryBody } from "./new-story-draft.ts";

const complete = { title: "Harbour walk", storyType: "SLIDESHOW", orientation: "LANDSCAPE", aspectRatio: "16:9" } as const;

describe("new story", () => {
  it("needs a title, a type, an orientation and an aspect ratio", () => {
    expect(newStoryBody(EMPTY_NEW_STORY)).toBeNull();
    expect(newStoryBody({ ...complete, title: "   " })).toBeNull();
    expect(newStoryBody({ ...complete, storyType: null })).toBeNull();
    expect(newStoryBody({ ...complete, orientation: null })).toBeNull();
    expect(newStoryBody({ ...complete, aspectRatio: null })).toBeNull();
    expect(newStoryBody({ ...complete, title: "x".repeat(256) })).toBeNull();
    expect(newStoryBody(complete)).not.toBeNull();
  });

  it("sends the trimmed title and the canvas of the ratio, swapped for portrait", () => {
    expect(newStoryBody({ ...complete, title: "  Harbour walk " })).toEqual({
      title: "Harbour walk",
      description: "",
      storyType: "SLIDESHOW",
      aspectRatio: "16:9",
      orientation: "LANDSCAPE",
      storyDetails: { screen: { width: 2560, height: 1440, slides: [] } },
    });
    expect(newStoryBody({ ...complete, aspectRatio: "4:3" })?.storyDetails?.screen).toEqual({ width: 2560, height: 1920, slides: [] });
    expect(newStoryBody({ ...complete, aspectRatio: "4:3", orientation: "PORTRAIT" })?.storyDetails?.screen).toEqual({
      width: 1920,
      height: 2560,
      slides: [],
    });
  });
});
