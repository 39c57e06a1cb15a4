import { describe, expect, it } from "vitest";
import { cardDescription, cardTag, cardTitle, cutText, formatStoryDate, tableDescription } from "./story-text.ts";

describe("story texts on the list", () => {
  it("keeps a text up to its limit and cuts a longer one with an ellipsis", () => {
    expect(cutText("Harbour", 10)).toBe("Harbour");
    expect(cutText("0123456789", 10)).toBe("0123456789");
    expect(cutText("0123456789X", 10)).toBe("0123456789…");
    expect(cutText("  padded  ", 10)).toBe("padded");
    // A space at the cut is not kept before the ellipsis.
    expect(cutText("four five six", 5)).toBe("four…");
  });

  it("counts characters, never splitting one in half", () => {
    expect(cutText("😀😀😀", 2)).toBe("😀😀…");
    expect(cutText("Ακρόπολη", 4)).toBe("Ακρό…");
  });

  it("cuts titles at 30, descriptions at 85 (10 in the table) and tags at 10", () => {
    const title = "A".repeat(31);
    expect(cardTitle(title)).toBe(`${"A".repeat(30)}…`);
    expect(cardTitle("A".repeat(30))).toBe("A".repeat(30));
    expect(cardDescription("d".repeat(86))).toBe(`${"d".repeat(85)}…`);
    expect(cardDescription("d".repeat(85))).toBe("d".repeat(85));
    expect(tableDescription("Twelve chars")).toBe("Twelve cha…");
    expect(tableDescription("Ten chars!")).toBe("Ten chars!");
    expect(cardTag({ scope: "place", name: "Athens" })).toBe("place:Athe…");
    expect(cardTag({ scope: "era", name: "1900s" })).toBe("era:1900s");
  });

  it("writes the updated date as DD/MM/YYYY in English", () => {
    const date = formatStoryDate("2026-03-04T10:00:00.000Z", "en");
    expect(date).toBe("04/03/2026");
    expect(formatStoryDate("not a date", "en")).toBe("not a date");
  });

  it("writes the date in the other languages' own short form", () => {
    expect(formatStoryDate("2026-03-04T10:00:00.000Z", "it")).toBe("04/03/2026");
    expect(formatStoryDate("2026-03-04T10:00:00.000Z", "es")).toBe("04/03/2026");
  });
});
