import { describe, expect, it } from "vitest";
import { el } from "./el.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { it as italian } from "./it.ts";
import { sr } from "./sr.ts";

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Tree = { readonly [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((match) => match[1] ?? "").sort();
}

/** English's keys as another language must have them: each counted key in that language's plural categories. */
function expectedKeys(language: string): Map<string, string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Map<string, string>();
  for (const [key, text] of flatten(en)) {
    if (!PLURAL_SUFFIX.test(key)) keys.set(key, text);
    else if (key.endsWith("_other")) {
      const base = key.replace(PLURAL_SUFFIX, "");
      for (const category of categories) keys.set(`${base}_${category}`, text);
    }
  }
  return keys;
}

describe.each([
  ["el", el],
  ["it", italian],
  ["sr", sr],
  ["es", es],
])("the %s translation", (language, translation) => {
  const expected = expectedKeys(language);
  const actual = flatten(translation);

  it("has every key of English, in the plural forms the language needs", () => {
    expect([...expected.keys()].filter((key) => !actual.has(key))).toEqual([]);
  });

  it("has no key English lacks", () => {
    expect([...actual.keys()].filter((key) => !expected.has(key))).toEqual([]);
  });

  it("keeps English's placeholders", () => {
    // A counted form may leave the count out ('This item was refused:'), as English's own singular may.
    const compared = (key: string, text: string) =>
      placeholders(text)
        .filter((name) => !(PLURAL_SUFFIX.test(key) && name === "count"))
        .join();
    const differing = [...actual].filter(
      ([key, text]) => expected.has(key) && compared(key, text) !== compared(key, expected.get(key) ?? ""),
    );
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it("translates the screens, player, screen app, websites and guide pages (issue 14) whole", () => {
    // Names every language writes as English does; a text of these areas otherwise left in English is a gap.
    const sameEverywhere = /^(screenApp\.systems\.|guides\.(fields\.logo|phone\.(logo|noLogo|screens\.onboarding)|sections\.onboarding)$)/;
    const areas = /^(screens|screenPlayer|screenApp|websites|guides|storyPicker)\./;
    const untranslated = [...actual]
      .filter(([key, text]) => areas.test(key) && !sameEverywhere.test(key) && text === expected.get(key))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it("translates the screens: most texts differ from English", () => {
    const same = [...actual].filter(([key, text]) => text === expected.get(key));
    expect(same.length / actual.size).toBeLessThan(0.2);
  });
});

describe("English", () => {
  it("has every counted key in both of its plural forms", () => {
    const keys = [...flatten(en).keys()].filter((key) => PLURAL_SUFFIX.test(key));
    const bases = new Set(keys.map((key) => key.replace(PLURAL_SUFFIX, "")));
    expect(keys.sort()).toEqual([...bases].flatMap((base) => [`${base}_one`, `${base}_other`]).sort());
  });
});
