// What an export reports when the viewer could not load a picture or font: the slide and element, by number and name.
import { newElement, StoryDetails } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { checkLoadedMedia, describePlace } from "./export-preflight.ts";
import { storyDetails } from "./testing.ts";

const PICTURE = "0190a0b0-0000-7000-8000-00000000abcd";

function story(): StoryDetails {
  const details = storyDetails(3);
  const third = details.screen.slides[2];
  if (!third) throw new Error("three slides expected");
  third.name = "Harbour";
  const image = newElement("IMAGE", "photo");
  if (image.type === "IMAGE") image.data = { uuid: PICTURE, from: "stories", lockAspectRatio: true, dimensionsAreSet: true };
  const text = newElement("TEXT", "caption");
  if (text.type === "TEXT") text.data = { ...text.data, fontFamily: "Ubuntu" };
  third.elements = [text, image];
  return StoryDetails.parse(details);
}

describe("export preflight", () => {
  it("names slide and element, the slide's background, or the story's", () => {
    const details = story();
    expect(describePlace(details, ["screen", "slides", 2, "elements", 1, "data", "uuid"])).toBe("Slide 3 'Harbour', element 2 (IMAGE)");
    expect(describePlace(details, ["screen", "slides", 2, "background", "uuid"])).toBe("Slide 3 'Harbour', background");
    expect(describePlace(details, ["screen", "background", "uuid"])).toBe("The story's background");
  });

  it("refuses with every picture and font the viewer could not load, and passes when nothing is missing", () => {
    const details = story();
    expect(() => checkLoadedMedia(details, { pictures: [], fonts: [] })).not.toThrow();
    const missing = { pictures: [{ uuid: PICTURE.toUpperCase(), from: "stories" }], fonts: ['normal 400 16px "Ubuntu"'] };
    expect(() => checkLoadedMedia(details, missing)).toThrow(
      expect.objectContaining({
        status: 422,
        message:
          "This story cannot be exported: Slide 3 'Harbour', element 2 (IMAGE): the picture " +
          `${PICTURE} could not be loaded; Slide 3 'Harbour', element 1 (TEXT): the font Ubuntu could not be loaded.`,
      }),
    );
  });
});
