// The Timeline's drag maths (spec 3 §4, §5, §9), pure: a pointer moved along a track of `trackPx` pixels showing
// `axisMs` milliseconds becomes a new slide duration or new element delays, on the 0.25 s grid, within their rules.
import { type ElementAnimation, STORY_LIMITS, STORY_STEPS } from "@repox/contracts";

/** What part of a bar is dragged: its start (the enter), its end (the leave) or the whole bar. */
export type BarHandle = "start" | "end" | "body";

/** The nearest 0.25 s step. */
export const toDelayStep = (ms: number) => Math.round(ms / STORY_STEPS.delayMs) * STORY_STEPS.delayMs;

/** Pixels moved on the track as milliseconds on its axis. */
export function pixelsToMs(dx: number, trackPx: number, axisMs: number): number {
  return trackPx > 0 ? (dx / trackPx) * axisMs : 0;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** A slide's duration after its end moved by `deltaMs`: on the grid, never below the slide's editor minimum. */
export function draggedSlideDuration(slide: { duration: number; animation: { editorSlideDuration: number } }, deltaMs: number): number {
  const least = Math.max(
    STORY_LIMITS.slideDurationMinMs,
    Math.ceil((slide.animation.editorSlideDuration * 1000) / STORY_STEPS.durationMs) * STORY_STEPS.durationMs,
  );
  return clamp(toDelayStep(slide.duration + deltaMs), least, STORY_LIMITS.slideDurationMaxMs);
}

type ElementDelays = Pick<ElementAnimation, "enterAnimationDelay" | "leaveAnimationDelay">;

/**
 * An element's delays after a drag of `deltaMs` on its bar, counted from the slide's start: the start moves the enter,
 * the end the leave, the body both by the same amount. Delays stay on the grid within 0..`slideMs` (the slide's
 * duration, or the leave delay if that already lies beyond it), and the leave never comes before the enter.
 */
export function draggedElementDelays(delays: ElementDelays, handle: BarHandle, deltaMs: number, slideMs: number): ElementDelays {
  const { enterAnimationDelay: enter, leaveAnimationDelay: leave } = delays;
  const end = Math.max(slideMs, leave);
  if (handle === "start") return { enterAnimationDelay: clamp(toDelayStep(enter + deltaMs), 0, leave), leaveAnimationDelay: leave };
  if (handle === "end") return { enterAnimationDelay: enter, leaveAnimationDelay: clamp(toDelayStep(leave + deltaMs), enter, end) };
  const shift = clamp(toDelayStep(enter + deltaMs) - enter, -enter, end - leave);
  return { enterAnimationDelay: enter + shift, leaveAnimationDelay: leave + shift };
}
