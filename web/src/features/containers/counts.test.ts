import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { en } from "../../app/i18n/en.ts";
import { countsText } from "./counts.ts";

describe("countsText", () => {
  it("reads '{n} folders and {m} files' with each count in its plural form", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "en", resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
    expect(countsText(i18n.t, 3, 0)).toBe("3 folders and 0 files");
    expect(countsText(i18n.t, 1, 12)).toBe("1 folder and 12 files");
  });
});
