// Which editor dialog of a list is open: none, a new item, or an existing one.
import { useState } from "react";

export type EditorState<T> = { item: T | null } | null;

export function useEditorState<T>() {
  const [state, setState] = useState<EditorState<T>>(null);
  return {
    state,
    create: () => setState({ item: null }),
    edit: (item: T) => setState({ item }),
    close: () => setState(null),
  };
}
