import { describe, expect, it } from "vitest";
import {
  addOption,
  addQuestion,
  addSection,
  branchTargets,
  duplicateQuestion,
  moveQuestionBy,
  moveQuestionTo,
  moveSectionBy,
  questionById,
  removeOption,
  removeQuestion,
  removeSection,
  renameOption,
  setBranch,
  setQuestionType,
  updateQuestion,
} from "./builder-operations.ts";
import { draftIssues, newSurveyDraft, type SurveyDraft } from "./survey-draft.ts";

/** Two sections: A holds a1, a2; B holds b1. */
function twoSections() {
  const start = newSurveyDraft({ section: "A", question: "a1" });
  const sectionA = start.sections[0]?.id as string;
  const a1 = start.questions[0]?.id as string;
  const withA2 = addQuestion(start, sectionA, "a2");
  const b = addSection(withA2.draft, "B");
  const withB1 = addQuestion(b.draft, b.sectionId, "b1");
  return { draft: withB1.draft, sectionA, sectionB: b.sectionId, a1, a2: withA2.questionId, b1: withB1.questionId };
}

function questionOf(draft: SurveyDraft, id: string) {
  const question = questionById(draft, id);
  if (!question) throw new Error(`no question ${id}`);
  return question;
}

const order = (draft: SurveyDraft) => draft.sections.map((section) => section.questions.map((id) => questionById(draft, id)?.title));

describe("moving questions", () => {
  it("moves up and down inside a section and across a section's edge", () => {
    const { draft, a2, b1 } = twoSections();
    expect(order(moveQuestionBy(draft, a2, -1) as SurveyDraft)).toEqual([["a2", "a1"], ["b1"]]);
    expect(order(moveQuestionBy(draft, a2, 1) as SurveyDraft)).toEqual([["a1"], ["a2", "b1"]]);
    expect(order(moveQuestionBy(draft, b1, -1) as SurveyDraft)).toEqual([["a1", "a2", "b1"], []]);
    expect(moveQuestionBy(draft, b1, 1)).toBeNull();
  });

  it("drops a question at a place in another section", () => {
    const { draft, a1, sectionB } = twoSections();
    expect(order(moveQuestionTo(draft, a1, sectionB, 1))).toEqual([["a2"], ["b1", "a1"]]);
    expect(order(moveQuestionTo(draft, a1, sectionB, 0))).toEqual([["a2"], ["a1", "b1"]]);
  });

  it("reorders sections", () => {
    const { draft, sectionB } = twoSections();
    expect(order(moveSectionBy(draft, sectionB, -1) as SurveyDraft)).toEqual([["b1"], ["a1", "a2"]]);
    expect(moveSectionBy(draft, sectionB, 1)).toBeNull();
  });
});

describe("duplicate and delete", () => {
  it("copies a question right after it with a new id and without its branches", () => {
    const { draft, a1, sectionB } = twoSections();
    const choice = setQuestionType(draft, a1, "MULTIPLE_CHOICE");
    const branched = updateQuestion(choice, setBranch(questionOf(choice, a1), "Option 1", sectionB));
    const copy = duplicateQuestion(branched, a1);
    expect(copy).not.toBeNull();
    const { draft: next, questionId } = copy as { draft: SurveyDraft; questionId: string };
    expect(questionId).not.toBe(a1);
    expect(next.sections[0]?.questions).toEqual([a1, questionId, next.sections[0]?.questions[2]]);
    expect(questionById(next, questionId)?.details.goTo).toBeUndefined();
    expect(questionById(next, questionId)?.details.options).toEqual(["Option 1"]);
    expect(draftIssues(next)).toEqual({});
  });

  it("deletes a question, and a section with its questions and the branches leading to it", () => {
    const { draft, a1, a2, sectionB, b1 } = twoSections();
    expect(order(removeQuestion(draft, a2))).toEqual([["a1"], ["b1"]]);
    const choice = setQuestionType(draft, a1, "DROPDOWN");
    const branched = updateQuestion(choice, setBranch(questionOf(choice, a1), "Option 1", sectionB));
    const without = removeSection(branched, sectionB);
    expect(without.sections).toHaveLength(1);
    expect(questionById(without, b1)).toBeUndefined();
    expect(questionById(without, a1)?.details.goTo).toBeUndefined();
  });
});

describe("types and options", () => {
  it("keeps options between multiple choice and checkboxes, drops branches of non-branching types", () => {
    const { draft, a1, sectionB } = twoSections();
    let next = setQuestionType(draft, a1, "MULTIPLE_CHOICE");
    next = updateQuestion(
      next,
      addOption(questionOf(next, a1), (n) => `Option ${n}`),
    );
    next = updateQuestion(next, setBranch(questionOf(next, a1), "Option 2", sectionB));
    next = setQuestionType(next, a1, "CHECKBOXES");
    expect(questionById(next, a1)?.details.options).toEqual(["Option 1", "Option 2"]);
    expect(questionById(next, a1)?.details.goTo).toBeUndefined();
    next = setQuestionType(next, a1, "SHORT_ANSWER");
    expect(questionById(next, a1)?.details).toEqual({});
    expect(questionById(next, a1)?.title).toBe("a1");
  });

  it("keeps a branch on a renamed option and drops it with a removed one", () => {
    const { draft, a1, sectionB } = twoSections();
    const choice = setQuestionType(draft, a1, "MULTIPLE_CHOICE");
    const branched = setBranch(questionOf(choice, a1), "Option 1", sectionB);
    const renamed = renameOption(branched, 0, "Yes");
    expect(renamed.details.goTo).toEqual({ Yes: sectionB });
    expect(removeOption(renamed, 0).details.goTo).toEqual({});
    expect(setBranch(renamed, "Yes", null).details.goTo).toEqual({});
  });

  it("offers only later sections as branch targets", () => {
    const { draft, a1, b1, sectionB } = twoSections();
    expect(branchTargets(draft, a1).map((section) => section.id)).toEqual([sectionB]);
    expect(branchTargets(draft, b1)).toEqual([]);
  });
});
