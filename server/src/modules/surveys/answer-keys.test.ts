import type { Question } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { answerKeys, answerTexts } from "./answer-keys.ts";

const q = (type: Question["type"]): Question => ({ id: "q", title: "", description: "", type, required: false, details: {} });

describe("answer keys", () => {
  it("counts what each answer chose, and a skipped answer only as shown", () => {
    expect(answerKeys(q("CHECKBOXES"), { answers: ["a", "b"], other: "c" })).toEqual([
      "CHECKBOXES|shown",
      "CHECKBOXES|answered",
      "CHECKBOXES|option|a",
      "CHECKBOXES|option|b",
      "CHECKBOXES|other",
    ]);
    expect(answerKeys(q("CHECKBOX_GRID"), [{ rowId: "r", columnIds: ["c1", "c2"] }])).toContain("CHECKBOX_GRID|cell|r|c2");
    expect(answerKeys(q("LINEAR_SCALE"), 4)).toEqual(["LINEAR_SCALE|shown", "LINEAR_SCALE|answered", "LINEAR_SCALE|scale|4"]);
    expect(answerKeys(q("SHORT_ANSWER"), "")).toEqual(["SHORT_ANSWER|shown"]);
    expect(answerTexts(q("MULTIPLE_CHOICE"), { answers: [], other: "Else" })).toEqual([{ isOther: true, value: "Else" }]);
  });
});
