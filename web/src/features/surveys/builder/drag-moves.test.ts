import { describe, expect, it } from "vitest";
import { addQuestion, addSection, questionById } from "../builder-operations.ts";
import { newSurveyDraft, type SurveyDraft } from "../survey-draft.ts";
import { dropped, questionDraggedOver } from "./drag-moves.ts";
import { emptySectionDropId, questionDragId, sectionDragId } from "./selection.ts";

function survey() {
  const start = newSurveyDraft({ section: "A", question: "a1" });
  const a = start.sections[0]?.id as string;
  const a1 = start.questions[0]?.id as string;
  const a2 = addQuestion(start, a, "a2");
  const b = addSection(a2.draft, "B");
  const b1 = addQuestion(b.draft, b.sectionId, "b1");
  const c = addSection(b1.draft, "C");
  return { draft: c.draft, a, b: b.sectionId, c: c.sectionId, a1, a2: a2.questionId, b1: b1.questionId };
}
const titles = (draft: SurveyDraft) => draft.sections.map((section) => section.questions.map((id) => questionById(draft, id)?.title));

describe("dragging questions and sections", () => {
  it("reorders a question inside its section on drop", () => {
    const { draft, a1, a2 } = survey();
    expect(titles(dropped(draft, questionDragId(a1), questionDragId(a2)) as SurveyDraft)).toEqual([["a2", "a1"], ["b1"], []]);
  });

  it("moves a question into another section while dragging, and into an empty one", () => {
    const { draft, a1, b1, c } = survey();
    expect(titles(questionDraggedOver(draft, questionDragId(a1), questionDragId(b1)) as SurveyDraft)).toEqual([["a2"], ["a1", "b1"], []]);
    expect(titles(questionDraggedOver(draft, questionDragId(b1), questionDragId(a1)) as SurveyDraft)).toEqual([["a1", "b1", "a2"], [], []]);
    expect(titles(questionDraggedOver(draft, questionDragId(a1), emptySectionDropId(c)) as SurveyDraft)).toEqual([["a2"], ["b1"], ["a1"]]);
    expect(questionDraggedOver(draft, questionDragId(a1), questionDragId(draft.sections[0]?.questions[1] as string))).toBeNull();
  });

  it("reorders sections", () => {
    const { draft, a, c } = survey();
    expect(titles(dropped(draft, sectionDragId(c), sectionDragId(a)) as SurveyDraft)).toEqual([[], ["a1", "a2"], ["b1"]]);
  });
});
