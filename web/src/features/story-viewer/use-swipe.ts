// A horizontal swipe (touch, pen or mouse drag) over the stage: to the left the next slide, to the right the previous.
import { type PointerEvent, useRef } from "react";

/** Shorter moves are taps; a move more vertical than horizontal is not a swipe. */
const MIN_SWIPE_PX = 50;

export function useSwipe(onSwipe: (direction: "left" | "right") => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent) {
      if (event.button !== 0) return;
      start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < MIN_SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return;
      onSwipe(dx < 0 ? "left" : "right");
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}
