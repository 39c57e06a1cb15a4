// i18next set-up: typed keys from the English resource, the chosen language kept in localStorage.
// The language is read from localStorage as this module loads: the fallback for framed pages must be in place first.
import "../storage-fallback.ts";
import i18n, { type ParseKeys } from "i18next";
import { initReactI18next } from "react-i18next";
import { el } from "./el.ts";
import { en, type Translation } from "./en.ts";
import { es } from "./es.ts";
import { it } from "./it.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./languages.ts";
import { sr } from "./sr.ts";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Translation };
  }
}

export type TranslationKey = ParseKeys<"translation">;

const LANGUAGE_KEY = "language";

function storedLanguage(): Language {
  const value = localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** The tenant's default language, for a browser that has not chosen one of its own (not stored: a choice is). */
export function applyDefaultLanguage(language: string) {
  if (isLanguage(localStorage.getItem(LANGUAGE_KEY)) || !isLanguage(language) || i18n.language === language) return;
  return i18n.changeLanguage(language);
}

export function changeLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_KEY, language);
  return i18n.changeLanguage(language);
}

i18n.on("languageChanged", (language) => {
  document.documentElement.lang = language;
});

await i18n.use(initReactI18next).init({
  resources: {
    en: { translation: en },
    el: { translation: el },
    it: { translation: it },
    sr: { translation: sr },
    es: { translation: es },
  },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
});

export { i18n };
