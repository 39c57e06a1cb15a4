// The parts of a container the print preview can include (spec 1 §2 "print preview"), and the rule of spec 1 §5: at
// least one stays selected; unticking the last one brings back the basic information and tells the user why.
export const PRINT_SECTIONS = ["basicInfo", "properties", "children", "datastreams", "paths"] as const;
export type PrintSection = (typeof PRINT_SECTIONS)[number];

/** What a fresh preview shows: everything. */
export const ALL_SECTIONS: readonly PrintSection[] = PRINT_SECTIONS;

/** The section brought back when the user unticks the last one. */
export const FALLBACK_SECTION: PrintSection = "basicInfo";

export type SectionChoice = { selected: PrintSection[]; isRefused: boolean };

/** Ticks or unticks `section`; the selection keeps the order of PRINT_SECTIONS. */
export function toggleSection(selected: readonly PrintSection[], section: PrintSection, isChecked: boolean): SectionChoice {
  const next = PRINT_SECTIONS.filter((candidate) => (candidate === section ? isChecked : selected.includes(candidate)));
  if (next.length === 0) return { selected: [FALLBACK_SECTION], isRefused: true };
  return { selected: next, isRefused: false };
}
