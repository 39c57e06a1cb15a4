import { describe, expect, it } from "vitest";
import { editorKeyAction } from "./use-editor-keys.ts";

const key = (key: string, modifiers: { ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean } = {}) =>
  editorKeyAction({ key, ctrlKey: false, metaKey: false, shiftKey: false, ...modifiers });

describe("editor keys", () => {
  it("undoes with Ctrl+Z and redoes with Ctrl+Shift+Z or Ctrl+Y", () => {
    expect(key("z", { ctrlKey: true })).toEqual({ type: "history/undo" });
    expect(key("Z", { ctrlKey: true, shiftKey: true })).toEqual({ type: "history/redo" });
    expect(key("y", { metaKey: true })).toEqual({ type: "history/redo" });
  });

  it("nudges by 1 px, 10 with Shift", () => {
    expect(key("ArrowLeft")).toEqual({ type: "element/nudge", dx: -1, dy: 0 });
    expect(key("ArrowDown", { shiftKey: true })).toEqual({ type: "element/nudge", dx: 0, dy: 10 });
  });

  it("deletes with Delete and ignores other keys", () => {
    expect(key("Delete")).toEqual({ type: "element/delete" });
    expect(key("a")).toBeNull();
    expect(key("c", { ctrlKey: true })).toBeNull();
  });
});
