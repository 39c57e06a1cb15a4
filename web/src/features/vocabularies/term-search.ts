// The term search box (spec 2 §4, §9): a search runs with more than 2 typed characters, 600 ms after the last key;
// clearing the box lists every term again; 1 or 2 characters leave the list as it is.
import { VOCABULARY_LIMITS } from "@repox/contracts";

export const TERM_SEARCH_DELAY_MS = VOCABULARY_LIMITS.termSearchDebounceMs;

/** The search the list should show once the user paused on `typed`, given the one it shows now. */
export function nextTermSearch(typed: string, current: string): string {
  const text = typed.trim();
  if (text === "") return "";
  return text.length >= VOCABULARY_LIMITS.termSearchMinLength ? text : current;
}
