// The editor's state for every part of the page: the reducer's state and dispatch, the story as loaded (its ratio,
// orientation and canvas never change in the editor) and where pictures are.
import type { Story } from "@repox/contracts";
import { createContext, type Dispatch, useContext } from "react";
import type { PictureResolver } from "../story-viewer/index.ts";
import type { EditorAction, EditorState } from "./state/editor-reducer.ts";

export type EditorContextValue = {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  story: Story;
  canvas: { width: number; height: number };
  resolvePicture: PictureResolver;
};

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error("useEditor outside the story editor");
  return value;
}

/** A new slide or element id (getRandomValues works outside secure contexts too, unlike randomUUID). */
export function newItemId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
