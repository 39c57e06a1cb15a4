import { newElement, newSlide, type Slide, type SlideDetails, StoryDetails, type StoryElement } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import {
  currentDraft,
  type EditorAction,
  type EditorState,
  editorReducer,
  hasUnsavedChanges,
  initialEditorState,
  selectedElement,
  selectedSlide,
} from "./editor-reducer.ts";
import { HISTORY_LIMIT } from "./history.ts";
import type { StoryDraft } from "./story-draft.ts";

function draftWith(slideCount: number): StoryDraft {
  const slides: Slide[] = [];
  for (let n = 1; n <= slideCount; n++) slides.push(newSlide(`s${n}`, n, slides.at(-1)));
  return {
    title: "Story",
    description: "",
    coverPage: null,
    isTemplate: false,
    tags: [],
    storyDetails: { screen: { width: 2560, height: 1440, slides } },
  };
}

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const slides = (state: EditorState) => currentDraft(state).storyDetails.screen.slides;
const elementsOf = (state: EditorState, index = 0) => slides(state)[index]?.elements ?? [];
const only = (state: EditorState): StoryElement => {
  const element = selectedElement(state);
  if (!element) throw new Error("no element selected");
  return element;
};
/** The draft stays valid under the schema the server checks with. */
const expectValid = (state: EditorState) => expect(StoryDetails.safeParse(currentDraft(state).storyDetails).error).toBeUndefined();

const withText = () =>
  run(initialEditorState(draftWith(1)), { type: "element/add", element: newElement("TEXT", "e1", { x: 100, y: 100 }) });

describe("slides", () => {
  it("selects the first slide on load, none when there are none", () => {
    expect(initialEditorState(draftWith(2)).selection).toEqual({ slideId: "s1", elementId: null });
    expect(initialEditorState(draftWith(0)).selection).toEqual({ slideId: null, elementId: null });
  });

  it("adds the first slide with delays 0 and 10000, the next after the last one's leave delay (spec 3 §4)", () => {
    let state = run(initialEditorState(draftWith(0)), { type: "slide/add", id: "a" });
    expect(slides(state)[0]).toMatchObject({
      id: "a",
      name: "Slide 1",
      animation: { enterAnimationDelay: 0, leaveAnimationDelay: 10_000 },
    });
    state = run(state, { type: "slide/add", id: "b" });
    expect(slides(state)[1]).toMatchObject({
      id: "b",
      name: "Slide 2",
      animation: { enterAnimationDelay: 11_000, leaveAnimationDelay: 20_000 },
    });
    expect(state.selection).toEqual({ slideId: "b", elementId: null });
    expectValid(state);
  });

  it("adds a slide from a template: its content, the template's id, the §4 delays, its own name", () => {
    const slideDetails: SlideDetails = {
      ...newSlide("t", 1),
      name: "Quote",
      duration: 12_000,
      elements: [newElement("TITLE", "title", { x: 10, y: 10 })],
    };
    const state = run(initialEditorState(draftWith(1)), {
      type: "slide/add",
      id: "n",
      template: { id: "00000000-0000-4000-8000-000000000001", slideDetails },
    });
    expect(slides(state)[1]).toMatchObject({
      id: "n",
      name: "Slide 2",
      templateId: "00000000-0000-4000-8000-000000000001",
      duration: 12_000,
      animation: { enterAnimationDelay: 11_000, leaveAnimationDelay: 20_000 },
    });
    expect(elementsOf(state, 1).map((element) => element.id)).toEqual(["title"]);
    expectValid(state);
  });

  it("duplicates right after the original with '(copy)' appended once", () => {
    let state = run(initialEditorState(draftWith(2)), { type: "slide/duplicate", slideId: "s1", copyId: "c1" });
    expect(slides(state).map((slide) => [slide.id, slide.name])).toEqual([
      ["s1", "Slide 1"],
      ["c1", "Slide 1 (copy)"],
      ["s2", "Slide 2"],
    ]);
    state = run(state, { type: "slide/duplicate", slideId: "c1", copyId: "c2" });
    expect(slides(state)[2]?.name).toBe("Slide 1 (copy)");
    expect(state.selection.slideId).toBe("c2");
    expectValid(state);
  });

  it("copies elements deeply: changing the copy leaves the original", () => {
    const state = run(
      withText(),
      { type: "slide/duplicate", slideId: "s1", copyId: "c1" },
      { type: "element/geometry", elementId: "e1", geometry: { x: 500 } },
    );
    expect(elementsOf(state, 0)[0]?.x).toBe(100);
    expect(elementsOf(state, 1)[0]?.x).toBe(500);
  });

  it("deletes a slide and selects its neighbour", () => {
    let state = run(initialEditorState(draftWith(3)), { type: "slide/select", slideId: "s2" }, { type: "slide/delete", slideId: "s2" });
    expect(slides(state).map((slide) => slide.id)).toEqual(["s1", "s3"]);
    expect(state.selection.slideId).toBe("s3");
    state = run(state, { type: "slide/select", slideId: "s3" }, { type: "slide/delete", slideId: "s3" });
    expect(state.selection.slideId).toBe("s1");
    state = run(state, { type: "slide/delete", slideId: "s1" });
    expect(state.selection).toEqual({ slideId: null, elementId: null });
  });

  it("reorders slides and keeps the selection on the moved slide", () => {
    const state = run(initialEditorState(draftWith(3)), { type: "slide/move", from: 0, to: 2 });
    expect(slides(state).map((slide) => slide.id)).toEqual(["s2", "s3", "s1"]);
    expect(state.selection.slideId).toBe("s1");
    expect(run(state, { type: "slide/move", from: 0, to: 5 })).toBe(state);
  });

  it("edits a slide's name, duration, background and animation; the editor duration raises the duration", () => {
    const state = run(
      initialEditorState(draftWith(1)),
      { type: "slide/update", slideId: "s1", fields: { name: "Intro", duration: 6000 } },
      { type: "slide/background", slideId: "s1", fields: { color: "#123456" } },
      { type: "slide/animation", slideId: "s1", fields: { enterAnimation: "fadeInLeft", editorSlideDuration: 8 } },
    );
    expect(selectedSlide(state)).toMatchObject({
      name: "Intro",
      duration: 8000,
      background: { color: "#123456" },
      animation: { enterAnimation: "fadeInLeft", editorSlideDuration: 8 },
    });
    expectValid(state);
  });

  it("shortening a slide pulls its elements' delays and animations back inside it; lengthening moves nothing", () => {
    const draft = draftWith(1);
    const [slide] = draft.storyDetails.screen.slides;
    if (!slide) throw new Error("a slide expected");
    const element = (id: string, animation: Partial<StoryElement["animation"]>): StoryElement => {
      const made = newElement("TEXT", id);
      return { ...made, animation: { ...made.animation, ...animation } };
    };
    slide.elements = [
      // The default: enters at 0 over 1 s, leaves at 9 s over 1 s.
      element("late", {}),
      element("early", { enterAnimationDelay: 500, leaveAnimationDelay: 2000 }),
      element("long", { enterAnimationDelay: 7000, durationEnter: 8000, leaveAnimationDelay: 9000, durationLeave: 2500 }),
    ];
    slide.animation = { ...slide.animation, editorSlideDuration: 1, durationEnter: 1000, durationLeave: 5000 };
    const state = run(initialEditorState(draft), { type: "slide/update", slideId: "s1", fields: { duration: 4000 } });
    const shortened = selectedSlide(state);
    const animations = Object.fromEntries((shortened?.elements ?? []).map((item) => [item.id, item.animation]));
    expect(animations.late).toMatchObject({ enterAnimationDelay: 0, durationEnter: 1000, leaveAnimationDelay: 3000, durationLeave: 1000 });
    expect(animations.early).toMatchObject({ enterAnimationDelay: 500, leaveAnimationDelay: 2000 });
    expect(shortened?.elements[1]).toBe(slides(initialEditorState(draft))[0]?.elements[1]);
    expect(animations.long).toMatchObject({ enterAnimationDelay: 0, durationEnter: 4000, leaveAnimationDelay: 1500, durationLeave: 2500 });
    expect(shortened?.animation).toMatchObject({ durationEnter: 1000, durationLeave: 4000 });
    for (const item of shortened?.elements ?? []) {
      expect(item.animation.leaveAnimationDelay + item.animation.durationLeave).toBeLessThanOrEqual(4000);
      expect(item.animation.enterAnimationDelay).toBeLessThanOrEqual(item.animation.leaveAnimationDelay);
    }
    expectValid(state);

    const longer = run(state, { type: "slide/update", slideId: "s1", fields: { duration: 12_000 } });
    expect(selectedSlide(longer)?.elements).toBe(shortened?.elements);
    // One undo step brings the old timings back.
    expect(selectedSlide(run(state, { type: "history/undo" }))?.elements).toEqual(slide.elements);
  });
});

describe("elements", () => {
  it("adds an element to the selected slide only, and selects it", () => {
    const state = withText();
    expect(only(state)).toMatchObject({ id: "e1", type: "TEXT", width: 200, height: 50, zIndex: 1, rotation: 0 });
    const none = run(initialEditorState(draftWith(0)), { type: "element/add", element: newElement("TEXT", "e1") });
    expect(slides(none)).toEqual([]);
  });

  it("adds elements of every type valid under the schema", () => {
    const state = run(
      initialEditorState(draftWith(1)),
      ...(["TEXT", "TITLE", "IMAGE", "YOUTUBE", "VIMEO"] as const).map(
        (type): EditorAction => ({ type: "element/add", element: newElement(type, type) }),
      ),
    );
    expect(elementsOf(state).map((element) => element.type)).toEqual(["TEXT", "TITLE", "IMAGE", "YOUTUBE", "VIMEO"]);
    expectValid(state);
  });

  it("moves and resizes in whole pixels, never below the type's minimum size", () => {
    let state = run(withText(), { type: "element/geometry", elementId: "e1", geometry: { x: 10.4, y: 20.6, width: 30, height: 10 } });
    expect(only(state)).toMatchObject({ x: 10, y: 21, width: 80, height: 40 });
    state = run(
      state,
      { type: "element/add", element: newElement("IMAGE", "i1") },
      { type: "element/geometry", elementId: "i1", geometry: { width: 50, height: 50 } },
    );
    expect(only(state)).toMatchObject({ width: 100, height: 100 });
    state = run(
      state,
      { type: "element/add", element: newElement("YOUTUBE", "y1") },
      { type: "element/geometry", elementId: "y1", geometry: { width: 1, height: 1 } },
    );
    expect(only(state)).toMatchObject({ width: 650, height: 350 });
    expectValid(state);
  });

  it("rotates in 45° steps and wraps to 0 past ±315", () => {
    let state = withText();
    const angles: number[] = [];
    for (let step = 0; step < 8; step++) {
      state = run(state, { type: "element/rotate", direction: 1 });
      angles.push(only(state).rotation);
    }
    expect(angles).toEqual([45, 90, 135, 180, 225, 270, 315, 0]);
    state = run(
      state,
      { type: "element/geometry", elementId: "e1", geometry: { rotation: -315 } },
      { type: "element/rotate", direction: -1 },
    );
    expect(only(state).rotation).toBe(0);
  });

  it("turns a dragged angle into a 45° step within ±315", () => {
    const rotated = (rotation: number) =>
      only(run(withText(), { type: "element/geometry", elementId: "e1", geometry: { rotation } })).rotation;
    expect(rotated(50)).toBe(45);
    expect(rotated(359)).toBe(0);
    expect(rotated(-100)).toBe(-90);
    expect(rotated(405)).toBe(45);
    expect(rotated(-360)).toBe(0);
  });

  it("nudges the selected element by the given pixels; a run of nudges is one undo step", () => {
    let state = run(
      withText(),
      { type: "element/nudge", dx: 1, dy: 0 },
      { type: "element/nudge", dx: 0, dy: -10 },
      { type: "element/nudge", dx: 10, dy: 0 },
    );
    expect(only(state)).toMatchObject({ x: 111, y: 90 });
    state = run(state, { type: "history/undo" });
    expect(only(state)).toMatchObject({ x: 100, y: 100 });
  });

  it("does nothing to nudge, rotate or delete without a selected element", () => {
    const state = run(withText(), { type: "element/select", elementId: null });
    for (const action of [
      { type: "element/nudge", dx: 1, dy: 1 },
      { type: "element/rotate", direction: 1 },
      { type: "element/delete" },
    ] as EditorAction[])
      expect(editorReducer(state, action)).toBe(state);
  });

  it("restacks: front, back, forward and backward renumber the zIndex", () => {
    let state = run(
      initialEditorState(draftWith(1)),
      { type: "element/add", element: newElement("TEXT", "a") },
      { type: "element/add", element: newElement("TEXT", "b") },
      { type: "element/add", element: newElement("TEXT", "c") },
    );
    const order = () => [...elementsOf(state)].sort((x, y) => x.zIndex - y.zIndex).map((element) => element.id);
    state = run(state, { type: "element/restack", elementId: "a", move: "front" });
    expect(order()).toEqual(["b", "c", "a"]);
    state = run(state, { type: "element/restack", elementId: "a", move: "back" });
    expect(order()).toEqual(["a", "b", "c"]);
    state = run(state, { type: "element/restack", elementId: "a", move: "forward" });
    expect(order()).toEqual(["b", "a", "c"]);
    state = run(state, { type: "element/restack", elementId: "c", move: "backward" });
    expect(order()).toEqual(["b", "c", "a"]);
    expect(elementsOf(state).map((element) => element.zIndex)).toEqual([3, 1, 2]);
    // A new element lands on top of the restacked ones, not under them with the default zIndex 1.
    state = run(state, { type: "element/add", element: newElement("TEXT", "d") });
    expect(order()).toEqual(["b", "c", "a", "d"]);
    expect(elementsOf(state).at(-1)?.zIndex).toBe(3);
  });

  it("keeps the default zIndex 1 for new elements of a slide never restacked", () => {
    const state = run(
      initialEditorState(draftWith(1)),
      { type: "element/add", element: newElement("TEXT", "a") },
      { type: "element/add", element: newElement("TEXT", "b") },
    );
    expect(elementsOf(state).map((element) => element.zIndex)).toEqual([1, 1]);
  });

  it("edits data and animation; typing in one field is one undo step", () => {
    let state = run(
      withText(),
      { type: "element/update", elementId: "e1", data: { text: "H" }, mergeKey: "e1:text" },
      { type: "element/update", elementId: "e1", data: { text: "Hi" }, mergeKey: "e1:text" },
      { type: "element/update", elementId: "e1", data: { fontFamily: "Ubuntu", fontWeight: 700 } },
      { type: "element/animation", elementId: "e1", fields: { enterAnimation: "fadeInUp", enterAnimationDelay: 250 } },
      { type: "element/update", elementId: "e1", name: "Heading" },
    );
    expect(only(state)).toMatchObject({
      name: "Heading",
      data: { text: "Hi", fontFamily: "Ubuntu", fontWeight: 700 },
      animation: { enterAnimation: "fadeInUp" },
    });
    expectValid(state);
    state = run(state, { type: "history/undo" }, { type: "history/undo" }, { type: "history/undo" });
    expect(only(state).data).toMatchObject({ text: "Hi", fontFamily: "Roboto" });
    state = run(state, { type: "history/undo" });
    expect(only(state).data).toMatchObject({ text: "Enter your text" });
  });

  it("deletes the selected element, or the one named", () => {
    let state = run(withText(), { type: "element/add", element: newElement("TITLE", "e2") }, { type: "element/delete" });
    expect(elementsOf(state).map((element) => element.id)).toEqual(["e1"]);
    expect(state.selection.elementId).toBeNull();
    state = run(state, { type: "element/delete", elementId: "e1" });
    expect(elementsOf(state)).toEqual([]);
  });

  it("sizes an image once on first load: halved when larger than the screen, amended into the step that added it", () => {
    let state = run(initialEditorState(draftWith(1)), { type: "element/add", element: newElement("IMAGE", "i1") });
    state = run(state, { type: "image/loaded", slideId: "s1", elementId: "i1", natural: { width: 4000, height: 3000 } });
    expect(only(state)).toMatchObject({ width: 2000, height: 1500, data: { dimensionsAreSet: true } });
    state = run(state, { type: "image/loaded", slideId: "s1", elementId: "i1", natural: { width: 10, height: 10 } });
    expect(only(state)).toMatchObject({ width: 2000, height: 1500 });
    expect(elementsOf(run(state, { type: "history/undo" }))).toEqual([]);

    let small = run(initialEditorState(draftWith(1)), { type: "element/add", element: newElement("IMAGE", "i2") });
    small = run(small, { type: "image/loaded", slideId: "s1", elementId: "i2", natural: { width: 640, height: 480 } });
    expect(only(small)).toMatchObject({ width: 640, height: 480 });
  });
});

describe("undo, redo and saving", () => {
  it("undoes and redoes every change in order, and a new change drops the redo steps", () => {
    let state = run(withText(), { type: "element/geometry", elementId: "e1", geometry: { x: 300 } }, { type: "slide/add", id: "s2" });
    state = run(state, { type: "history/undo" });
    expect(slides(state)).toHaveLength(1);
    state = run(state, { type: "history/undo" });
    expect(elementsOf(state)[0]?.x).toBe(100);
    state = run(state, { type: "history/redo" }, { type: "history/redo" });
    expect(slides(state)).toHaveLength(2);
    state = run(state, { type: "history/undo" }, { type: "story/update", fields: { title: "New" } });
    expect(editorReducer(state, { type: "history/redo" })).toBe(state);
  });

  it("clears the selection of what an undo removed", () => {
    const state = run(withText(), { type: "history/undo" });
    expect(state.selection).toEqual({ slideId: "s1", elementId: null });
  });

  it("keeps at most HISTORY_LIMIT undo steps", () => {
    let state = withText();
    for (let n = 0; n < HISTORY_LIMIT + 20; n++) state = run(state, { type: "element/geometry", elementId: "e1", geometry: { x: n } });
    expect(state.history.past).toHaveLength(HISTORY_LIMIT);
  });

  it("has unsaved changes until saved, and again after an undo past the save", () => {
    let state = initialEditorState(draftWith(1));
    expect(hasUnsavedChanges(state)).toBe(false);
    state = run(state, { type: "story/update", fields: { title: "Renamed" } });
    expect(hasUnsavedChanges(state)).toBe(true);
    state = run(state, { type: "saved", draft: currentDraft(state) });
    expect(hasUnsavedChanges(state)).toBe(false);
    state = run(state, { type: "history/undo" });
    expect(hasUnsavedChanges(state)).toBe(true);
    expect(currentDraft(state).title).toBe("Story");
  });

  it("edits the story's own fields and tags as undo steps", () => {
    const tag = { id: 1, name: "news", scope: "web", color: "#000000" };
    let state = run(
      initialEditorState(draftWith(1)),
      { type: "story/update", fields: { description: "About", coverPage: null } },
      { type: "story/tags", tags: [tag] },
    );
    expect(currentDraft(state)).toMatchObject({ description: "About", tags: [tag] });
    state = run(state, { type: "history/undo" });
    expect(currentDraft(state).tags).toEqual([]);
  });
});
