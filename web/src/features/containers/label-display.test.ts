import { describe, expect, it } from "vitest";
import { breadcrumbLabel, cutLabel, pickerLabel, removeGreekAccents } from "./label-display.ts";

describe("removeGreekAccents", () => {
  it("drops the accents of Greek letters, lower and upper case", () => {
    expect(removeGreekAccents("Αθήνα")).toBe("Αθηνα");
    expect(removeGreekAccents("Ελληνικά Έγγραφα")).toBe("Ελληνικα Εγγραφα");
    expect(removeGreekAccents("ὁδός")).toBe("οδος");
  });

  it("keeps the diaeresis and leaves other scripts alone", () => {
    expect(removeGreekAccents("Προϊόν ΐ")).toBe("Προϊον ϊ");
    expect(removeGreekAccents("Café Zürich")).toBe("Café Zürich");
  });
});

describe("cutLabel", () => {
  it("keeps short labels and cuts long ones with an ellipsis", () => {
    expect(cutLabel("Letters", 40)).toBe("Letters");
    expect(cutLabel("a".repeat(40), 40)).toBe("a".repeat(40));
    expect(cutLabel("a".repeat(41), 40)).toBe(`${"a".repeat(40)}…`);
  });

  it("never splits a character made of two code units", () => {
    expect(cutLabel("😀😀😀", 2)).toBe("😀😀…");
  });

  it("cuts breadcrumbs at 40 after removing accents, picker labels at 50", () => {
    expect(breadcrumbLabel(`Έ${"x".repeat(45)}`)).toBe(`Ε${"x".repeat(39)}…`);
    expect(pickerLabel("y".repeat(60))).toBe(`${"y".repeat(50)}…`);
    expect(pickerLabel("Αθήνα")).toBe("Αθήνα");
  });
});
