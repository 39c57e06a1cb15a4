import { describe, expect, it } from "vitest";
import { formatContentDate } from "./content-dates.ts";
import { CONTEXT_MENU_MIN_ROOM_PX, contextMenuMaxHeight } from "./context-menu-placement.ts";
import { nextSort } from "./folder-sort.ts";
import { isContextMenuKey, nextFocusIndex } from "./grid-navigation.ts";

describe("contextMenuMaxHeight", () => {
  it("lets the menu grow while 271 px or more remain below the pointer", () => {
    expect(contextMenuMaxHeight(100, 100 + CONTEXT_MENU_MIN_ROOM_PX)).toBeNull();
  });

  it("makes the menu scroll within the room left below", () => {
    expect(contextMenuMaxHeight(800, 1000)).toBe(184);
    expect(contextMenuMaxHeight(990, 1000)).toBe(120);
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
