import type { Translation } from "./en.ts";

/** The plural categories of CLDR that i18next appends to a counted key (`key_one`, `key_few`, …). */
export type PluralCategory = "zero" | "one" | "two" | "few" | "many" | "other";

type Shape<T, C extends PluralCategory> = {
  [K in keyof T as K extends `${string}_${PluralCategory}` ? never : K]: T[K] extends string ? string : Shape<T[K], C>;
} & { [K in keyof T as K extends `${infer Base}_${PluralCategory}` ? `${Base}_${C}` : never]: string };

/**
 * A whole translation: every key of English, with each counted key in the plural categories `C`
 * that Intl.PluralRules gives the language; tsc refuses a language that leaves a key out.
 */
export type FullTranslation<C extends PluralCategory> = Shape<Translation, C>;
