// The story viewer's parts for the other story screens: the editor draws slides with SlideStage/SlideCanvas and
// StoryElement (what the author sees is what plays), the exports and the screens play with StoryPlayer, everything
// times with timing.ts.
export { FitToBox, type FitToBoxProps } from "./fit-to-box.tsx";
export { NO_PICTURES, type PictureResolver, pictureKey, resolverOf, type StoryPictureRef } from "./picture-sources.ts";
export { backgroundStyle, SlideCanvas, type SlideCanvasProps } from "./slide-canvas.tsx";
export { SlideStage, type SlideStageProps } from "./slide-stage.tsx";
export type { RepoxStoryClock } from "./story-clock.ts";
export { placeElementBox, StoryElement, type StoryElementProps, shiftElementBox } from "./story-element.tsx";
export { fontStack } from "./story-fonts.ts";
export { StoryPlayer, type StoryPlayerProps } from "./story-player.tsx";
export {
  type AnimationPhase,
  elementPhaseAt,
  type PhaseState,
  restTimeOfSlide,
  type SlideState,
  type SlideTiming,
  type StoryTimeline,
  slidePhaseAt,
  slideStartTime,
  slideStateAt,
  storyTimeline,
} from "./timing.ts";
export type { StoryPictureAddress } from "./use-story-media.ts";
export type { VideoMode } from "./video-element.tsx";
