import { describe, expect, it } from "vitest";
import { fieldPath } from "./common.ts";
import { StoryCreateBody, StoryTagBody, StoryUpdateBody } from "./stories.ts";
import { newElement, newSlide } from "./story-builder.ts";
import {
  canvasSize,
  duplicateSlideName,
  ELEMENT_TYPES,
  ENTER_ANIMATIONS,
  LEAVE_ANIMATIONS,
  newSlideDelays,
  rotateStep,
  STORY_FONTS,
  STORY_LIMITS,
} from "./story-constants.ts";
import { picturesOfStory, StoryDetails, type StoryDetailsInput } from "./story-details.ts";
import { vimeoVideoId, youtubeVideoId } from "./story-videos.ts";

const IMAGE = "0190a8c4-5b1e-7c3d-8e2f-3a4b5c6d7e8f";

function fullStory(): StoryDetailsInput {
  const first = newSlide("s1", 1);
  const second = newSlide("s2", 2, first);
  first.elements = ELEMENT_TYPES.map((type, index) => newElement(type, `e${index}`, { x: index * 10, y: 5 }));
  const picture = newElement("IMAGE", "pic");
  if (picture.type === "IMAGE") picture.data = { uuid: IMAGE, from: "store", lockAspectRatio: true, dimensionsAreSet: true };
  second.elements = [picture];
  return { screen: { width: 2560, height: 1440, slides: [first, second] } };
}

/** Each problem as `path message`, the way the API's error messages name them. */
function problems(details: unknown): string[] {
  const parsed = StoryDetails.safeParse(details);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${fieldPath(["storyDetails", ...issue.path])} ${issue.message}`);
}

type Fields = Record<string, unknown>;
type DraftElement = Fields & { data: Fields; animation: Fields };
type DraftSlide = Fields & { background: Fields; elements: DraftElement[] };
type Draft = { screen: { slides: DraftSlide[] } };

function present<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("the full story has no such part");
  return value;
}
const slide = (story: Draft, index: number) => present(story.screen.slides[index]);
/** An element of the first slide. */
const element = (story: Draft, index: number) => present(slide(story, 0).elements[index]);

/** A copy of the full story with one change made to it. */
function changed(change: (story: Draft) => void): unknown {
  const story = structuredClone(fullStory()) as unknown as Draft;
  change(story);
  return story;
}

describe("storyDetails", () => {
  it("accepts a story with every element type, and the builders' slides and elements are valid", () => {
    expect(problems(fullStory())).toEqual([]);
  });

  it("fills the §9 defaults of what is left out", () => {
    const parsed = StoryDetails.parse({
      screen: {
        slides: [{ id: "s", name: "One", elements: [{ id: "t", type: "TEXT", x: 0, y: 0, width: 200, height: 50, data: { text: "Hi" } }] }],
      },
    });
    const slide = parsed.screen.slides[0];
    expect(slide?.duration).toBe(10_000);
    expect(slide?.background).toEqual({ color: "#fff", position: "center center", uuid: null, size: "cover", from: "stories" });
    expect(slide?.animation).toMatchObject({
      enterAnimationDelay: 1000,
      leaveAnimationDelay: 3000,
      editorSlideDuration: 5,
      durationEnter: 1000,
    });
    expect(slide?.elements[0]).toMatchObject({
      zIndex: 1,
      rotation: 0,
      data: { color: "#101010", fontSize: 20, fontWeight: 300, fontFamily: "Roboto", textDecoration: "none", fontStyle: "normal" },
      animation: { enterAnimation: "fadeIn", leaveAnimation: "fadeOut", durationEnter: 1000, durationLeave: 1000 },
    });
  });

  it("names the path of each bad field", () => {
    const at = "storyDetails.screen.slides[0].elements";
    const cases: [Parameters<typeof changed>[0], string][] = [
      [(s) => Object.assign(element(s, 2), { width: 99 }), `${at}[2].width must be at least 100 for an IMAGE element`],
      [(s) => Object.assign(element(s, 2), { height: 99 }), `${at}[2].height must be at least 100 for an IMAGE element`],
      [(s) => Object.assign(element(s, 3), { width: 649 }), `${at}[3].width must be at least 650 for a YOUTUBE element`],
      [(s) => Object.assign(element(s, 3), { height: 349 }), `${at}[3].height must be at least 350 for a YOUTUBE element`],
      [(s) => Object.assign(element(s, 0), { width: 79 }), `${at}[0].width must be at least 80 for a TEXT element`],
      [(s) => Object.assign(element(s, 1), { height: 39 }), `${at}[1].height must be at least 40 for a TITLE element`],
      [(s) => Object.assign(element(s, 4), { width: 79 }), `${at}[4].width must be at least 80 for a VIMEO element`],
      [(s) => Object.assign(element(s, 0), { rotation: 30 }), `${at}[0].rotation must be a multiple of 45`],
      [(s) => Object.assign(element(s, 0), { rotation: 360 }), `${at}[0].rotation must be at most 315`],
      [(s) => Object.assign(element(s, 0), { rotation: -360 }), `${at}[0].rotation must be at least -315`],
      [(s) => Object.assign(element(s, 0), { type: "GALLERY" }), `${at}[0].type must be one of TEXT, TITLE, IMAGE, YOUTUBE, VIMEO`],
      [(s) => Object.assign(element(s, 0), { x: "left" }), `${at}[0].x must be a number`],
      [(s) => Object.assign(element(s, 1), { id: "e0" }), `${at}[1].id 'e0' is used by another element of the slide`],
      [(s) => Object.assign(element(s, 0).data, { color: "red" }), `${at}[0].data.color must be a hex colour such as #1a2b3c`],
      [
        (s) => Object.assign(element(s, 0).data, { fontFamily: "Comic Sans MS" }),
        `${at}[0].data.fontFamily must be one of ${STORY_FONTS.join(", ")}`,
      ],
      [
        (s) => Object.assign(element(s, 0).data, { fontWeight: 350 }),
        `${at}[0].data.fontWeight must be one of 100, 200, 300, 400, 500, 600, 700, 800, 900`,
      ],
      [
        (s) => Object.assign(element(s, 0).data, { textDecoration: "overline" }),
        `${at}[0].data.textDecoration must be one of none, underline`,
      ],
      [(s) => Object.assign(element(s, 0).data, { fontStyle: "oblique" }), `${at}[0].data.fontStyle must be one of normal, italic`],
      [
        (s) => Object.assign(element(s, 1).data, { textAlign: "middle" }),
        `${at}[1].data.textAlign must be one of left, center, right, justify`,
      ],
      [(s) => Object.assign(element(s, 2).data, { from: "web" }), `${at}[2].data.from must be one of stories, store`],
      [(s) => Object.assign(element(s, 2).data, { uuid: "nope" }), `${at}[2].data.uuid must be a valid UUID`],
      [(s) => Object.assign(element(s, 3).data, { url: "https://example.org/v" }), `${at}[3].data.url must be a YouTube video link`],
      [(s) => Object.assign(element(s, 3).data, { id: "short" }), `${at}[3].data.id must be the 11-character YouTube video id`],
      [(s) => Object.assign(element(s, 3).data, { id: "AAAAAAAAAAA" }), `${at}[3].data.id must be the id the url names (aqz-KE-bpKQ)`],
      [(s) => Object.assign(element(s, 4).data, { url: "https://vimeo.com/about" }), `${at}[4].data.url must be a Vimeo video link`],
      [
        (s) => Object.assign(element(s, 0).animation, { enterAnimation: "bounceIn" }),
        `${at}[0].animation.enterAnimation must be one of ${ENTER_ANIMATIONS.join(", ")}`,
      ],
      [
        (s) => Object.assign(element(s, 0).animation, { leaveAnimation: "fadeIn" }),
        `${at}[0].animation.leaveAnimation must be one of ${LEAVE_ANIMATIONS.join(", ")}`,
      ],
      [(s) => Object.assign(element(s, 0).animation, { durationEnter: -1 }), `${at}[0].animation.durationEnter must be at least 0`],
      [
        (s) => Object.assign(element(s, 0).animation, { enterAnimationDelay: 5000, leaveAnimationDelay: 4000 }),
        `${at}[0].animation.leaveAnimationDelay must not be less than enterAnimationDelay`,
      ],
      [(s) => Object.assign(slide(s, 1), { id: "s1" }), "storyDetails.screen.slides[1].id 's1' is used by another slide"],
      [
        (s) => Object.assign(slide(s, 0), { duration: 4000 }),
        "storyDetails.screen.slides[0].duration must be at least the slide's editor duration (5000 ms)",
      ],
      [
        (s) => Object.assign(slide(s, 1).background, { color: "#12345" }),
        "storyDetails.screen.slides[1].background.color must be a hex colour such as #1a2b3c",
      ],
      [(s) => Object.assign(slide(s, 0), { templateId: "pre1" }), "storyDetails.screen.slides[0].templateId must be a valid UUID"],
      [(s) => Object.assign(slide(s, 0), { name: undefined }), "storyDetails.screen.slides[0].name is required"],
    ];
    for (const [change, message] of cases) expect(problems(changed(change))).toEqual([message]);
  });

  it("bounds slides, elements and size", () => {
    const many = Array.from({ length: STORY_LIMITS.slidesMax + 1 }, (_, i) => newSlide(`s${i}`, i + 1));
    expect(problems({ screen: { slides: many } })).toEqual(["storyDetails.screen.slides must hold at most 500 slides"]);
    const crowded = newSlide("s", 1);
    crowded.elements = Array.from({ length: STORY_LIMITS.elementsPerSlideMax + 1 }, (_, i) => newElement("TEXT", `e${i}`));
    expect(problems({ screen: { slides: [crowded] } })).toEqual(["storyDetails.screen.slides[0].elements must hold at most 200 elements"]);
    const huge = Array.from({ length: 300 }, (_, i) => {
      const slide = newSlide(`s${i}`, i + 1);
      slide.elements = [
        {
          ...newElement("TEXT", "t"),
          data: { ...(newElement("TEXT", "t").data as object), text: "x".repeat(STORY_LIMITS.textMaxLength) },
        } as never,
      ];
      slide.elements.push(...Array.from({ length: 30 }, (_, j) => newElement("TEXT", `e${j}`)));
      return slide;
    });
    expect(problems({ screen: { slides: huge } })).toEqual(["storyDetails must be at most 5 MB of JSON"]);
  });

  it("lists the pictures a story shows with their paths", () => {
    const story = StoryDetails.parse(changed((s) => Object.assign(slide(s, 0).background, { uuid: IMAGE, from: "store" })));
    expect(picturesOfStory(story).map((picture) => [picture.from, fieldPath(picture.path)])).toEqual([
      ["store", "storyDetails.screen.slides[0].background.uuid"],
      ["store", "storyDetails.screen.slides[1].elements[0].data.uuid"],
    ]);
  });
});

describe("story bodies", () => {
  it("creates slideshows only, with a ratio and an orientation", () => {
    expect(StoryCreateBody.parse({ title: " Trip ", aspectRatio: "16:9", orientation: "PORTRAIT" })).toMatchObject({
      title: "Trip",
      description: "",
      storyType: "SLIDESHOW",
      storyDetails: { screen: { slides: [] } },
    });
    const timeline = StoryCreateBody.safeParse({ title: "T", storyType: "TIMELINE", aspectRatio: "4:3", orientation: "LANDSCAPE" });
    expect(timeline.error?.issues[0]?.message).toBe("must be SLIDESHOW: other story types cannot be made");
    const missing = StoryCreateBody.safeParse({ title: "", aspectRatio: "21:9" });
    expect(missing.error?.issues.map((issue) => `${fieldPath(issue.path)} ${issue.message}`)).toEqual([
      "title is required",
      "aspectRatio must be one of 16:9, 4:3",
      "orientation is required",
    ]);
  });

  it("takes tags as ids on update", () => {
    const body = StoryUpdateBody.safeParse({
      title: "T",
      aspectRatio: "4:3",
      orientation: "LANDSCAPE",
      tags: [1, "x"],
      storyDetails: { screen: {} },
    });
    expect(body.error?.issues.map((issue) => `${fieldPath(issue.path)} ${issue.message}`)).toEqual(["tags[1] must be a story tag id"]);
  });

  it("story tags: scope and name without ':' and a hex colour", () => {
    expect(StoryTagBody.parse({ name: " Athens ", scope: "place" })).toEqual({ name: "Athens", scope: "place", color: "#000000" });
    expect(StoryTagBody.safeParse({ name: "a:b", scope: "x", color: "#abc" }).error?.issues[0]?.message).toBe(
      "must not contain ':' (a tag is shown as scope:name)",
    );
    expect(StoryTagBody.safeParse({ name: "a", scope: "x", color: "blue" }).error?.issues[0]?.path).toEqual(["color"]);
  });
});

describe("story constants and helpers", () => {
  it("canvas sizes: 2560×1440 for 16:9, 2560×1920 for 4:3, swapped for portrait", () => {
    expect(canvasSize("16:9", "LANDSCAPE")).toEqual({ width: 2560, height: 1440 });
    expect(canvasSize("4:3", "LANDSCAPE")).toEqual({ width: 2560, height: 1920 });
    expect(canvasSize("16:9", "PORTRAIT")).toEqual({ width: 1440, height: 2560 });
    expect(canvasSize("4:3", "PORTRAIT")).toEqual({ width: 1920, height: 2560 });
  });

  it("rotation wraps to 0 past ±315; slide delays and copy names follow §4", () => {
    expect(rotateStep(270, 1)).toBe(315);
    expect(rotateStep(315, 1)).toBe(0);
    expect(rotateStep(-315, -1)).toBe(0);
    expect(newSlideDelays(undefined)).toEqual({ enter: 0, leave: 10_000 });
    expect(newSlideDelays(10_000)).toEqual({ enter: 11_000, leave: 20_000 });
    expect(duplicateSlideName("Intro")).toBe("Intro (copy)");
    expect(duplicateSlideName("Intro (copy)")).toBe("Intro (copy)");
  });

  it("video ids from links", () => {
    expect(youtubeVideoId("https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=3")).toBe("aqz-KE-bpKQ");
    expect(youtubeVideoId("https://youtu.be/aqz-KE-bpKQ")).toBe("aqz-KE-bpKQ");
    expect(youtubeVideoId("https://www.youtube.com/embed/aqz-KE-bpKQ")).toBe("aqz-KE-bpKQ");
    expect(youtubeVideoId("https://www.youtube.com/shorts/aqz-KE-bpKQ")).toBe("aqz-KE-bpKQ");
    expect(youtubeVideoId("https://evil.example/watch?v=aqz-KE-bpKQ")).toBeNull();
    expect(youtubeVideoId("javascript:alert(1)")).toBeNull();
    expect(vimeoVideoId("https://vimeo.com/1084537")).toBe("1084537");
    expect(vimeoVideoId("https://player.vimeo.com/video/1084537?h=1")).toBe("1084537");
    expect(vimeoVideoId("https://vimeo.com/channels/staffpicks/1084537")).toBe("1084537");
    expect(vimeoVideoId("https://example.org/1084537")).toBeNull();
  });
});
