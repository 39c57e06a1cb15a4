import { describe, expect, it } from "vitest";
import { highlightParts, matchRanges } from "./highlight.ts";

const marked = (label: string, query: string) =>
  highlightParts(label, query)
    .filter((part) => part.isMatch)
    .map((part) => part.text);

describe("highlightParts", () => {
  it("marks Latin text typed without accents, in any case", () => {
    expect(highlightParts("Café Müller", "cafe")).toEqual([
      { text: "Café", isMatch: true },
      { text: " Müller", isMatch: false },
    ]);
    expect(marked("Café Müller", "MULLER")).toEqual(["Müller"]);
  });

  it("marks Greek text typed without tonos, with a final sigma typed as sigma", () => {
    expect(marked("Μουσείο Ακρόπολης", "μουσειο")).toEqual(["Μουσείο"]);
    expect(marked("Μουσείο Ακρόπολης", "ΑΚΡΟΠΟΛΗΣ")).toEqual(["Ακρόπολης"]);
  });

  it("marks every word typed, wherever it occurs, and merges overlaps", () => {
    expect(marked("Old lampshade and lamp", "lamp old")).toEqual(["Old", "lamp", "lamp"]);
    expect(matchRanges("Lampshade", "lamp amps")).toEqual([[0, 5]]);
  });

  it("keeps labels with decomposed accents and astral characters whole", () => {
    const decomposed = "Cafe\u0301 au lait";
    expect(
      highlightParts(decomposed, "cafe")
        .map((part) => part.text)
        .join(""),
    ).toBe(decomposed);
    expect(marked(decomposed, "cafe")).toEqual(["Cafe\u0301"]);
    expect(marked("𝔸 box", "box")).toEqual(["box"]);
  });

  it("leaves a label unmarked when nothing matches it as typed (a near spelling)", () => {
    expect(highlightParts("Amphora", "amfora")).toEqual([{ text: "Amphora", isMatch: false }]);
    expect(highlightParts("", "amfora")).toEqual([{ text: "", isMatch: false }]);
  });
});
