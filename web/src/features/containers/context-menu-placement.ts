// Where a context menu opens: at the pointer; when fewer than 271 px remain below it, the menu keeps to the room left
// and scrolls (spec 1 §2).

export const CONTEXT_MENU_MIN_ROOM_PX = 271;
/** Space kept below the menu: its offset, padding and border, and a small gap above the bottom of the window. */
const BOTTOM_MARGIN_PX = 16;
/** A scrolling menu still shows a few items. */
const SMALLEST_MENU_PX = 120;

/** The menu's maximum height in px, or null when it has room to show every item. */
export function contextMenuMaxHeight(pointerY: number, viewportHeight: number): number | null {
  const room = viewportHeight - pointerY;
  if (room >= CONTEXT_MENU_MIN_ROOM_PX) return null;
  return Math.max(SMALLEST_MENU_PX, room - BOTTOM_MARGIN_PX);
}
