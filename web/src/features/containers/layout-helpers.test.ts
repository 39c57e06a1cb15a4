import { describe, expect, it } from "vitest";
import { formatContentDate } from "./content-dates.ts";
import { CONTEXT_MENU_MIN_ROOM_PX, contextMenuPlacement } from "./context-menu-placement.ts";
import { nextSort } from "./folder-sort.ts";
import { isContextMenuKey, nextFocusIndex } from "./grid-navigation.ts";

describe("contextMenuPlacement", () => {
  it("lets the menu open either way while 271 px or more remain below, as tall as the larger side allows", () => {
    expect(contextMenuPlacement(100, 100 + CONTEXT_MENU_MIN_ROOM_PX)).toEqual({ maxHeight: CONTEXT_MENU_MIN_ROOM_PX - 16, mayFlip: true });
    expect(contextMenuPlacement(330, 720)).toEqual({ maxHeight: 374, mayFlip: true });
    expect(contextMenuPlacement(440, 720)).toEqual({ maxHeight: 424, mayFlip: true });
  });

  it("makes the menu scroll within the room left below when less than 271 px remain", () => {
    expect(contextMenuPlacement(800, 1000)).toEqual({ maxHeight: 184, mayFlip: false });
    expect(contextMenuPlacement(990, 1000)).toEqual({ maxHeight: 120, mayFlip: false });
  });

  it("never lets the menu be taller than the window", () => {
    expect(contextMenuPlacement(50, 100)).toEqual({ maxHeight: 68, mayFlip: false });
    expect(contextMenuPlacement(150, 400)).toEqual({ maxHeight: 234, mayFlip: false });
    expect(contextMenuPlacement(200, 500)).toEqual({ maxHeight: 284, mayFlip: true });
  });
});

describe("nextFocusIndex", () => {
  it("moves by one sideways and by a row up and down, within the items", () => {
    expect(nextFocusIndex("ArrowRight", 2, 10, 4)).toBe(3);
    expect(nextFocusIndex("ArrowLeft", 0, 10, 4)).toBe(0);
    expect(nextFocusIndex("ArrowDown", 2, 10, 4)).toBe(6);
    expect(nextFocusIndex("ArrowDown", 8, 10, 4)).toBe(9);
    expect(nextFocusIndex("ArrowUp", 5, 10, 4)).toBe(1);
    expect(nextFocusIndex("End", 0, 10, 4)).toBe(9);
    expect(nextFocusIndex("a", 0, 10, 4)).toBeNull();
    expect(nextFocusIndex("ArrowDown", 0, 0, 4)).toBeNull();
  });

  it("knows the context menu keys", () => {
    expect(isContextMenuKey({ key: "ContextMenu", shiftKey: false })).toBe(true);
    expect(isContextMenuKey({ key: "F10", shiftKey: true })).toBe(true);
    expect(isContextMenuKey({ key: "F10", shiftKey: false })).toBe(false);
  });
});

describe("formatContentDate", () => {
  it("writes 'Do MMMM YYYY'", () => {
    expect(formatContentDate("2025-03-03")).toBe("3rd March 2025");
    expect(formatContentDate("2024-11-22T10:00:00.000Z")).toBe("22nd November 2024");
    expect(formatContentDate("not a date")).toBe("not a date");
  });
});

describe("nextSort", () => {
  it("flips the direction of the sorted column and starts other columns ascending, Status starred first", () => {
    expect(nextSort({ sort: "label", direction: "asc" }, "label")).toEqual({ sort: "label", direction: "desc" });
    expect(nextSort({ sort: "label", direction: "desc" }, "createdAt")).toEqual({ sort: "createdAt", direction: "asc" });
    expect(nextSort({ sort: "label", direction: "asc" }, "starred")).toEqual({ sort: "starred", direction: "desc" });
  });
});
