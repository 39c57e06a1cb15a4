// New slides and elements with the defaults of spec 3 §9 (and the delay rule of §4), valid under StoryDetails: the
// editor's 'Add Slide +' and 'Add Element +', and the server's default slide templates, start from these.
import {
  DEFAULT_BACKGROUND_COLOR,
  defaultElementSize,
  ELEMENT_DEFAULTS,
  type ElementType,
  newSlideDelays,
  SLIDE_DEFAULTS,
} from "./story-constants.ts";
import type { ElementAnimation, Slide, StoryBackground, StoryElement } from "./story-details.ts";
import { vimeoUrlOf, youtubeUrlOf } from "./story-videos.ts";

export function defaultElementAnimation(): ElementAnimation {
  return {
    editorElementDuration: ELEMENT_DEFAULTS.editorElementDurationSeconds,
    enterAnimation: ELEMENT_DEFAULTS.enterAnimation,
    leaveAnimation: ELEMENT_DEFAULTS.leaveAnimation,
    enterAnimationDelay: ELEMENT_DEFAULTS.enterAnimationDelayMs,
    leaveAnimationDelay: ELEMENT_DEFAULTS.leaveAnimationDelayMs,
    durationEnter: ELEMENT_DEFAULTS.durationEnterMs,
    durationLeave: ELEMENT_DEFAULTS.durationLeaveMs,
  };
}

const textStyle = () => ({
  color: ELEMENT_DEFAULTS.color,
  fontSize: ELEMENT_DEFAULTS.fontSize,
  textAlign: ELEMENT_DEFAULTS.textAlign,
  fontWeight: ELEMENT_DEFAULTS.fontWeight,
  fontFamily: ELEMENT_DEFAULTS.fontFamily,
});

/** A new element of `type` at (x, y), with the §9 defaults and the smallest valid size of its type. */
export function newElement(type: ElementType, id: string, at: { x: number; y: number } = { x: 0, y: 0 }): StoryElement {
  const base = {
    id,
    name: "",
    x: at.x,
    y: at.y,
    zIndex: ELEMENT_DEFAULTS.zIndex,
    rotation: ELEMENT_DEFAULTS.rotation,
    ...defaultElementSize(type),
    animation: defaultElementAnimation(),
  };
  switch (type) {
    case "TEXT":
      return { ...base, type, data: { text: ELEMENT_DEFAULTS.text, ...textStyle(), textDecoration: "none", fontStyle: "normal" } };
    case "TITLE":
      return { ...base, type, data: { text: ELEMENT_DEFAULTS.title, ...textStyle() } };
    case "IMAGE":
      return { ...base, type, data: { uuid: null, from: "stories", lockAspectRatio: true, dimensionsAreSet: false } };
    case "YOUTUBE":
      return {
        ...base,
        type,
        data: { url: youtubeUrlOf(ELEMENT_DEFAULTS.youtubeId), id: ELEMENT_DEFAULTS.youtubeId, lockAspectRatio: true },
      };
    case "VIMEO":
      return { ...base, type, data: { url: vimeoUrlOf(ELEMENT_DEFAULTS.vimeoId), id: ELEMENT_DEFAULTS.vimeoId, lockAspectRatio: true } };
  }
}

export function defaultBackground(): StoryBackground {
  return {
    color: DEFAULT_BACKGROUND_COLOR,
    position: SLIDE_DEFAULTS.backgroundPosition,
    uuid: null,
    size: SLIDE_DEFAULTS.backgroundSize,
    from: "stories",
  };
}

/**
 * A new empty slide: 'Slide {n}' (n one-based), the §9 defaults, and the §4 delays after the slide before it
 * (`previous` undefined for the first slide).
 */
export function newSlide(id: string, n: number, previous?: Pick<Slide, "animation">): Slide {
  const delays = newSlideDelays(previous?.animation.leaveAnimationDelay);
  return {
    id,
    templateId: null,
    name: `Slide ${n}`,
    duration: SLIDE_DEFAULTS.durationMs,
    background: defaultBackground(),
    animation: {
      enterAnimation: SLIDE_DEFAULTS.enterAnimation,
      leaveAnimation: SLIDE_DEFAULTS.leaveAnimation,
      enterAnimationDelay: delays.enter,
      leaveAnimationDelay: delays.leave,
      editorSlideDuration: SLIDE_DEFAULTS.editorSlideDurationSeconds,
      durationEnter: SLIDE_DEFAULTS.durationEnterMs,
      durationLeave: SLIDE_DEFAULTS.durationLeaveMs,
    },
    elements: [],
  };
}
