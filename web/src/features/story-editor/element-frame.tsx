// The editor's handle on one element: a transparent box over it, placed and rotated like the element, that takes
// clicks, double-clicks and the pointer gestures react-moveable turns into moves, resizes and rotations.
import { ELEMENT_MIN_SIZE, type StoryElement } from "@repox/contracts";
import { memo } from "react";
import classes from "./editor-canvas.module.css";
import type { Geometry } from "./state/element-operations.ts";

export const frameTransform = ({ x, y, rotation }: Pick<Geometry, "x" | "y" | "rotation">) =>
  `translate(${x}px, ${y}px) rotate(${rotation}deg)`;

type ElementFrameProps = {
  element: StoryElement;
  isSelected: boolean;
  onSelect: (elementId: string, event: PointerEvent) => void;
  onOpen: (element: StoryElement) => void;
  frameRef?: (node: HTMLButtonElement | null) => void;
};

export const ElementFrame = memo(function ElementFrame({ element, isSelected, onSelect, onOpen, frameRef }: ElementFrameProps) {
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
        // react-moveable keeps the press from focusing; the keys (nudge, Delete) need the canvas focused.
        event.currentTarget.focus({ preventScroll: true });
        if (!isSelected) onSelect(element.id, event.nativeEvent);
      }}
      onDoubleClick={() => onOpen(element)}
    />
  );
});
