// The editor's keys: Ctrl+Z undoes, Ctrl+Shift+Z (or Ctrl+Y) redoes, arrows nudge the selected element by 1 px (10
// with Shift), Delete removes it. Keys typed into a field or a dialog stay theirs (a field's own undo included); arrows
// and Delete act only while the canvas (or nothing) has the focus, so the panel's sliders and lists keep theirs. The
// keys are read before the page's widgets see them (capture), as some of those stop arrows from going further.
import { STORY_STEPS } from "@repox/contracts";
import { type Dispatch, useEffect } from "react";
import type { EditorAction } from "./state/editor-reducer.ts";

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest("[role='dialog']")) return true;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** Marks the element whose focus lets arrows and Delete act on the selected element. */
export const CANVAS_FOCUS_ATTRIBUTE = "data-editor-canvas";

function isOnCanvas(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement) || target === document.body) return true;
  return target.closest(`[${CANVAS_FOCUS_ATTRIBUTE}]`) !== null;
}

export function editorKeyAction(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey">): EditorAction | null {
  const key = event.key.toLowerCase();
  if (event.ctrlKey || event.metaKey) {
    if (key === "z") return { type: event.shiftKey ? "history/redo" : "history/undo" };
    if (key === "y") return { type: "history/redo" };
    return null;
  }
  const arrow = ARROWS[event.key];
  if (arrow) {
    const step = event.shiftKey ? STORY_STEPS.nudgeLargePx : STORY_STEPS.nudgePx;
    return { type: "element/nudge", dx: arrow[0] * step, dy: arrow[1] * step };
  }
  if (event.key === "Delete") return { type: "element/delete" };
  return null;
}

export function useEditorKeys(dispatch: Dispatch<EditorAction>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      const action = editorKeyAction(event);
      if (!action) return;
      if ((action.type === "element/nudge" || action.type === "element/delete") && !isOnCanvas(event.target)) return;
      event.preventDefault();
      dispatch(action);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [dispatch]);
}
