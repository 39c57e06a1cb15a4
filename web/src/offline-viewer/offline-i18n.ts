// The offline viewer's texts: the app's translations, in the browser's language when the app has it (nobody chose a
// language in this page). Initialised without top-level await, which a classic script (file://) cannot hold.
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { el } from "../app/i18n/el.ts";
import { en } from "../app/i18n/en.ts";
import { es } from "../app/i18n/es.ts";
import { it } from "../app/i18n/it.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../app/i18n/languages.ts";
import { sr } from "../app/i18n/sr.ts";

function browserLanguage(): Language {
  const language = navigator.languages.map((tag) => tag.slice(0, 2).toLowerCase()).find(isLanguage);
  return language ?? DEFAULT_LANGUAGE;
}

export function startOfflineI18n() {
  const language = browserLanguage();
  document.documentElement.lang = language;
  return i18n.use(initReactI18next).init({
    resources: {
      en: { translation: { storyViewer: en.storyViewer } },
      el: { translation: { storyViewer: el.storyViewer } },
      it: { translation: { storyViewer: it.storyViewer } },
      sr: { translation: { storyViewer: sr.storyViewer } },
      es: { translation: { storyViewer: es.storyViewer } },
    },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
  });
}
