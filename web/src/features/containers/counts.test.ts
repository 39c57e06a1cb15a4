import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { en } from "../../app/i18n/en.ts";
import { countsText } from "./counts.ts";

describe("countsText", () => {
  it("reads '{n} folder(s) and {m} file(s)'", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "en", resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
    expect(countsText(i18n.t, 3, 0)).toBe("3 folder(s) and 0 file(s)");
    expect(countsText(i18n.t, 1, 12)).toBe("1 folder(s) and 12 file(s)");
  });
});
