import type { QuestionSummary, Section } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { choiceRows, cutChartLabel, formatTextAnswer, SUMMARY_PALETTE, scaleRows, summariesBySection } from "./summary-model.ts";

const summary = (questionId: string): QuestionSummary => ({
  questionId,
  questionType: "SHORT_ANSWER",
  questionTitle: questionId,
  answerCount: 0,
  notShownCount: 0,
  answerSummary: { kind: "texts", latest: [] },
});

describe("survey summary model", () => {
  it("has 16 colours and cuts labels at 20 characters", () => {
    expect(new Set(SUMMARY_PALETTE).size).toBe(16);
    expect(cutChartLabel("Twenty characters ok")).toBe("Twenty characters ok");
    const cut = cutChartLabel("A label that is much longer than twenty");
    expect([...cut]).toHaveLength(20);
    expect(cut.endsWith("…")).toBe(true);
  });

  it("keeps labels that are cut alike apart and adds Other when chosen", () => {
    const rows = choiceRows(
      {
        kind: "choices",
        options: [
          { option: "The same long beginning one", count: 2 },
          { option: "The same long beginning two", count: 1 },
        ],
        otherCount: 3,
        otherAnswers: ["x"],
      },
      "Other",
    );
    expect(rows.map((row) => row.value)).toEqual([2, 1, 3]);
    expect(new Set(rows.map((row) => row.name)).size).toBe(3);
    expect(rows[2]?.label).toBe("Other");
  });

  it("counts every scale value, missing ones as 0", () => {
    const rows = scaleRows({ kind: "scale", from: 1, to: 4, fromLabel: "", toLabel: "", values: [{ value: 3, count: 5 }] });
    expect(rows.map((row) => [row.name, row.value])).toEqual([
      ["1", 0],
      ["2", 0],
      ["3", 5],
      ["4", 0],
    ]);
  });

  it("groups summaries by section in order, the unplaced last", () => {
    const sections: Section[] = [
      { id: "s1", title: "One", description: "", questions: ["b", "a"] },
      { id: "s2", title: "Two", description: "", questions: ["gone"] },
    ];
    const groups = summariesBySection(sections, [summary("a"), summary("b"), summary("loose")]);
    expect(groups.map((group) => [group.section?.id ?? null, group.questions.map((q) => q.questionId)])).toEqual([
      ["s1", ["b", "a"]],
      [null, ["loose"]],
    ]);
  });

  it("shows dates as DD/MM/YYYY and times as h:mm a", () => {
    expect(formatTextAnswer("DATE", "2026-11-05")).toBe("05/11/2026");
    expect(formatTextAnswer("TIME", "14:05")).toBe("2:05 pm");
    expect(formatTextAnswer("TIME", "00:30")).toBe("12:30 am");
    expect(formatTextAnswer("SHORT_ANSWER", "2026-11-05")).toBe("2026-11-05");
  });
});
