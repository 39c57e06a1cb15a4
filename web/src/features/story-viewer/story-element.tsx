// One element of a slide, as the editor, the viewer, the exports and the screens all draw it: absolutely placed in
// canvas pixels (x, y, width, height), stacked by zIndex, rotated about its centre, with its animation phase applied
// to an inner box (animate.css keyframes set `transform`, so they must not meet the rotation on the same box).
import type { StoryElement as StoryElementModel } from "@repox/contracts";
import { memo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { animationStyle } from "./animation-style.ts";
import { PictureContent } from "./picture-element.tsx";
import type { PictureResolver } from "./picture-sources.ts";
import "./story-animations.css";
import "./story-fonts.ts";
import classes from "./story-viewer.module.css";
import { TextContent, TitleContent } from "./text-element.tsx";
import type { PhaseState } from "./timing.ts";
import { VideoContent, type VideoMode } from "./video-element.tsx";

export type StoryElementProps = {
  element: StoryElementModel;
  /** Where its animation is (timing.ts slideStateAt); undefined draws it at rest, fully shown (the editor). */
  phase?: PhaseState;
  resolvePicture: PictureResolver;
  videoMode?: VideoMode;
  /**
   * False keeps pointer events from the content (a video's iframe, a picture's drag): they reach the element's own box
   * (`[data-element-id]`), which the editor selects, moves and resizes.
   */
  isInteractive?: boolean;
};

function WrongElementType() {
  const { t } = useTranslation();
  return <div className={`${classes.placeholder} ${classes.wrongType}`}>{t("storyViewer.wrongElementType")}</div>;
}

function ElementContent({ element, resolvePicture, videoMode }: Required<Omit<StoryElementProps, "phase" | "isInteractive">>): ReactNode {
  switch (element.type) {
    case "TEXT":
      return <TextContent data={element.data} />;
    case "TITLE":
      return <TitleContent data={element.data} />;
    case "IMAGE":
      return <PictureContent data={element.data} resolvePicture={resolvePicture} />;
    case "YOUTUBE":
    case "VIMEO":
      return <VideoContent provider={element.type} data={element.data} mode={videoMode} />;
    default:
      // Data from before the current schema (an older reading lists GALLERY): spec 3 §8.
      return <WrongElementType />;
  }
}

type ElementBox = Pick<StoryElementModel, "x" | "y" | "width" | "height" | "rotation">;

const boxStyle = (element: ElementBox) => ({
  left: element.x,
  top: element.y,
  width: element.width,
  height: element.height,
  transform: element.rotation ? `rotate(${element.rotation}deg)` : undefined,
});

/**
 * Places a drawn element's box (`[data-element-id]`) as StoryElement would for `box`, straight in the DOM: the editor
 * moves the element under a drag this way, one style write a frame instead of a render of the slide.
 */
export function placeElementBox(node: HTMLElement, box: ElementBox): void {
  const style = boxStyle(box);
  node.style.left = `${style.left}px`;
  node.style.top = `${style.top}px`;
  node.style.width = `${style.width}px`;
  node.style.height = `${style.height}px`;
  node.style.transform = style.transform ?? "";
}

/**
 * Shifts a drawn element placed at `from` by (dx, dy) canvas pixels with a transform alone, for a drag: no layout, and
 * with `will-change: transform` on the node no repaint either. placeElementBox puts it back in its final place.
 */
export function shiftElementBox(node: HTMLElement, from: ElementBox, dx: number, dy: number): void {
  node.style.transform = `translate(${dx}px, ${dy}px)${from.rotation ? ` rotate(${from.rotation}deg)` : ""}`;
}

export const StoryElement = memo(function StoryElement({
  element,
  phase,
  resolvePicture,
  videoMode = "embed",
  isInteractive = true,
}: StoryElementProps) {
  return (
    <div
      className={classes.element}
      data-element-id={element.id}
      data-element-type={element.type}
      data-phase={phase?.phase ?? "shown"}
      style={{ ...boxStyle(element), zIndex: element.zIndex }}
    >
      <div className={`${classes.animated} ${isInteractive ? "" : classes.noInteraction}`} style={animationStyle(phase)}>
        <ElementContent element={element} resolvePicture={resolvePicture} videoMode={videoMode} />
      </div>
    </div>
  );
});
