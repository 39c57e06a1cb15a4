import { describe, expect, it } from "vitest";
import { emptySelection, type SelectionState, selectionReducer } from "./selection.ts";

const state = (selected: string[], focused: string | null = null): SelectionState => ({ selected, focused });

describe("selectionReducer", () => {
  it("selects one item on a plain click", () => {
    expect(selectionReducer(state(["a", "b"]), { type: "click", key: "c", additive: false })).toEqual(state(["c"], "c"));
  });

  it("adds and removes items on ctrl or meta click", () => {
    const two = selectionReducer(state(["a"]), { type: "click", key: "b", additive: true });
    expect(two).toEqual(state(["a", "b"], "b"));
    expect(selectionReducer(two, { type: "click", key: "a", additive: true })).toEqual(state(["b"], "a"));
  });

  it("keeps the selection on a right click of a selected item, else selects that item alone", () => {
    expect(selectionReducer(state(["a", "b"]), { type: "contextMenu", key: "b" })).toEqual(state(["a", "b"], "b"));
    expect(selectionReducer(state(["a", "b"]), { type: "contextMenu", key: "c" })).toEqual(state(["c"], "c"));
  });

  it("toggles the focused item with space", () => {
    expect(selectionReducer(state(["a"]), { type: "toggle", key: "b" })).toEqual(state(["a", "b"], "b"));
    expect(selectionReducer(state(["a", "b"]), { type: "toggle", key: "a" })).toEqual(state(["b"], "a"));
  });

  it("moves the focus without changing the selection, and clears", () => {
    expect(selectionReducer(state(["a"], "a"), { type: "focus", key: "b" })).toEqual(state(["a"], "b"));
    expect(selectionReducer(state(["a"], "a"), { type: "clear" })).toEqual(state([], "a"));
  });

  it("forgets items that left the list", () => {
    expect(selectionReducer(state(["a", "b"], "b"), { type: "retain", keys: ["a", "c"] })).toEqual(state(["a"], null));
    const unchanged = state(["a"], "a");
    expect(selectionReducer(unchanged, { type: "retain", keys: ["a"] })).toBe(unchanged);
    expect(selectionReducer(emptySelection, { type: "clear" })).toBe(emptySelection);
  });

  it("selects every listed item and keeps the focus", () => {
    expect(selectionReducer(state(["b"], "b"), { type: "selectAll", keys: ["a", "b", "c"] })).toEqual(state(["a", "b", "c"], "b"));
  });
});
