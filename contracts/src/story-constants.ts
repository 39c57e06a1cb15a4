// Stories (spec 3 §3, §4, §5, §9): the fixed values the editor, the viewer and the server share — canvas sizes,
// fonts, animation names, steps, limits and the defaults of new slides and elements.

export const STORY_TYPES = ["SLIDESHOW", "TIMELINE", "OBJECTS"] as const;
export type StoryType = (typeof STORY_TYPES)[number];
/** Only slideshows can be made; TIMELINE and OBJECTS exist in the model but are not selectable (spec 3 §2). */
export const SELECTABLE_STORY_TYPES = ["SLIDESHOW"] as const satisfies readonly StoryType[];

export const ASPECT_RATIOS = ["16:9", "4:3"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export const ORIENTATIONS = ["LANDSCAPE", "PORTRAIT"] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** Spec 3 §4 and §9: the landscape canvas of each ratio; portrait swaps width and height. */
export const LANDSCAPE_CANVAS: Record<AspectRatio, { width: number; height: number }> = {
  "16:9": { width: 2560, height: 1440 },
  "4:3": { width: 2560, height: 1920 },
};

export function canvasSize(aspectRatio: AspectRatio, orientation: Orientation): { width: number; height: number } {
  const { width, height } = LANDSCAPE_CANVAS[aspectRatio];
  return orientation === "PORTRAIT" ? { width: height, height: width } : { width, height };
}

export const ELEMENT_TYPES = ["TEXT", "TITLE", "IMAGE", "YOUTUBE", "VIMEO"] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

/**
 * Spec 3 §5: image 100×100, YouTube 650×350, the others 80 wide and 40 high (the spec's '40×80' read so that the
 * 200×50 default element is valid).
 */
export const ELEMENT_MIN_SIZE: Record<ElementType, { width: number; height: number }> = {
  TEXT: { width: 80, height: 40 },
  TITLE: { width: 80, height: 40 },
  IMAGE: { width: 100, height: 100 },
  YOUTUBE: { width: 650, height: 350 },
  VIMEO: { width: 80, height: 40 },
};

/** Spec 3 §9: the fonts an author may choose (bundled from npm @fontsource packages, never a CDN). */
export const STORY_FONTS = [
  "GFS Didot",
  "GFS Neohellenic",
  "Oi",
  "Open Sans",
  "Roboto",
  "Roboto Mono",
  "Source Sans Pro",
  "Ubuntu",
] as const;
export type StoryFont = (typeof STORY_FONTS)[number];

/** The classic animate.css fadeIn family (9 enter animations) and fadeOut family (9 leave animations). */
export const ENTER_ANIMATIONS = [
  "fadeIn",
  "fadeInDown",
  "fadeInDownBig",
  "fadeInLeft",
  "fadeInLeftBig",
  "fadeInRight",
  "fadeInRightBig",
  "fadeInUp",
  "fadeInUpBig",
] as const;
export type EnterAnimation = (typeof ENTER_ANIMATIONS)[number];
export const LEAVE_ANIMATIONS = [
  "fadeOut",
  "fadeOutDown",
  "fadeOutDownBig",
  "fadeOutLeft",
  "fadeOutLeftBig",
  "fadeOutRight",
  "fadeOutRightBig",
  "fadeOutUp",
  "fadeOutUpBig",
] as const;
export type LeaveAnimation = (typeof LEAVE_ANIMATIONS)[number];

export const TEXT_ALIGNS = ["left", "center", "right", "justify"] as const;
export const TEXT_DECORATIONS = ["none", "underline"] as const;
export const FONT_STYLES = ["normal", "italic"] as const;
export const FONT_WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
/** Where an image comes from: an uploaded story asset, or a datastream of the repository store. */
export const IMAGE_SOURCES = ["stories", "store"] as const;
export type ImageSource = (typeof IMAGE_SOURCES)[number];
export const BACKGROUND_SIZES = ["cover", "contain", "auto"] as const;
export const BACKGROUND_POSITIONS = [
  "center center",
  "center top",
  "center bottom",
  "left top",
  "left center",
  "left bottom",
  "right top",
  "right center",
  "right bottom",
] as const;

/** Steps of the editor's controls (spec 3 §4, §5). Times are milliseconds unless the name says seconds. */
export const STORY_STEPS = {
  rotationDegrees: 45,
  /** Rotation wraps to 0 past ±315. */
  rotationLimit: 315,
  delayMs: 250,
  durationMs: 250,
  /** Arrow-key nudge; with Shift, `nudgeLargePx`. */
  nudgePx: 1,
  nudgeLargePx: 10,
} as const;

export const STORY_LIMITS = {
  titleMaxLength: 255,
  descriptionMaxLength: 2000,
  slidesMax: 500,
  elementsPerSlideMax: 200,
  /** The storyDetails JSON, in bytes (UTF-8). */
  detailsMaxBytes: 5 * 1024 * 1024,
  /** A whole create or update body, in bytes: the details plus the story's other fields. */
  bodyMaxBytes: 5 * 1024 * 1024 + 64 * 1024,
  tagsPerStoryMax: 100,
  idMaxLength: 64,
  nameMaxLength: 255,
  textMaxLength: 10_000,
  urlMaxLength: 2048,
  fontSizeMin: 1,
  fontSizeMax: 1000,
  /** Positions and sizes, in canvas pixels; elements may reach past the canvas, not without bound. */
  coordinateMax: 100_000,
  sizeMax: 100_000,
  zIndexMax: 100_000,
  /** Delays are milliseconds on the story's time axis; 24 hours bounds them. */
  delayMaxMs: 86_400_000,
  animationDurationMaxMs: 60_000,
  slideDurationMinMs: 1000,
  slideDurationMaxMs: 86_400_000,
  /** Editor durations are seconds. */
  editorDurationMaxSeconds: 86_400,
  flatValuesMax: 100,
  flatValueMaxLength: 2000,
  tagNameMaxLength: 100,
  tagScopeMaxLength: 50,
  searchMaxLength: 255,
  /** Spec 3 §9: the list's search after more than 3 characters, 800 ms; tag search after more than 2, 600 ms. */
  searchMinLength: 4,
  searchDebounceMs: 800,
  tagSearchMinLength: 3,
  tagSearchDebounceMs: 600,
  /** Spec 3 §9: what the list cuts. */
  cardTitleLength: 30,
  cardTagLength: 10,
  cardDescriptionLength: 85,
  tableDescriptionLength: 10,
  /** Spec 3 §9: the side panel and the drag-reorder hold. */
  settingsPanelWidthPx: 380,
  dragHoldMs: 50,
} as const;

/** Spec 3 §9: the viewer's asset cache. */
export const STORY_CACHE = { name: "story-cache", maxAgeSeconds: 50_000 } as const;

export const DEFAULT_BACKGROUND_COLOR = "#fff";

/** Spec 3 §3 and §9: a new slide's values; its delays follow `newSlideDelays`. */
export const SLIDE_DEFAULTS = {
  durationMs: 10_000,
  editorSlideDurationSeconds: 5,
  enterAnimation: "fadeIn" as EnterAnimation,
  leaveAnimation: "fadeOut" as LeaveAnimation,
  enterAnimationDelayMs: 1000,
  leaveAnimationDelayMs: 3000,
  durationEnterMs: 1000,
  durationLeaveMs: 1000,
  backgroundColor: DEFAULT_BACKGROUND_COLOR,
  backgroundPosition: "center center" as (typeof BACKGROUND_POSITIONS)[number],
  backgroundSize: "cover" as (typeof BACKGROUND_SIZES)[number],
} as const;

/**
 * Spec 3 §9: a new element's values. Delays are milliseconds from the start of the slide; by default an element
 * enters with the slide and leaves as a default slide ends.
 */
export const ELEMENT_DEFAULTS = {
  width: 200,
  height: 50,
  zIndex: 1,
  rotation: 0,
  enterAnimation: "fadeIn" as EnterAnimation,
  leaveAnimation: "fadeOut" as LeaveAnimation,
  durationEnterMs: 1000,
  durationLeaveMs: 1000,
  enterAnimationDelayMs: 0,
  leaveAnimationDelayMs: 9000,
  editorElementDurationSeconds: 5,
  text: "Enter your text",
  title: "Enter a title",
  color: "#101010",
  fontSize: 20,
  fontWeight: 300 as (typeof FONT_WEIGHTS)[number],
  fontFamily: "Roboto" as StoryFont,
  textAlign: "left" as (typeof TEXT_ALIGNS)[number],
  /** The placeholder videos new YouTube and Vimeo elements show (Blender Foundation's Big Buck Bunny). */
  youtubeId: "aqz-KE-bpKQ",
  vimeoId: "1084537",
} as const;

/** The size a new element of this type starts at: the 200×50 default, grown to the type's minimum. */
export function defaultElementSize(type: ElementType): { width: number; height: number } {
  if (type === "YOUTUBE") return { width: 650, height: 366 };
  if (type === "VIMEO") return { width: 640, height: 360 };
  const min = ELEMENT_MIN_SIZE[type];
  return { width: Math.max(ELEMENT_DEFAULTS.width, min.width), height: Math.max(ELEMENT_DEFAULTS.height, min.height) };
}

/**
 * Spec 3 §4: the first slide enters at 0 and leaves at 10000; a new slide enters 1000 after the previous slide's
 * leave delay and leaves 10000 after it.
 */
export function newSlideDelays(previousLeaveDelayMs: number | undefined): { enter: number; leave: number } {
  if (previousLeaveDelayMs === undefined) return { enter: 0, leave: 10_000 };
  return { enter: previousLeaveDelayMs + 1000, leave: previousLeaveDelayMs + 10_000 };
}

/** Spec 3 §4: a duplicated slide's name gets '(copy)' appended unless it already ends so. */
export function duplicateSlideName(name: string): string {
  return name.trimEnd().endsWith("(copy)") ? name : `${name} (copy)`;
}

/** Spec 3 §4: rotation steps by 45 degrees and wraps to 0 past ±315. */
export function rotateStep(rotation: number, direction: 1 | -1): number {
  const next = rotation + direction * STORY_STEPS.rotationDegrees;
  return Math.abs(next) > STORY_STEPS.rotationLimit ? 0 : next;
}

type AnimationTiming = { enterAnimationDelay: number; leaveAnimationDelay: number; durationEnter: number; durationLeave: number };

/**
 * Spec 3 §4, §5: an element's animation pulled back inside a slide of `slideMs` (when a slide is shortened): each
 * animation no longer than the slide, the leave ending by the slide's end, the enter starting by the time the slide
 * leaves it room and never after the leave. Delays stay on the 0.25 s grid (rounded down); what already fits is kept.
 */
export function fitAnimationToSlide<T extends AnimationTiming>(animation: T, slideMs: number): T {
  const step = STORY_STEPS.delayMs;
  const durationEnter = Math.min(animation.durationEnter, slideMs);
  const durationLeave = Math.min(animation.durationLeave, slideMs);
  const latestLeave = Math.floor((slideMs - durationLeave) / step) * step;
  const leaveAnimationDelay = Math.max(0, Math.min(animation.leaveAnimationDelay, latestLeave));
  const latestEnter = Math.floor((slideMs - durationEnter) / step) * step;
  const enterAnimationDelay = Math.max(0, Math.min(animation.enterAnimationDelay, latestEnter, leaveAnimationDelay));
  if (
    durationEnter === animation.durationEnter &&
    durationLeave === animation.durationLeave &&
    leaveAnimationDelay === animation.leaveAnimationDelay &&
    enterAnimationDelay === animation.enterAnimationDelay
  ) {
    return animation;
  }
  return { ...animation, durationEnter, durationLeave, enterAnimationDelay, leaveAnimationDelay };
}
