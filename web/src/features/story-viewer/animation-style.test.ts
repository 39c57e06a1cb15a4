import { describe, expect, it } from "vitest";
import { animationStyle } from "./animation-style.ts";
import type { PhaseState } from "./timing.ts";

const state = (phase: PhaseState["phase"], animation: string | null = null, offsetMs = 0, durationMs = 0): PhaseState => ({
  phase,
  animation,
  offsetMs,
  durationMs,
  progress: durationMs ? offsetMs / durationMs : 0,
});

describe("a phase as CSS", () => {
  it("seeks a playing animation with a paused negative delay", () => {
    expect(animationStyle(state("entering", "fadeInLeft", 250, 1000))).toEqual({
      animationName: "fadeInLeft",
      animationDuration: "1000ms",
      animationDelay: "-250ms",
      animationTimingFunction: "ease",
      animationFillMode: "both",
      animationPlayState: "paused",
    });
    expect(animationStyle(state("leaving", "fadeOutUp", 0, 500))).toMatchObject({ animationName: "fadeOutUp", animationDelay: "0ms" });
  });

  it("hides what has not entered or has left, and leaves what is shown (or at rest) alone", () => {
    expect(animationStyle(state("before"))).toEqual({ opacity: 0, visibility: "hidden" });
    expect(animationStyle(state("after"))).toEqual({ opacity: 0, visibility: "hidden" });
    expect(animationStyle(state("shown"))).toEqual({});
    expect(animationStyle(undefined)).toEqual({});
  });
});
