// Undo and redo over whole snapshots of the draft: every change is one step, except changes that name the same
// `mergeKey` one after another (typing in one field, dragging a slider), which stay one step.

export const HISTORY_LIMIT = 200;

export type History<T> = {
  past: T[];
  present: T;
  future: T[];
  /** The key of the change that made `present`, while further changes with the same key merge into it. */
  mergeKey: string | null;
};

export const historyOf = <T>(present: T): History<T> => ({ past: [], present, future: [], mergeKey: null });

/** `present` becomes `next`; a new undo step unless `mergeKey` matches the previous change's. */
export function record<T>(history: History<T>, next: T, mergeKey: string | null = null): History<T> {
  if (next === history.present) return history;
  if (mergeKey !== null && mergeKey === history.mergeKey) return { ...history, present: next, future: [] };
  const past = [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], mergeKey };
}

/** Replaces `present` without an undo step of its own (a correction the editor makes, such as sizing a loaded image). */
export const amend = <T>(history: History<T>, next: T): History<T> => ({ ...history, present: next });

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], mergeKey: null };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...future] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future, mergeKey: null };
}

export const canUndo = (history: History<unknown>) => history.past.length > 0;
export const canRedo = (history: History<unknown>) => history.future.length > 0;
