import { describe, expect, it } from "vitest";
import { draggedElementDelays, draggedSlideDuration, pixelsToMs, toDelayStep } from "./timeline-drag.ts";

describe("timeline drag maths", () => {
  it("turns track pixels into milliseconds of the axis and rounds to 0.25 s", () => {
    expect(pixelsToMs(50, 200, 10_000)).toBe(2500);
    expect(pixelsToMs(-20, 200, 10_000)).toBe(-1000);
    expect(pixelsToMs(30, 0, 10_000)).toBe(0);
    expect(toDelayStep(1120)).toBe(1000);
    expect(toDelayStep(1130)).toBe(1250);
  });

  it("lengthens and shortens a slide on the 0.25 s grid, never below its editor minimum", () => {
    const slide = { duration: 10_000, animation: { editorSlideDuration: 5 } };
    expect(draggedSlideDuration(slide, 1300)).toBe(11_250);
    expect(draggedSlideDuration(slide, -3100)).toBe(7000);
    expect(draggedSlideDuration(slide, -9000)).toBe(5000);
    expect(draggedSlideDuration({ duration: 8000, animation: { editorSlideDuration: 6.1 } }, -5000)).toBe(6250);
  });

  it("moves an element's enter with the bar's start, never past its leave nor before 0", () => {
    const delays = { enterAnimationDelay: 1000, leaveAnimationDelay: 3000 };
    expect(draggedElementDelays(delays, "start", 740, 10_000)).toEqual({ enterAnimationDelay: 1750, leaveAnimationDelay: 3000 });
    expect(draggedElementDelays(delays, "start", 5000, 10_000)).toEqual({ enterAnimationDelay: 3000, leaveAnimationDelay: 3000 });
    expect(draggedElementDelays(delays, "start", -4000, 10_000)).toEqual({ enterAnimationDelay: 0, leaveAnimationDelay: 3000 });
  });

  it("moves an element's leave with the bar's end, within the enter and the slide's end", () => {
    const delays = { enterAnimationDelay: 1000, leaveAnimationDelay: 3000 };
    expect(draggedElementDelays(delays, "end", 2400, 10_000)).toEqual({ enterAnimationDelay: 1000, leaveAnimationDelay: 5500 });
    expect(draggedElementDelays(delays, "end", 20_000, 10_000)).toEqual({ enterAnimationDelay: 1000, leaveAnimationDelay: 10_000 });
    expect(draggedElementDelays(delays, "end", -5000, 10_000)).toEqual({ enterAnimationDelay: 1000, leaveAnimationDelay: 1000 });
  });

  it("moves the whole bar keeping its length, stopping at the slide's start and end", () => {
    const delays = { enterAnimationDelay: 1000, leaveAnimationDelay: 3000 };
    expect(draggedElementDelays(delays, "body", 1600, 10_000)).toEqual({ enterAnimationDelay: 2500, leaveAnimationDelay: 4500 });
    expect(draggedElementDelays(delays, "body", -3000, 10_000)).toEqual({ enterAnimationDelay: 0, leaveAnimationDelay: 2000 });
    expect(draggedElementDelays(delays, "body", 30_000, 10_000)).toEqual({ enterAnimationDelay: 8000, leaveAnimationDelay: 10_000 });
    // A leave already past the slide's end does not jump back.
    expect(draggedElementDelays({ enterAnimationDelay: 0, leaveAnimationDelay: 12_000 }, "body", 1000, 10_000)).toEqual({
      enterAnimationDelay: 0,
      leaveAnimationDelay: 12_000,
    });
  });
});
