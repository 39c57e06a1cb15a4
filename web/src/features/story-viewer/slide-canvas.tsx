// One slide at canvas size, in canvas pixels: the story's backdrop, then the slide (its background colour and picture
// and its elements) with the slide's own enter/leave applied. Unscaled: SlideStage fits it to a box.
import type { Slide, StoryBackground } from "@repox/contracts";
import type { CSSProperties, ReactNode } from "react";
import { animationStyle } from "./animation-style.ts";
import type { PictureResolver } from "./picture-sources.ts";
import { StoryElement } from "./story-element.tsx";
import classes from "./story-viewer.module.css";
import { elementPhaseAt, slidePhaseAt } from "./timing.ts";
import type { VideoMode } from "./video-element.tsx";

export type SlideCanvasProps = {
  slide: Slide;
  width: number;
  height: number;
  /** Milliseconds since the slide started; undefined draws it at rest, every element shown (the editor). */
  elapsedMs?: number;
  resolvePicture: PictureResolver;
  /** The story's own background (storyDetails.screen.background), seen while a slide fades. */
  screenBackground?: StoryBackground;
  videoMode?: VideoMode;
  isInteractive?: boolean;
  /** Drawn above the elements in canvas pixels (the editor's selection and guides). */
  children?: ReactNode;
};

export function backgroundStyle(background: StoryBackground | undefined, resolvePicture: PictureResolver): CSSProperties {
  if (!background) return {};
  const address = background.uuid ? resolvePicture({ uuid: background.uuid, from: background.from }) : null;
  return {
    backgroundColor: background.color,
    backgroundImage: address ? `url("${address.replaceAll('"', "%22")}")` : undefined,
    backgroundPosition: background.position,
    backgroundSize: background.size,
    backgroundRepeat: "no-repeat",
  };
}

export function SlideCanvas({
  slide,
  width,
  height,
  elapsedMs,
  resolvePicture,
  screenBackground,
  videoMode,
  isInteractive,
  children,
}: SlideCanvasProps) {
  const isAtRest = elapsedMs === undefined;
  return (
    <div className={classes.layer} style={{ width, height, ...backgroundStyle(screenBackground, resolvePicture) }}>
      <div
        className={classes.layer}
        data-slide-id={slide.id}
        style={{
          ...backgroundStyle(slide.background, resolvePicture),
          ...animationStyle(isAtRest ? undefined : slidePhaseAt(slide, elapsedMs)),
        }}
      >
        {slide.elements.map((element) => (
          <StoryElement
            key={element.id}
            element={element}
            phase={isAtRest ? undefined : elementPhaseAt(element.animation, elapsedMs)}
            resolvePicture={resolvePicture}
            videoMode={videoMode}
            isInteractive={isInteractive}
          />
        ))}
      </div>
      {children}
    </div>
  );
}
