// Moves an element with the pointer (react-moveable keeps resizing and rotating). A press on an element's frame starts
// it; each pointer move shifts the frame and the drawn element (composited, no layout) and shows the guides it snapped
// onto, the frame outlined and the resize handles hidden until the release, which changes the editor's state once
// (one undo step). Escape or a cancelled pointer puts the element back.
//
// Why not react-moveable's own drag: each of its moves measured the target's ancestors again and drew its handles
// and guides through React, 3-4 ms of a frame's 16.7 in the 200-slide benchmark story (docs/performance.md, stories).
import type { StoryElement } from "@repox/contracts";
import { type Dispatch, type RefObject, useCallback, useEffect, useRef } from "react";
import { placeElementBox, shiftElementBox } from "../story-viewer/index.ts";
import { coveredBox, type SnappedMove, snapLines, snapMove } from "./snap-lines.ts";
import type { EditorAction } from "./state/editor-reducer.ts";

/** How close, in screen pixels, an edge or centre must come to a guide to snap onto it. */
export const SNAP_THRESHOLD_PX = 6;

export type DragParts = {
  /** Told when the drag begins and ends: the frames take no pointer meanwhile (no hover, no hit tests). */
  holdFrames: (isHeld: boolean) => void;
  frame: HTMLElement;
  drawn: HTMLElement | null;
  /** react-moveable's handles, hidden while the element moves; asked at the first move (a press that selects mounts them). */
  handles: () => HTMLElement | null;
  verticalGuide: HTMLElement | null;
  horizontalGuide: HTMLElement | null;
};

type DragOptions = {
  canvas: { width: number; height: number };
  /** Screen pixels per canvas pixel. */
  scale: RefObject<number>;
  dispatch: Dispatch<EditorAction>;
};

function showGuide(guide: HTMLElement | null, property: "left" | "top", at: number | null) {
  if (!guide) return;
  guide.hidden = at === null;
  if (at !== null) guide.style[property] = `${at}px`;
}

function place(parts: DragParts, element: StoryElement, move: SnappedMove) {
  parts.frame.style.translate = `${move.dx}px ${move.dy}px`;
  if (parts.drawn) shiftElementBox(parts.drawn, element, move.dx, move.dy);
  showGuide(parts.verticalGuide, "left", move.vertical);
  showGuide(parts.horizontalGuide, "top", move.horizontal);
}

/** Answers `start(element, others, press, parts)`, to call on the press on an element's frame. */
export function useElementDrag({ canvas, scale, dispatch }: DragOptions) {
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);
  return useCallback(
    (element: StoryElement, others: StoryElement[], press: PointerEvent, parts: DragParts) => {
      stop.current?.();
      const box = coveredBox(element);
      const lines = snapLines(canvas, others.map(coveredBox));
      let move: SnappedMove | null = null;
      let handles: HTMLElement | null = null;

      const onMove = (event: PointerEvent) => {
        if (event.pointerId !== press.pointerId) return;
        const ratio = scale.current || 1;
        if (!move) {
          if (event.clientX === press.clientX && event.clientY === press.clientY) return;
          parts.holdFrames(true);
          handles = parts.handles();
          if (handles) handles.style.visibility = "hidden";
          if (parts.drawn) parts.drawn.style.willChange = "transform";
        }
        const dx = (event.clientX - press.clientX) / ratio;
        const dy = (event.clientY - press.clientY) / ratio;
        move = snapMove(box, dx, dy, lines, SNAP_THRESHOLD_PX / ratio);
        place(parts, element, move);
      };
      const finish = (keep: boolean) => {
        window.removeEventListener("pointermove", onMove, true);
        window.removeEventListener("pointerup", onUp, true);
        window.removeEventListener("pointercancel", onCancel, true);
        window.removeEventListener("keydown", onKey, true);
        stop.current = null;
        if (!move) return;
        parts.holdFrames(false);
        parts.frame.style.translate = "";
        if (handles) handles.style.visibility = "";
        showGuide(parts.verticalGuide, "left", null);
        showGuide(parts.horizontalGuide, "top", null);
        const moved = keep ? { ...element, x: element.x + move.dx, y: element.y + move.dy } : element;
        if (parts.drawn) {
          parts.drawn.style.willChange = "";
          placeElementBox(parts.drawn, moved);
        }
        if (keep) dispatch({ type: "element/geometry", elementId: element.id, geometry: { x: moved.x, y: moved.y } });
      };
      const onUp = (event: PointerEvent) => {
        if (event.pointerId === press.pointerId) finish(true);
      };
      const onCancel = (event: PointerEvent) => {
        if (event.pointerId === press.pointerId) finish(false);
      };
      const onKey = (event: KeyboardEvent) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        event.stopPropagation();
        finish(false);
      };
      window.addEventListener("pointermove", onMove, true);
      window.addEventListener("pointerup", onUp, true);
      window.addEventListener("pointercancel", onCancel, true);
      window.addEventListener("keydown", onKey, true);
      stop.current = () => finish(false);
    },
    [canvas, scale, dispatch],
  );
}
