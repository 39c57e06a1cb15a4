// Which items of a folder are selected and which one has the keyboard focus (spec 1 §2 "Selection"). Items are named
// by key (see content-items.ts), so folders and files share one selection.

export type SelectionState = { selected: readonly string[]; focused: string | null };

export type SelectionAction =
  /** A click; with ctrl or meta (`additive`) it toggles the item, otherwise the item alone is selected. */
  | { type: "click"; key: string; additive: boolean }
  /** A right click or the menu key: an already selected item keeps the selection, another item becomes the selection. */
  | { type: "contextMenu"; key: string }
  /** Space: toggles the focused item, keeping the others. */
  | { type: "toggle"; key: string }
  | { type: "focus"; key: string }
  | { type: "clear" }
  /** Select-all (ctrl or meta A, or the button): every listed item. */
  | { type: "selectAll"; keys: readonly string[] }
  /** Keeps only items still listed (after a search, a removal or a move). */
  | { type: "retain"; keys: readonly string[] };

export const emptySelection: SelectionState = { selected: [], focused: null };

function toggled(selected: readonly string[], key: string): string[] {
  return selected.includes(key) ? selected.filter((item) => item !== key) : [...selected, key];
}

export function selectionReducer(state: SelectionState, action: SelectionAction): SelectionState {
  switch (action.type) {
    case "click":
      return { selected: action.additive ? toggled(state.selected, action.key) : [action.key], focused: action.key };
    case "contextMenu":
      return { selected: state.selected.includes(action.key) ? state.selected : [action.key], focused: action.key };
    case "toggle":
      return { selected: toggled(state.selected, action.key), focused: action.key };
    case "focus":
      return state.focused === action.key ? state : { ...state, focused: action.key };
    case "selectAll":
      return { ...state, selected: [...action.keys] };
    case "clear":
      return state.selected.length === 0 ? state : { ...state, selected: [] };
    case "retain": {
      const listed = new Set(action.keys);
      const selected = state.selected.filter((key) => listed.has(key));
      const focused = state.focused !== null && listed.has(state.focused) ? state.focused : null;
      return selected.length === state.selected.length && focused === state.focused ? state : { selected, focused };
    }
  }
}
