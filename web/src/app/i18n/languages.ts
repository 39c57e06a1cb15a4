// The languages the UI offers (spec 1 §1); English is the default and fallback.
export const LANGUAGES = ["en", "el", "it", "sr", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}
