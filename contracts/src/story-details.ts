// A story's content (spec 3 §3 Story, Slide, Element; §5 Story editor): `storyDetails` = the screen with its slides and
// their elements. One schema: the editor checks with it as the author works, the server refuses what fails it with the
// field's path (`storyDetails.screen.slides[3].elements[2].width must be at least 100`). Element texts are plain
// text, shown as text and never as HTML.
import { z } from "zod";
import { Uuid } from "./common.ts";
import {
  BACKGROUND_POSITIONS,
  BACKGROUND_SIZES,
  DEFAULT_BACKGROUND_COLOR,
  ELEMENT_DEFAULTS,
  ELEMENT_MIN_SIZE,
  ELEMENT_TYPES,
  type ElementType,
  ENTER_ANIMATIONS,
  FONT_STYLES,
  FONT_WEIGHTS,
  IMAGE_SOURCES,
  LEAVE_ANIMATIONS,
  SLIDE_DEFAULTS,
  STORY_FONTS,
  STORY_LIMITS,
  STORY_STEPS,
  TEXT_ALIGNS,
  TEXT_DECORATIONS,
} from "./story-constants.ts";
import { vimeoVideoId, youtubeVideoId } from "./story-videos.ts";

const L = STORY_LIMITS;

/** A message for a missing value, another for a value of the wrong kind. */
const missingOr = (wrongKind: string) => (issue: { input?: unknown }) => (issue.input === undefined ? "is required" : wrongKind);

function bounded(min: number, max: number, { whole = true } = {}) {
  const number = z.number({ error: missingOr("must be a number") });
  return (whole ? number.int({ error: "must be a whole number" }) : number)
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: missingOr(`must be one of ${values.join(", ")}`) });
}

const text = (max: number) => z.string({ error: missingOr("must be text") }).max(max, { error: `must be at most ${max} characters` });
const flag = () => z.boolean({ error: missingOr("must be true or false") });
const record = <T extends z.core.$ZodLooseShape>(shape: T) => z.object(shape, { error: missingOr("must be an object") });

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
export const StoryColor = z
  .string({ error: missingOr("must be a hex colour such as #1a2b3c") })
  .regex(HEX_COLOR, { error: "must be a hex colour such as #1a2b3c" });

const ItemId = z
  .string({ error: missingOr("must be text") })
  .trim()
  .min(1, { error: "is required" })
  .max(L.idMaxLength, { error: `must be at most ${L.idMaxLength} characters` });

export const EnterAnimationName = oneOf(ENTER_ANIMATIONS);
export const LeaveAnimationName = oneOf(LEAVE_ANIMATIONS);
const Delay = (fallback: number) => bounded(0, L.delayMaxMs).default(fallback);
const AnimationDuration = (fallback: number) => bounded(0, L.animationDurationMaxMs).default(fallback);
const EditorDuration = (fallback: number) => bounded(0, L.editorDurationMaxSeconds, { whole: false }).default(fallback);

/** An animation's leave may not come before its enter. */
function leaveAfterEnter(animation: { enterAnimationDelay: number; leaveAnimationDelay: number }, ctx: z.RefinementCtx) {
  if (animation.leaveAnimationDelay < animation.enterAnimationDelay) {
    ctx.addIssue({ code: "custom", path: ["leaveAnimationDelay"], message: "must not be less than enterAnimationDelay" });
  }
}

const ImageSourceName = oneOf(IMAGE_SOURCES);

/** A background picture is an uploaded asset (`from: 'stories'`) or a datastream of the store (`from: 'store'`). */
export const StoryBackground = record({
  color: StoryColor.default(DEFAULT_BACKGROUND_COLOR),
  position: oneOf(BACKGROUND_POSITIONS).default(SLIDE_DEFAULTS.backgroundPosition),
  uuid: Uuid.nullable().default(null),
  size: oneOf(BACKGROUND_SIZES).default(SLIDE_DEFAULTS.backgroundSize),
  from: ImageSourceName.default("stories"),
});
export type StoryBackground = z.infer<typeof StoryBackground>;

export const ElementAnimation = record({
  /** Seconds the element is shown in the editor's timeline. */
  editorElementDuration: EditorDuration(ELEMENT_DEFAULTS.editorElementDurationSeconds),
  enterAnimation: EnterAnimationName.default(ELEMENT_DEFAULTS.enterAnimation),
  leaveAnimation: LeaveAnimationName.default(ELEMENT_DEFAULTS.leaveAnimation),
  /** Milliseconds from the start of the slide. */
  enterAnimationDelay: Delay(ELEMENT_DEFAULTS.enterAnimationDelayMs),
  leaveAnimationDelay: Delay(ELEMENT_DEFAULTS.leaveAnimationDelayMs),
  durationEnter: AnimationDuration(ELEMENT_DEFAULTS.durationEnterMs),
  durationLeave: AnimationDuration(ELEMENT_DEFAULTS.durationLeaveMs),
}).superRefine(leaveAfterEnter);
export type ElementAnimation = z.infer<typeof ElementAnimation>;

const FontWeight = z.literal(FONT_WEIGHTS, { error: missingOr(`must be one of ${FONT_WEIGHTS.join(", ")}`) });

const titleFields = {
  text: text(L.textMaxLength),
  color: StoryColor.default(ELEMENT_DEFAULTS.color),
  fontSize: bounded(L.fontSizeMin, L.fontSizeMax, { whole: false }).default(ELEMENT_DEFAULTS.fontSize),
  textAlign: oneOf(TEXT_ALIGNS).default(ELEMENT_DEFAULTS.textAlign),
  fontWeight: FontWeight.default(ELEMENT_DEFAULTS.fontWeight),
  fontFamily: oneOf(STORY_FONTS).default(ELEMENT_DEFAULTS.fontFamily),
};

export const StoryTitleData = record(titleFields);
export type StoryTitleData = z.infer<typeof StoryTitleData>;
export const StoryTextData = record({
  ...titleFields,
  textDecoration: oneOf(TEXT_DECORATIONS).default("none"),
  fontStyle: oneOf(FONT_STYLES).default("normal"),
});
export type StoryTextData = z.infer<typeof StoryTextData>;

/** `uuid` is null until the author picks a picture; `dimensionsAreSet` once the editor sized it on first load. */
export const StoryImageData = record({
  uuid: Uuid.nullable().default(null),
  from: ImageSourceName.default("stories"),
  lockAspectRatio: flag().default(true),
  dimensionsAreSet: flag().default(false),
});
export type StoryImageData = z.infer<typeof StoryImageData>;

function videoData(kind: string, idPattern: RegExp, idRule: string, idOf: (url: string) => string | null) {
  return record({
    url: text(L.urlMaxLength),
    id: z.string({ error: missingOr("must be text") }).regex(idPattern, { error: idRule }),
    lockAspectRatio: flag().default(true),
  }).superRefine((data, ctx) => {
    const named = idOf(data.url);
    if (named === null) ctx.addIssue({ code: "custom", path: ["url"], message: `must be a ${kind} video link` });
    // A malformed id has its own issue already (refinements run past format issues).
    else if (idPattern.test(data.id) && named !== data.id)
      ctx.addIssue({ code: "custom", path: ["id"], message: `must be the id the url names (${named})` });
  });
}

export const StoryYoutubeData = videoData("YouTube", /^[A-Za-z0-9_-]{11}$/, "must be the 11-character YouTube video id", youtubeVideoId);
export type StoryYoutubeData = z.infer<typeof StoryYoutubeData>;
export const StoryVimeoData = videoData("Vimeo", /^\d{1,12}$/, "must be the numeric Vimeo video id", vimeoVideoId);
export type StoryVimeoData = z.infer<typeof StoryVimeoData>;

function elementOf<const T extends ElementType, D extends z.ZodType>(type: T, data: D) {
  const min = ELEMENT_MIN_SIZE[type];
  const kind = `${/^[AEIOU]/.test(type) ? "an" : "a"} ${type} element`;
  const size = (least: number) =>
    z
      .number({ error: missingOr("must be a number") })
      .min(least, { error: `must be at least ${least} for ${kind}` })
      .max(L.sizeMax, { error: `must be at most ${L.sizeMax}` });
  const coordinate = bounded(-L.coordinateMax, L.coordinateMax, { whole: false });
  return record({
    id: ItemId,
    type: z.literal(type),
    name: text(L.nameMaxLength).default(""),
    x: coordinate,
    y: coordinate,
    zIndex: bounded(0, L.zIndexMax).default(ELEMENT_DEFAULTS.zIndex),
    width: size(min.width),
    height: size(min.height),
    rotation: bounded(-STORY_STEPS.rotationLimit, STORY_STEPS.rotationLimit)
      .multipleOf(STORY_STEPS.rotationDegrees, { error: `must be a multiple of ${STORY_STEPS.rotationDegrees}` })
      .default(ELEMENT_DEFAULTS.rotation),
    data,
    animation: ElementAnimation.prefault({}),
  });
}

export const TextElement = elementOf("TEXT", StoryTextData);
export const TitleElement = elementOf("TITLE", StoryTitleData);
export const ImageElement = elementOf("IMAGE", StoryImageData);
export const YoutubeElement = elementOf("YOUTUBE", StoryYoutubeData);
export const VimeoElement = elementOf("VIMEO", StoryVimeoData);

export const StoryElement = z.discriminatedUnion("type", [TextElement, TitleElement, ImageElement, YoutubeElement, VimeoElement], {
  error: (issue) =>
    issue.code === "invalid_union"
      ? `must be one of ${ELEMENT_TYPES.join(", ")}`
      : issue.input === undefined
        ? "is required"
        : "must be an object",
});
export type StoryElement = z.infer<typeof StoryElement>;
export type StoryElementInput = z.input<typeof StoryElement>;

export const SlideAnimation = record({
  enterAnimation: EnterAnimationName.default(SLIDE_DEFAULTS.enterAnimation),
  leaveAnimation: LeaveAnimationName.default(SLIDE_DEFAULTS.leaveAnimation),
  /** Milliseconds on the story's time axis (spec 3 §4: a new slide's delays follow the previous slide's). */
  enterAnimationDelay: Delay(SLIDE_DEFAULTS.enterAnimationDelayMs),
  leaveAnimationDelay: Delay(SLIDE_DEFAULTS.leaveAnimationDelayMs),
  /** Seconds; the slide's duration may not be shorter (spec 3 §5). */
  editorSlideDuration: EditorDuration(SLIDE_DEFAULTS.editorSlideDurationSeconds),
  durationEnter: AnimationDuration(SLIDE_DEFAULTS.durationEnterMs),
  durationLeave: AnimationDuration(SLIDE_DEFAULTS.durationLeaveMs),
}).superRefine(leaveAfterEnter);
export type SlideAnimation = z.infer<typeof SlideAnimation>;

/** What a slide template keeps of a slide: everything but its identity. */
const slideDetailsShape = {
  name: text(L.nameMaxLength),
  /** Milliseconds the slide is shown. */
  duration: bounded(L.slideDurationMinMs, L.slideDurationMaxMs).default(SLIDE_DEFAULTS.durationMs),
  background: StoryBackground.prefault({}),
  animation: SlideAnimation.prefault({}),
  elements: z
    .array(StoryElement, { error: missingOr("must be a list") })
    .max(L.elementsPerSlideMax, { error: `must hold at most ${L.elementsPerSlideMax} elements` })
    .default([]),
};

type SlideContent = { duration: number; animation: SlideAnimation; elements: StoryElement[] };

function checkSlide(slide: SlideContent, ctx: z.RefinementCtx) {
  const least = slide.animation.editorSlideDuration * 1000;
  if (slide.duration < least) {
    ctx.addIssue({ code: "custom", path: ["duration"], message: `must be at least the slide's editor duration (${least} ms)` });
  }
  const seen = new Set<string>();
  slide.elements.forEach((element, index) => {
    if (seen.has(element.id))
      ctx.addIssue({ code: "custom", path: ["elements", index, "id"], message: `'${element.id}' is used by another element of the slide` });
    seen.add(element.id);
  });
}

export const SlideDetails = record(slideDetailsShape).superRefine(checkSlide);
export type SlideDetails = z.infer<typeof SlideDetails>;
export type SlideDetailsInput = z.input<typeof SlideDetails>;

export const Slide = record({
  id: ItemId,
  /** The template the slide was made from, or null. */
  templateId: Uuid.nullable().default(null),
  ...slideDetailsShape,
}).superRefine(checkSlide);
export type Slide = z.infer<typeof Slide>;
export type SlideInput = z.input<typeof Slide>;

/** The story's canvas. Its width and height are set by the server from the story's ratio and orientation. */
export const StoryScreen = record({
  width: z.number({ error: "must be a number" }).positive({ error: "must be positive" }).optional(),
  height: z.number({ error: "must be a number" }).positive({ error: "must be positive" }).optional(),
  background: StoryBackground.optional(),
  slides: z
    .array(Slide, { error: missingOr("must be a list") })
    .max(L.slidesMax, { error: `must hold at most ${L.slidesMax} slides` })
    .default([]),
}).superRefine((screen, ctx) => {
  const seen = new Set<string>();
  screen.slides.forEach((slide, index) => {
    if (seen.has(slide.id))
      ctx.addIssue({ code: "custom", path: ["slides", index, "id"], message: `'${slide.id}' is used by another slide` });
    seen.add(slide.id);
  });
});
export type StoryScreen = z.infer<typeof StoryScreen>;

/** Configuration values of the story (`storyFlatValues`): a bounded map of simple values. */
export const StoryFlatValues = z
  .record(
    z.string().max(100, { error: "names must be at most 100 characters" }),
    z.union([text(L.flatValueMaxLength), z.number(), z.boolean(), z.null()]),
    {
      error: "must be an object of simple values",
    },
  )
  .refine((values) => Object.keys(values).length <= L.flatValuesMax, { error: `must hold at most ${L.flatValuesMax} values` });

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

export const StoryDetails = record({
  uuid: Uuid.optional(),
  storyFlatValues: StoryFlatValues.optional(),
  screen: StoryScreen,
}).superRefine((details, ctx) => {
  if (jsonBytes(details) > L.detailsMaxBytes) {
    ctx.addIssue({ code: "custom", path: [], message: `must be at most ${L.detailsMaxBytes / 1024 / 1024} MB of JSON` });
  }
});
export type StoryDetails = z.infer<typeof StoryDetails>;
export type StoryDetailsInput = z.input<typeof StoryDetails>;

/** Every picture a story shows (element images, slide and screen backgrounds), with the path of its `uuid` field. */
export type StoryPicture = { uuid: string; from: "stories" | "store"; path: (string | number)[] };

export function picturesOfSlide(slide: Pick<SlideDetails, "background" | "elements">, at: (string | number)[]): StoryPicture[] {
  const found: StoryPicture[] = [];
  if (slide.background.uuid) found.push({ uuid: slide.background.uuid, from: slide.background.from, path: [...at, "background", "uuid"] });
  slide.elements.forEach((element, index) => {
    if (element.type === "IMAGE" && element.data.uuid)
      found.push({ uuid: element.data.uuid, from: element.data.from, path: [...at, "elements", index, "data", "uuid"] });
  });
  return found;
}

export function picturesOfStory(details: StoryDetails, at: (string | number)[] = ["storyDetails"]): StoryPicture[] {
  const screen = details.screen;
  const found: StoryPicture[] = screen.background?.uuid
    ? [{ uuid: screen.background.uuid, from: screen.background.from, path: [...at, "screen", "background", "uuid"] }]
    : [];
  screen.slides.forEach((slide, index) => {
    found.push(...picturesOfSlide(slide, [...at, "screen", "slides", index]));
  });
  return found;
}
