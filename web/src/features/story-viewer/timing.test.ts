import { newElement, newSlide, type Slide, type StoryElement } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { elementPhaseAt, frameKeyAt, restTimeOfSlide, slideStartTime, slideStateAt, storyTimeline } from "./timing.ts";

function element(id: string, animation: Partial<StoryElement["animation"]> = {}): StoryElement {
  const made = newElement("TEXT", id);
  return { ...made, animation: { ...made.animation, ...animation } };
}

function slide(id: string, duration: number, elements: StoryElement[] = [], animation: Partial<Slide["animation"]> = {}): Slide {
  const made = newSlide(id, 1);
  return { ...made, duration, elements, animation: { ...made.animation, ...animation } };
}

/** Slide a: 4 s, one element entering at 500 over 1000 and leaving at 2500 over 500. Slide b: 6 s, no elements. */
const screen = {
  slides: [
    slide("a", 4000, [
      element("e1", {
        enterAnimation: "fadeInLeft",
        enterAnimationDelay: 500,
        durationEnter: 1000,
        leaveAnimationDelay: 2500,
        durationLeave: 500,
      }),
    ]),
    slide("b", 6000),
  ],
};

describe("element phases", () => {
  const e = (screen.slides[0] as Slide).elements[0] as StoryElement;
  const at = (t: number) => elementPhaseAt(e.animation, t);

  it("is not shown before its enter delay", () => {
    expect(at(0)).toMatchObject({ phase: "before", animation: null, progress: 0 });
    expect(at(499.9).phase).toBe("before");
  });

  it("enters from its delay over its enter duration, with the animation's offset and progress", () => {
    expect(at(500)).toEqual({ phase: "entering", animation: "fadeInLeft", offsetMs: 0, durationMs: 1000, progress: 0 });
    expect(at(750)).toEqual({ phase: "entering", animation: "fadeInLeft", offsetMs: 250, durationMs: 1000, progress: 0.25 });
    expect(at(1499)).toMatchObject({ phase: "entering", offsetMs: 999 });
  });

  it("is shown at rest between the end of its enter and its leave delay", () => {
    expect(at(1500)).toMatchObject({ phase: "shown", animation: null, progress: 1 });
    expect(at(2499)).toMatchObject({ phase: "shown" });
  });

  it("leaves from its leave delay over its leave duration, then is gone", () => {
    expect(at(2500)).toEqual({ phase: "leaving", animation: "fadeOut", offsetMs: 0, durationMs: 500, progress: 0 });
    expect(at(2750)).toMatchObject({ phase: "leaving", progress: 0.5 });
    expect(at(3000)).toMatchObject({ phase: "after", animation: null });
  });

  it("lets a leave that starts before the enter ended win from its start", () => {
    const early = element("x", { enterAnimationDelay: 0, durationEnter: 1000, leaveAnimationDelay: 600, durationLeave: 1000 });
    expect(elementPhaseAt(early.animation, 599)).toMatchObject({ phase: "entering" });
    expect(elementPhaseAt(early.animation, 600)).toMatchObject({ phase: "leaving", offsetMs: 0 });
  });

  it("skips an animation of no duration", () => {
    const instant = element("x", { enterAnimationDelay: 100, durationEnter: 0, leaveAnimationDelay: 200, durationLeave: 0 });
    expect(elementPhaseAt(instant.animation, 100).phase).toBe("shown");
    expect(elementPhaseAt(instant.animation, 200).phase).toBe("after");
  });
});

describe("slides on the story's time axis", () => {
  it("plays the slides one after another for their durations", () => {
    expect(storyTimeline(screen)).toEqual({
      durationMs: 10_000,
      slides: [
        { id: "a", name: "Slide 1", startMs: 0, durationMs: 4000, restMs: 1500 },
        { id: "b", name: "Slide 1", startMs: 4000, durationMs: 6000, restMs: 4000 + 1000 },
      ],
    });
    expect(slideStartTime(screen, 1)).toBe(4000);
    expect(slideStartTime(screen, 9)).toBe(4000);
  });

  it("changes slide exactly at the boundary", () => {
    expect(slideStateAt(screen, 3999.9)).toMatchObject({ slideIndex: 0, elapsedMs: 3999.9 });
    expect(slideStateAt(screen, 4000)).toMatchObject({ slideIndex: 1, slideStartMs: 4000, elapsedMs: 0 });
  });

  it("animates the slide in over its first and out over its last milliseconds", () => {
    expect(slideStateAt(screen, 4000)?.slidePhase).toMatchObject({ phase: "entering", animation: "fadeIn", progress: 0 });
    expect(slideStateAt(screen, 4500)?.slidePhase).toMatchObject({ phase: "entering", progress: 0.5 });
    expect(slideStateAt(screen, 5000)?.slidePhase.phase).toBe("shown");
    expect(slideStateAt(screen, 9000)?.slidePhase).toMatchObject({ phase: "leaving", animation: "fadeOut", progress: 0 });
    expect(slideStateAt(screen, 9999)?.slidePhase).toMatchObject({ phase: "leaving", offsetMs: 999 });
  });

  it("gives each element's phase from the slide's start", () => {
    expect(slideStateAt(screen, 1000)?.elements).toEqual({
      e1: { phase: "entering", animation: "fadeInLeft", offsetMs: 500, durationMs: 1000, progress: 0.5 },
    });
    expect(slideStateAt(screen, 4000)?.elements).toEqual({});
  });

  it("stays on the last slide's end past the story, or starts again when looping", () => {
    expect(slideStateAt(screen, 25_000)).toMatchObject({ slideIndex: 1, elapsedMs: 6000, slidePhase: { phase: "after" } });
    expect(slideStateAt(screen, -5)).toMatchObject({ slideIndex: 0, elapsedMs: 0 });
    expect(slideStateAt(screen, 11_000, { loop: true })).toMatchObject({ slideIndex: 0, elapsedMs: 1000 });
    expect(slideStateAt(screen, 24_500, { loop: true })).toMatchObject({ slideIndex: 1, elapsedMs: 500 });
  });

  it("answers null for a story without slides", () => {
    expect(slideStateAt({ slides: [] }, 0)).toBeNull();
  });

  it("gives the same state for the same time, whatever was asked before", () => {
    const times = [0, 733.33, 1000, 2600, 4000, 9500.5];
    const first = times.map((t) => JSON.stringify(slideStateAt(screen, t)));
    const shuffled = [...times].reverse().map((t) => JSON.stringify(slideStateAt(screen, t)));
    expect(shuffled.reverse()).toEqual(first);
  });
});

describe("rest time of a slide", () => {
  it("is when the slide and every element have entered", () => {
    expect(restTimeOfSlide(slide("s", 10_000, [element("a", { enterAnimationDelay: 2000, durationEnter: 1500 })]))).toBe(3500);
    expect(restTimeOfSlide(slide("s", 10_000, [], { durationEnter: 800 }))).toBe(800);
  });

  it("never falls inside the slide's leave", () => {
    expect(restTimeOfSlide(slide("s", 3000, [element("a", { enterAnimationDelay: 2500, leaveAnimationDelay: 9000 })]))).toBe(2000);
  });

  it("gives two moments the same frame key only when nothing on screen moves between them", () => {
    // Slide a: e1 enters 500..1500, shown 1500..2500, leaves 2500..3000; slide b has no elements.
    expect(frameKeyAt(screen, 1600)).toBe(frameKeyAt(screen, 2400));
    expect(frameKeyAt(screen, 600)).not.toBe(frameKeyAt(screen, 633));
    expect(frameKeyAt(screen, 2600)).not.toBe(frameKeyAt(screen, 2400));
    expect(frameKeyAt(screen, 3999)).not.toBe(frameKeyAt(screen, 4000));
    expect(frameKeyAt({ slides: [] }, 0)).toBe("");
  });
});
