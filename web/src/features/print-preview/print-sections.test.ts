import { describe, expect, it } from "vitest";
import { ALL_SECTIONS, toggleSection } from "./print-sections.ts";

describe("toggleSection", () => {
  it("unticks and ticks sections, keeping the order of the preview", () => {
    const fewer = toggleSection(ALL_SECTIONS, "properties", false);
    expect(fewer).toEqual({ selected: ["basicInfo", "children", "datastreams", "paths"], isRefused: false });
    expect(toggleSection(["paths"], "basicInfo", true)).toEqual({ selected: ["basicInfo", "paths"], isRefused: false });
  });

  it("refuses to leave nothing selected and brings back the basic information", () => {
    expect(toggleSection(["paths"], "paths", false)).toEqual({ selected: ["basicInfo"], isRefused: true });
    expect(toggleSection(["basicInfo"], "basicInfo", false)).toEqual({ selected: ["basicInfo"], isRefused: true });
  });

  it("unticks every section one by one until the last is refused", () => {
    let selected = [...ALL_SECTIONS];
    const refusals: boolean[] = [];
    for (const section of ALL_SECTIONS) {
      const choice = toggleSection(selected, section, false);
      selected = choice.selected;
      refusals.push(choice.isRefused);
    }
    expect(refusals).toEqual([false, false, false, false, true]);
    expect(selected).toEqual(["basicInfo"]);
  });
});
