// Where a dialog's keyboard focus starts: its first field, not the close button Mantine's focus trap would pick when
// nothing is marked. A ref for the dialog's form; it works for forms shown only once their data has loaded too.
import { useCallback } from "react";

const FIELD_SELECTOR = "input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled])";

export function focusFirstField(container: HTMLElement): void {
  const marked = container.querySelector<HTMLElement>("[data-autofocus]");
  const fields = Array.from(container.querySelectorAll<HTMLElement>(FIELD_SELECTOR));
  // Hidden inputs behind custom controls (a dropzone's file input) cannot take focus.
  const field = marked ?? fields.find((candidate) => candidate.checkVisibility());
  field?.focus({ preventScroll: true });
}

/** A ref for a dialog's form. The trap focuses on a timer when the dialog opens; this runs after it. */
export function useFirstFieldFocus() {
  return useCallback((form: HTMLElement | null) => {
    if (form) setTimeout(() => focusFirstField(form));
  }, []);
}
