import { describe, expect, it } from "vitest";
import { bodyOf, canCreate, EMPTY_DRAFT, type GuideDraft, newPicture, toggleLanguage } from "./guide-draft.ts";

const complete: GuideDraft = {
  title: "Naxos",
  description: "",
  languages: ["US"],
  logo: newPicture("logo", "/logo"),
  cover: newPicture("cover", "/cover"),
  welcomeTexts: { US: "Welcome" },
  onboarding: [],
};

describe("guide draft", () => {
  it("enables Create only with a title, a language, a logo, a cover and a welcome text (spec 3 §5)", () => {
    expect(canCreate(complete)).toBe(true);
    expect(canCreate(EMPTY_DRAFT)).toBe(false);
    expect(canCreate({ ...complete, title: "  " })).toBe(false);
    expect(canCreate({ ...complete, languages: [] })).toBe(false);
    expect(canCreate({ ...complete, logo: null })).toBe(false);
    expect(canCreate({ ...complete, cover: null })).toBe(false);
    expect(canCreate({ ...complete, welcomeTexts: { US: " " } })).toBe(false);
    // A text kept for a language switched off does not count.
    expect(canCreate({ ...complete, languages: ["GR"], welcomeTexts: { US: "Welcome" } })).toBe(false);
  });

  it("sends the welcome texts of the selected languages only, and keeps languages in the creator's order", () => {
    const draft = { ...complete, languages: toggleLanguage(toggleLanguage(["FR"], "GR"), "US"), welcomeTexts: { US: "Hi", IT: "Ciao" } };
    expect(draft.languages).toEqual(["GR", "US", "FR"]);
    expect(bodyOf(draft).welcomeTexts).toEqual({ US: "Hi" });
    expect(toggleLanguage(draft.languages, "GR")).toEqual(["US", "FR"]);
  });
});
