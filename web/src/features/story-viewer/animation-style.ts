// A phase of the story clock (timing.ts) as CSS. Playing animations are animate.css keyframes, created paused with a
// negative `animation-delay` of the time already played: a paused animation holds its time at 0, so its active time
// is exactly -delay, and the frame shown depends on the clock alone — never on when the browser started the animation
// or how fast it paints. The player re-renders this on every tick of its clock (real time or driven from outside).
// Before entering and after leaving the thing is hidden: every fadeIn starts and every fadeOut ends at opacity 0.
import type { CSSProperties } from "react";
import type { PhaseState } from "./timing.ts";

const HIDDEN: CSSProperties = { opacity: 0, visibility: "hidden" };
const AT_REST: CSSProperties = {};

export function animationStyle(state: PhaseState | undefined): CSSProperties {
  if (!state || state.phase === "shown") return AT_REST;
  if (state.phase === "before" || state.phase === "after" || !state.animation) return HIDDEN;
  return {
    animationName: state.animation,
    animationDuration: `${state.durationMs}ms`,
    animationDelay: `${-state.offsetMs}ms`,
    animationTimingFunction: "ease",
    animationFillMode: "both",
    animationPlayState: "paused",
  };
}
