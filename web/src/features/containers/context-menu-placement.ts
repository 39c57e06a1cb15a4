// Where a context menu opens: at the pointer. When fewer than 271 px remain below it, the menu keeps to the room left
// and scrolls (spec 1 §2); where even that room is smaller than a few items, the menu keeps a few items' height and
// shifts up so that it stays whole on the screen. With more room it may open upwards, but never taller than the larger
// side has room for: a menu of many actions on a short window scrolls rather than running off the screen.

export const CONTEXT_MENU_MIN_ROOM_PX = 271;
/** Space kept beyond the menu: its offset, padding and border, and a small gap from the window's edge. */
const EDGE_MARGIN_PX = 16;
/** A scrolling menu still shows a few items. */
const SMALLEST_MENU_PX = 120;

/** How tall the menu may be (it scrolls past that) and whether it may open upwards. */
export type ContextMenuPlacement = { maxHeight: number; mayFlip: boolean };

export function contextMenuPlacement(pointerY: number, viewportHeight: number): ContextMenuPlacement {
  const below = viewportHeight - pointerY;
  const whole = viewportHeight - 2 * EDGE_MARGIN_PX;
  if (below < CONTEXT_MENU_MIN_ROOM_PX) {
    return { maxHeight: Math.min(whole, Math.max(SMALLEST_MENU_PX, below - EDGE_MARGIN_PX)), mayFlip: false };
  }
  return { maxHeight: Math.min(whole, Math.max(below, pointerY) - EDGE_MARGIN_PX), mayFlip: true };
}
