import { describe, expect, it } from "vitest";
import { languageName } from "./language-names.ts";

describe("languageName", () => {
  it("names a language in the UI language, capitalised", () => {
    expect(languageName("de", "en")).toBe("German");
    expect(languageName("de", "el")).toBe("Γερμανικά");
    expect(languageName("de", "it")).toBe("Tedesco");
    expect(languageName("de", "es")).toBe("Alemán");
    expect(languageName("de", "sr")).toBe("Nemački");
  });

  it("falls back to the given name, or the code, for what is no language", () => {
    expect(languageName("not a code", "el", "Something")).toBe("Something");
    expect(languageName("not a code", "el")).toBe("not a code");
  });
});
