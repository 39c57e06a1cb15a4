// Where a dialog's keyboard focus starts: its first field, not the close button Mantine's focus trap would pick when
// nothing is marked. A ref for the dialog's form; it works for forms shown only once their data has loaded too.
import { useCallback } from "react";

const FIELD_SELECTOR = "input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled])";

function firstField(container: HTMLElement): HTMLElement | undefined {
  const marked = container.querySelector<HTMLElement>("[data-autofocus]");
  if (marked) return marked;
  // Hidden inputs behind custom controls (a dropzone's file input) cannot take focus.
  return Array.from(container.querySelectorAll<HTMLElement>(FIELD_SELECTOR)).find((candidate) => candidate.checkVisibility());
}

/**
 * A ref for a dialog's form. The field is marked at once, so the focus trap of a dialog opening with the form picks
 * it; and focused on the next tick, for a form shown only once its data has loaded, after the trap has run.
 */
export function useFirstFieldFocus() {
  return useCallback((form: HTMLElement | null) => {
    if (!form) return;
    const field = firstField(form);
    field?.setAttribute("data-autofocus", "");
    setTimeout(() => field?.focus({ preventScroll: true }));
  }, []);
}
