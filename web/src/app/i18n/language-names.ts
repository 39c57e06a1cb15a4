// Names of languages (ISO 639 codes) in the UI language, from Intl.DisplayNames, so language pickers list
// "Γερμανικά" on Greek screens and "tedesco" → "Tedesco" on Italian ones, and typing that name finds it.
import { useTranslation } from "react-i18next";
import { intlLocale } from "./intl-locale.ts";

/** The name of `code` in `uiLanguage`, capitalised as a list entry; `fallback` (or the code) when Intl does not know it. */
export function languageName(code: string, uiLanguage: string, fallback: string = code): string {
  const locale = intlLocale(uiLanguage);
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([locale], { type: "language", fallback: "none" }).of(code);
  } catch {
    // A value that is no language code (RangeError) is shown as it is.
  }
  if (!name) return fallback;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** languageName bound to the current UI language; components re-render when it changes. */
export function useLanguageName(): (code: string, fallback?: string) => string {
  const { i18n } = useTranslation();
  return (code, fallback) => languageName(code, i18n.language, fallback);
}
