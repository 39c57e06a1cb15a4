// The locale Intl and dayjs format with for a UI language. Intl's plain "sr" writes Cyrillic; Repox's
// Serbian is in Latin script (sr.ts), so dates, numbers and language names use "sr-Latn".
import i18next from "i18next";
import { DEFAULT_LANGUAGE } from "./languages.ts";

/** The UI language now chosen; English before i18next is set up (as in unit tests). */
export function currentLanguage(): string {
  return i18next.language ?? DEFAULT_LANGUAGE;
}

export function intlLocale(language: string = currentLanguage()): string {
  return language === "sr" ? "sr-Latn" : language;
}

/** English keeps the spec's own date formats ('Do MMMM YYYY'); other languages use their Intl forms. */
export function usesSpecDateFormats(language: string): boolean {
  return language === DEFAULT_LANGUAGE;
}
