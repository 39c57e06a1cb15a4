import type { TermFileRow } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { chosenTerms, toggleAllValid, toggleRow } from "./term-selection.ts";

const row = (number: number, valid: boolean): TermFileRow => ({
  row: number,
  data: { termId: `t${number}`, label: `Label ${number}`, termUri: "" },
  valid,
  errors: valid ? [] : ["label is required"],
});
const rows = [row(2, true), row(3, false), row(4, true)];

describe("term selection", () => {
  it("chooses and unchooses valid rows, never an invalid one", () => {
    let selection = toggleRow(new Set(), row(2, true), true);
    selection = toggleRow(selection, row(3, false), true);
    expect([...selection]).toEqual([2]);
    expect([...toggleRow(selection, row(2, true), false)]).toEqual([]);
  });

  it("selects every valid row at once, and clears them the second time", () => {
    const all = toggleAllValid(new Set(), rows);
    expect([...all].sort()).toEqual([2, 4]);
    expect([...toggleAllValid(all, rows)]).toEqual([]);
  });

  it("sends the chosen rows' terms in file order", () => {
    expect(chosenTerms(new Set([4, 2, 3]), rows).map((term) => term.termId)).toEqual(["t2", "t4"]);
  });
});
