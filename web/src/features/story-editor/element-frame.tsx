// The editor's handle on one element: a transparent box over it, placed and rotated like the element, that takes
// presses (select and move: use-element-drag.ts) and double-clicks (open); react-moveable resizes and rotates it.
import { ELEMENT_MIN_SIZE, type StoryElement } from "@repox/contracts";
import { memo } from "react";
import classes from "./editor-canvas.module.css";
import type { Geometry } from "./state/element-operations.ts";

export const frameTransform = ({ x, y, rotation }: Pick<Geometry, "x" | "y" | "rotation">) =>
  `translate(${x}px, ${y}px) rotate(${rotation}deg)`;

type ElementFrameProps = {
  element: StoryElement;
  isSelected: boolean;
  onPress: (element: StoryElement, event: PointerEvent) => void;
  onOpen: (element: StoryElement) => void;
  frameRef?: (node: HTMLButtonElement | null) => void;
};

export const ElementFrame = memo(function ElementFrame({ element, isSelected, onPress, onOpen, frameRef }: ElementFrameProps) {
  const min = ELEMENT_MIN_SIZE[element.type];
  return (
    <button
      type="button"
      ref={frameRef}
      className={classes.frame}
      data-frame-id={element.id}
      data-selected={isSelected || undefined}
      tabIndex={-1}
      aria-pressed={isSelected}
      aria-label={element.name || element.type}
      style={{
        width: element.width,
        height: element.height,
        minWidth: min.width,
        minHeight: min.height,
        zIndex: element.zIndex,
        transform: frameTransform(element),
      }}
      onPointerDown={(event) => {
        event.stopPropagation();
        // The keys (nudge, Delete) need the canvas focused; react-moveable's handles keep a press from focusing.
        event.currentTarget.focus({ preventScroll: true });
        onPress(element, event.nativeEvent);
      }}
      onDoubleClick={() => onOpen(element)}
    />
  );
});
