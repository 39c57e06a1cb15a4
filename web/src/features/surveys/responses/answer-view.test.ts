import type { Question } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { answeredQuestions, answerView, gridCell } from "./answer-view.ts";

const question = (type: Question["type"], details: Question["details"] = {}): Question => ({
  id: "q",
  title: "Q",
  description: "",
  type,
  required: false,
  details,
});

describe("answer view", () => {
  it("shows text answers as given, dates as DD/MM/YYYY and times as h:mm a", () => {
    expect(answerView(question("SHORT_ANSWER"), "hello")).toEqual({ kind: "text", text: "hello" });
    expect(answerView(question("DATE"), "2026-11-24")).toEqual({ kind: "text", text: "24/11/2026" });
    expect(answerView(question("TIME"), "14:05")).toEqual({ kind: "text", text: "2:05 pm" });
    expect(answerView(question("PARAGRAPH"), "")).toEqual({ kind: "none" });
    expect(answerView(question("LABEL"), undefined)).toEqual({ kind: "label" });
  });

  it("checks the chosen options and keeps the 'Other' text", () => {
    const view = answerView(question("CHECKBOXES", { options: ["A", "B"], hasOtherOption: true }), { answers: ["B"], other: "C" });
    expect(view).toEqual({
      kind: "choices",
      isMultiple: true,
      lines: [
        { label: "A", isChecked: false },
        { label: "B", isChecked: true },
      ],
      other: "C",
    });
    const dropdown = answerView(question("DROPDOWN", { options: ["X", "Y"] }), "Y");
    expect(dropdown).toMatchObject({ kind: "choices", isMultiple: false, lines: [{ isChecked: false }, { isChecked: true }] });
    expect(answerView(question("MULTIPLE_CHOICE", { options: ["A"] }), { answers: [], other: "" })).toEqual({ kind: "none" });
  });

  it("marks the chosen grid cells", () => {
    const view = answerView(
      question("CHECKBOX_GRID", {
        rows: [{ id: "r", value: "Row" }],
        columns: [
          { id: "a", value: "A" },
          { id: "b", value: "B" },
        ],
      }),
      [{ rowId: "r", columnIds: ["a", "b"] }],
    );
    expect(view.kind === "grid" && [...view.checked]).toEqual([gridCell("r", "a"), gridCell("r", "b")]);
  });

  it("lists the scale from its first to its last value", () => {
    expect(answerView(question("LINEAR_SCALE", { from: 0, to: 3, fromLabel: "low", toLabel: "high" }), 2)).toEqual({
      kind: "scale",
      values: [0, 1, 2, 3],
      chosen: 2,
      fromLabel: "low",
      toLabel: "high",
    });
  });

  it("groups the snapshot by section, unplaced questions last", () => {
    const questions = [
      { ...question("SHORT_ANSWER"), id: "a" },
      { ...question("SHORT_ANSWER"), id: "b" },
    ];
    const groups = answeredQuestions(questions, [{ id: "s", title: "S", questions: ["b"] }], [{ id: "b", value: "x" }]);
    expect(groups.map((group) => group.questions.map((entry) => [entry.question.id, entry.value]))).toEqual([
      [["b", "x"]],
      [["a", undefined]],
    ]);
  });
});
