// Labels as the content area shows them (spec 1 §2, §9): cut to a length with an ellipsis, and without Greek accents
// in the breadcrumb.
import { CONTENT_LIMITS } from "@repox/contracts";

const ELLIPSIS = "…";
const GREEK_LETTER = /[\u0370-\u03ff\u1f00-\u1fff]/u;
/** Tonos/oxia, varia, perispomeni, psili, dasia and ypogegrammeni; the diaeresis (dialytika) is kept. */
const GREEK_ACCENT = /[\u0300\u0301\u0313\u0314\u0342\u0345]/u;

/** "Αθήνα" → "Αθηνα": accents of Greek letters dropped; other scripts (é in "Café") untouched. */
export function removeGreekAccents(text: string): string {
  const decomposed = [...text.normalize("NFD")];
  let previousBase = "";
  let result = "";
  for (const character of decomposed) {
    const isMark = /\p{M}/u.test(character);
    if (!isMark) previousBase = character;
    if (isMark && GREEK_ACCENT.test(character) && GREEK_LETTER.test(previousBase)) continue;
    result += character;
  }
  return result.normalize("NFC");
}

/** The first `max` characters followed by an ellipsis when the label is longer; whole characters, never half a pair. */
export function cutLabel(label: string, max: number): string {
  const characters = [...label];
  return characters.length > max ? `${characters.slice(0, max).join("")}${ELLIPSIS}` : label;
}

export const breadcrumbLabel = (label: string) => cutLabel(removeGreekAccents(label), CONTENT_LIMITS.breadcrumbLabelCut);

/** Picker rows and move/link toasts (spec 1 §9: 50 characters). */
export const pickerLabel = (label: string) => cutLabel(label, CONTENT_LIMITS.pickerLabelCut);
