import type { Translation } from "./en.ts";

type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };

/** Other languages translate what they can; missing keys fall back to English. */
export type PartialTranslation = DeepPartial<Translation>;
