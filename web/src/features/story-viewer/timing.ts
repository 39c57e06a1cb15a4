// The story's clock as a pure function: where a story is at any time, so the player (in real time), the editor (at
// rest), the still and video exports (a clock the renderer drives) and the screens all show the same frame for the
// same time, whatever the machine's speed.
//
// The time axis: slides play one after another, each for its `duration` (ms); slide n starts at the sum of the
// durations before it. Inside a slide:
// - the slide itself enters with its enter animation over its first `durationEnter` ms and leaves with its leave
//   animation over its last `durationLeave` ms (its `enterAnimationDelay`/`leaveAnimationDelay` place it on the
//   editor's story-wide timeline and do not move it here: the durations are what plays);
// - each element enters at its `enterAnimationDelay` (ms from the slide's start) over `durationEnter` ms, stays, and
//   leaves at its `leaveAnimationDelay` over `durationLeave` ms; before it enters and after it left it is not shown.
//   A leave that starts before the enter ended wins from its start on.
import type { ElementAnimation, Slide, SlideAnimation, StoryScreen } from "@repox/contracts";

export type AnimationPhase = "before" | "entering" | "shown" | "leaving" | "after";

/** Where one animated thing (a slide or an element) is at a moment. */
export type PhaseState = {
  phase: AnimationPhase;
  /** The animate.css animation playing (entering or leaving), else null. */
  animation: string | null;
  /** Milliseconds into that animation, and its length (0 when none plays). */
  offsetMs: number;
  durationMs: number;
  /** offsetMs / durationMs while an animation plays; 0 before, 1 shown or after. */
  progress: number;
};

export type SlideState = {
  slideIndex: number;
  slide: Slide;
  /** When the slide starts on the story's time axis, and the time elapsed inside it. */
  slideStartMs: number;
  elapsedMs: number;
  /** The slide's own enter/leave. */
  slidePhase: PhaseState;
  /** Each element's phase, by element id. */
  elements: Record<string, PhaseState>;
};

export type SlideTiming = { id: string; name: string; startMs: number; durationMs: number; restMs: number };
export type StoryTimeline = { durationMs: number; slides: SlideTiming[] };

type Timed = Pick<ElementAnimation, "enterAnimation" | "leaveAnimation" | "durationEnter" | "durationLeave">;

const SHOWN: PhaseState = { phase: "shown", animation: null, offsetMs: 0, durationMs: 0, progress: 1 };
const BEFORE: PhaseState = { phase: "before", animation: null, offsetMs: 0, durationMs: 0, progress: 0 };
const AFTER: PhaseState = { phase: "after", animation: null, offsetMs: 0, durationMs: 0, progress: 1 };

function playing(phase: "entering" | "leaving", animation: string, offsetMs: number, durationMs: number): PhaseState {
  return { phase, animation, offsetMs, durationMs, progress: offsetMs / durationMs };
}

/** The phase at `t` of something entering at `enterAt` and leaving at `leaveAt` (ms on the same axis). */
export function phaseAt(timing: Timed, enterAt: number, leaveAt: number, t: number): PhaseState {
  if (t < enterAt) return BEFORE;
  if (t >= leaveAt) {
    const into = t - leaveAt;
    return into < timing.durationLeave ? playing("leaving", timing.leaveAnimation, into, timing.durationLeave) : AFTER;
  }
  const into = t - enterAt;
  return into < timing.durationEnter ? playing("entering", timing.enterAnimation, into, timing.durationEnter) : SHOWN;
}

export function elementPhaseAt(animation: ElementAnimation, elapsedMs: number): PhaseState {
  return phaseAt(animation, animation.enterAnimationDelay, animation.leaveAnimationDelay, elapsedMs);
}

export function slidePhaseAt(slide: { duration: number; animation: SlideAnimation }, elapsedMs: number): PhaseState {
  if (elapsedMs >= slide.duration) return AFTER;
  return phaseAt(slide.animation, 0, Math.max(0, slide.duration - slide.animation.durationLeave), elapsedMs);
}

/**
 * The moment of a slide (ms from its start) when it is at rest: the slide and every element have entered and none
 * has begun to leave, or, when no such moment exists, the last moment before the slide starts to leave.
 */
export function restTimeOfSlide(slide: Pick<Slide, "duration" | "animation" | "elements">): number {
  const leaveStart = Math.max(0, slide.duration - slide.animation.durationLeave);
  const entered = slide.elements.reduce(
    (latest, element) => Math.max(latest, element.animation.enterAnimationDelay + element.animation.durationEnter),
    Math.min(slide.animation.durationEnter, leaveStart),
  );
  return Math.min(entered, leaveStart);
}

export function storyTimeline(screen: Pick<StoryScreen, "slides">): StoryTimeline {
  let startMs = 0;
  const slides = screen.slides.map((slide) => {
    const timing = { id: slide.id, name: slide.name, startMs, durationMs: slide.duration, restMs: startMs + restTimeOfSlide(slide) };
    startMs += slide.duration;
    return timing;
  });
  return { durationMs: startMs, slides };
}

/**
 * Where the story is at `timeMs`: the slide on screen, the time inside it, and the phase of the slide and of each
 * element. Past the end the story starts again when `loop`, else it stays on the last slide's end. Null for a story
 * without slides.
 */
export function slideStateAt(screen: Pick<StoryScreen, "slides">, timeMs: number, { loop = false } = {}): SlideState | null {
  const timeline = storyTimeline(screen);
  const total = timeline.durationMs;
  if (screen.slides.length === 0 || total <= 0) return null;
  const t = loop ? ((timeMs % total) + total) % total : Math.min(Math.max(timeMs, 0), total);
  let slideIndex = timeline.slides.findIndex((timing) => t < timing.startMs + timing.durationMs);
  if (slideIndex < 0) slideIndex = screen.slides.length - 1;
  const slide = screen.slides[slideIndex] as Slide;
  const slideStartMs = (timeline.slides[slideIndex] as SlideTiming).startMs;
  const elapsedMs = t - slideStartMs;
  const elements: Record<string, PhaseState> = {};
  for (const element of slide.elements) elements[element.id] = elementPhaseAt(element.animation, elapsedMs);
  return { slideIndex, slide, slideStartMs, elapsedMs, slidePhase: slidePhaseAt(slide, elapsedMs), elements };
}

/** The start of slide `index` on the story's time axis (clamped to the slides there are). */
export function slideStartTime(screen: Pick<StoryScreen, "slides">, index: number): number {
  const timeline = storyTimeline(screen);
  const clamped = Math.min(Math.max(index, 0), timeline.slides.length - 1);
  return timeline.slides[clamped]?.startMs ?? 0;
}

/**
 * What decides the picture at `timeMs`: the slide on screen and where the slide and each element are in their
 * animations. Two times with the same key show the same picture (nothing moves between them), so an exporter renders
 * the frame once and repeats it; a key changes whenever anything on screen does.
 */
export function frameKeyAt(screen: Pick<StoryScreen, "slides">, timeMs: number): string {
  const state = slideStateAt(screen, timeMs);
  if (!state) return "";
  const phase = (p: PhaseState) => `${p.phase}:${p.animation ?? ""}:${p.offsetMs}`;
  const elements = state.slide.elements.map((element) => phase(state.elements[element.id] ?? BEFORE));
  return [state.slideIndex, phase(state.slidePhase), ...elements].join("|");
}
