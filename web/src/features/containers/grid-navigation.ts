// Arrow keys move the focus through a folder's items: left and right by one, up and down by a row of `columns`
// (one column in the list layout). Home and End go to the first and last item.

export function nextFocusIndex(key: string, index: number, count: number, columns: number): number | null {
  if (count === 0) return null;
  const last = count - 1;
  const step = Math.max(1, columns);
  switch (key) {
    case "ArrowRight":
      return Math.min(index + 1, last);
    case "ArrowLeft":
      return Math.max(index - 1, 0);
    case "ArrowDown":
      return Math.min(index + step, last);
    case "ArrowUp":
      return Math.max(index - step, 0);
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}

/** Whether a key press asks for the context menu: the menu key or Shift+F10. */
export function isContextMenuKey(event: { key: string; shiftKey: boolean }): boolean {
  return event.key === "ContextMenu" || (event.key === "F10" && event.shiftKey);
}
