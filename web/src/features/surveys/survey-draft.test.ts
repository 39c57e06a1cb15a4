import { CheckedSurveyBody, parseSurveyTime, type Survey } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { addQuestion, addSection, moveQuestionTo, setQuestionType } from "./builder-operations.ts";
import { DATE_ORDER_ISSUE, draftFromSurvey, draftIssues, draftToBody, isDraftChanged, newSurveyDraft } from "./survey-draft.ts";

const titles = { section: "Section 1", question: "Question" };
const NOW = Date.parse("2026-11-24T10:00:00Z");

describe("newSurveyDraft", () => {
  it("has the spec's defaults, closes one day ahead and passes the server's schema", () => {
    const draft = newSurveyDraft(titles, NOW);
    expect(draft).toMatchObject({ label: "Untitled survey", surveyType: "ANONYMOUS", locked: true, openAt: null });
    expect(draft.closeAt).toBe("2026-11-25T10:00:00");
    expect(draft.sections[0]?.questions).toEqual([draft.questions[0]?.id]);
    expect(draft.questions[0]?.type).toBe("SHORT_ANSWER");
    expect(CheckedSurveyBody.safeParse(draftToBody(draft)).success).toBe(true);
  });
});

describe("draftToBody", () => {
  it("orders the questions as the sections show them and trims the name", () => {
    let draft = newSurveyDraft(titles, NOW);
    const first = draft.questions[0]?.id as string;
    const added = addSection(draft, "Section 2");
    const second = addQuestion(added.draft, added.sectionId, "Second");
    draft = moveQuestionTo(second.draft, second.questionId, draft.sections[0]?.id as string, 0);
    draft = { ...draft, label: "  Named  " };
    const body = draftToBody(draft);
    expect(body.label).toBe("Named");
    expect(body.questions?.map((question) => question.id)).toEqual([second.questionId, first]);
  });
});

describe("isDraftChanged", () => {
  it("is false for the same survey and true after an edit", () => {
    const draft = newSurveyDraft(titles, NOW);
    expect(isDraftChanged(structuredClone(draft), draft)).toBe(false);
    expect(isDraftChanged({ ...draft, label: "Other" }, draft)).toBe(true);
    const id = draft.questions[0]?.id as string;
    expect(isDraftChanged(setQuestionType(draft, id, "PARAGRAPH"), draft)).toBe(true);
  });

  it("reads a saved survey back as unchanged", () => {
    const draft = newSurveyDraft(titles, NOW);
    const saved = {
      ...draft,
      uuid: "0190c0de-0000-7000-8000-000000000001",
      state: "CLOSED",
      closedReason: "Not accepting responses",
      questionCount: 1,
      responseCount: 0,
      createdAt: "2026-11-24T10:00:00",
      updatedAt: "2026-11-24T10:00:00",
      email: "",
      firstName: "",
      lastName: "",
      organization: "",
      questions: draftToBody(draft).questions,
    } as Survey;
    expect(isDraftChanged(draftFromSurvey(saved), draft)).toBe(false);
  });
});

describe("draftIssues", () => {
  it("names an empty name, the date order on both fields and a question's bad details", () => {
    const draft = newSurveyDraft(titles, NOW);
    const id = draft.questions[0]?.id as string;
    const scale = setQuestionType(draft, id, "LINEAR_SCALE");
    const broken = {
      ...scale,
      label: " ",
      openAt: "2026-11-26T10:00:00",
      questions: scale.questions.map((question) => ({ ...question, details: { ...question.details, from: 5, to: 3 } })),
    };
    const issues = draftIssues(broken);
    expect(issues.label).toBeDefined();
    expect(issues.openAt).toBe(DATE_ORDER_ISSUE);
    expect(issues.closeAt).toBe(DATE_ORDER_ISSUE);
    expect(issues[`question:${id}`]).toBe("to of 'Question' must be greater than 'from'");
    expect(parseSurveyTime(broken.openAt)).toBeGreaterThan(parseSurveyTime(broken.closeAt as string));
  });

  it("is empty for a valid survey", () => {
    expect(draftIssues(newSurveyDraft(titles, NOW))).toEqual({});
  });
});
