// The guide as the creator edits it: pictures with the link that shows them, welcome texts kept for a language while
// it is switched off (they come back when it is switched on again), and the body a save sends.
import {
  GUIDE_LANGUAGES,
  type Guide,
  type GuideBodyInput,
  type GuideImage,
  type GuideLanguage,
  type GuideWelcomeTexts,
  isGuideComplete,
} from "@repox/contracts";

/** A picture chosen for the guide; `key` tells apart the same asset added twice to the onboarding. */
export type GuidePicture = { asset: string; url: string; key: string };

export type GuideDraft = {
  title: string;
  description: string;
  languages: GuideLanguage[];
  logo: GuidePicture | null;
  cover: GuidePicture | null;
  welcomeTexts: GuideWelcomeTexts;
  onboarding: GuidePicture[];
};

let pictureCount = 0;
export function newPicture(asset: string, url: string): GuidePicture {
  pictureCount++;
  return { asset, url, key: `${asset}:${pictureCount}` };
}

const pictureOf = (image: GuideImage | null) => (image ? newPicture(image.asset, image.url) : null);

export const EMPTY_DRAFT: GuideDraft = {
  title: "",
  description: "",
  languages: [],
  logo: null,
  cover: null,
  welcomeTexts: {},
  onboarding: [],
};

export function draftOf(guide: Guide): GuideDraft {
  return {
    title: guide.title,
    description: guide.description,
    languages: guide.languages,
    logo: pictureOf(guide.logo),
    cover: pictureOf(guide.cover),
    welcomeTexts: guide.welcomeTexts,
    onboarding: guide.onboarding.map((image) => newPicture(image.asset, image.url)),
  };
}

/** Languages in the creator's order (GR, US, IT, FR), whatever order they were switched on in. */
export function toggleLanguage(languages: readonly GuideLanguage[], language: GuideLanguage): GuideLanguage[] {
  const next = languages.includes(language) ? languages.filter((item) => item !== language) : [...languages, language];
  return GUIDE_LANGUAGES.filter((item) => next.includes(item));
}

/** What a save sends: the welcome texts of the selected languages only, empty ones left out. */
export function bodyOf(draft: GuideDraft): GuideBodyInput {
  const welcomeTexts: GuideWelcomeTexts = {};
  for (const language of draft.languages) {
    const text = draft.welcomeTexts[language]?.trim();
    if (text) welcomeTexts[language] = text;
  }
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    languages: draft.languages,
    logo: draft.logo?.asset ?? null,
    cover: draft.cover?.asset ?? null,
    welcomeTexts,
    onboarding: draft.onboarding.map((picture) => picture.asset),
  };
}

/** Spec 3 §5: Create needs a title, a language, a logo, a cover image and a welcome text. */
export function canCreate(draft: GuideDraft): boolean {
  const body = bodyOf(draft);
  return isGuideComplete({
    title: draft.title,
    languages: draft.languages,
    logo: draft.logo?.asset ?? null,
    cover: draft.cover?.asset ?? null,
    welcomeTexts: body.welcomeTexts ?? {},
  });
}

/** Whether the draft differs from what the server holds. */
export function isChanged(draft: GuideDraft, saved: GuideDraft): boolean {
  return JSON.stringify(bodyOf(draft)) !== JSON.stringify(bodyOf(saved));
}
