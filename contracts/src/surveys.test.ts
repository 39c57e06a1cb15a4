import { describe, expect, it } from "vitest";
import { answerProblem, sectionPath, submissionProblem } from "./survey-answers.ts";
import { changeQuestionType, normalizeQuestion } from "./survey-builder.ts";
import { respondentRefusal, surveyListState } from "./survey-states.ts";
import { CheckedSurveyBody } from "./survey-structure.ts";
import { formatSurveyTime, parseSurveyTime } from "./survey-timestamps.ts";
import { type Question, SURVEY_DEFAULTS, type SurveyBodyInput } from "./surveys.ts";

const question = (id: string, type: Question["type"], details: Question["details"] = {}, required = false): Question => ({
  id,
  title: `Title ${id}`,
  description: "",
  type,
  required,
  details,
});

const branching: SurveyBodyInput = {
  label: "Visit",
  sections: [
    { id: "s1", questions: ["visited"] },
    { id: "s2", questions: ["liked"] },
    { id: "s3", questions: ["why"] },
  ],
  questions: [
    question("visited", "MULTIPLE_CHOICE", { options: ["Yes", "No"], goTo: { No: "s3" } }, true),
    question("liked", "LINEAR_SCALE", { from: 1, to: 5 }, true),
    question("why", "PARAGRAPH"),
  ],
};

describe("survey structure", () => {
  it("accepts a branching survey and refuses orphans, duplicates and backward branches naming the id", () => {
    expect(CheckedSurveyBody.safeParse(branching).success).toBe(true);
    const orphan = CheckedSurveyBody.safeParse({ ...branching, questions: [...(branching.questions ?? []), question("lost", "DATE")] });
    expect(orphan.error?.issues[0]?.message).toBe("question 'lost' is in no section");
    const twice = CheckedSurveyBody.safeParse({
      ...branching,
      sections: [...(branching.sections ?? []), { id: "s4", questions: ["why"] }],
    });
    expect(twice.error?.issues[0]?.message).toBe("question 'why' is in more than one section");
    const backward = CheckedSurveyBody.safeParse({
      ...branching,
      sections: [
        { id: "s1", questions: ["liked"] },
        { id: "s2", questions: ["visited"] },
        { id: "s3", questions: ["why"] },
      ],
      questions: [
        question("visited", "MULTIPLE_CHOICE", { options: ["Yes", "No"], goTo: { No: "s1" } }),
        ...(branching.questions ?? []).slice(1),
      ],
    });
    expect(backward.error?.issues[0]?.message).toBe("of 'visited' must lead to a later section or to the end");
  });

  it("checks each type's details and the dates", () => {
    const bad = CheckedSurveyBody.safeParse({
      label: "x",
      openAt: "2026-12-01T10:00:00",
      closeAt: "2026-12-01T09:00:00Z",
      sections: [{ id: "s", questions: ["a", "b", "c"] }],
      questions: [
        question("a", "DROPDOWN", { options: ["x", "x"] }),
        question("b", "LINEAR_SCALE", { from: 3, to: 3 }),
        question("c", "CHECKBOX_GRID", { rows: [], columns: [{ id: "c1", value: "C" }] }),
      ],
    });
    expect(bad.error?.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`)).toEqual([
      "questions.0.details.options of 'a' has the option 'x' twice",
      "questions.1.details.to of 'b' must be greater than 'from'",
      "questions.2.details.rows of 'c' needs at least one",
      "openAt must be before closeAt",
    ]);
  });
});

describe("answers", () => {
  it("checks values per type", () => {
    expect(answerProblem(question("d", "DATE"), "2026-02-30")).toBe("must be a date as YYYY-MM-DD");
    expect(answerProblem(question("t", "TIME"), "09:30")).toBeNull();
    expect(answerProblem(question("s", "SHORT_ANSWER"), ["x"])).toBe("must be text");
    expect(answerProblem(question("m", "MULTIPLE_CHOICE", { options: ["a", "b"] }), { answers: ["a", "b"], other: "" })).toBe(
      "must choose exactly one option",
    );
    expect(answerProblem(question("c", "CHECKBOXES", { options: ["a"] }), { answers: ["a"], other: "x" })).toBe("has no 'Other' option");
    const grid = question("g", "MULTIPLE_CHOICE_GRID", {
      rows: [{ id: "r", value: "R" }],
      columns: [
        { id: "c1", value: "1" },
        { id: "c2", value: "2" },
      ],
    });
    expect(answerProblem(grid, [{ rowId: "r", columnIds: ["c1", "c2"] }])).toBe("takes one column per row");
  });

  it("follows the branch and refuses answers off the path", () => {
    const survey = CheckedSurveyBody.parse(branching);
    const no = { visited: { answers: ["No"], other: "" } } as Record<string, unknown>;
    expect(sectionPath(survey, (id) => no[id]).map((s) => s.id)).toEqual(["s1", "s3"]);
    const respondent = { email: "", firstName: "", lastName: "", organization: "" };
    expect(submissionProblem(survey, { ...respondent, answers: [{ id: "visited", value: no.visited }] })).toBeNull();
    expect(
      submissionProblem(survey, {
        ...respondent,
        answers: [
          { id: "visited", value: no.visited },
          { id: "liked", value: 3 },
        ],
      })?.message,
    ).toBe("'Title liked' is in a section your answers skip");
    expect(
      submissionProblem(survey, { ...respondent, answers: [{ id: "visited", value: { answers: ["Yes"], other: "" } }] })?.message,
    ).toBe("'Title liked' is required");
  });
});

describe("builder and states", () => {
  it("changes type keeping options between choice types and forces EMAIL required", () => {
    const changed = changeQuestionType(question("q", "MULTIPLE_CHOICE", { options: ["a", "b"], hasOtherOption: true }), "CHECKBOXES");
    expect(changed.details).toEqual({ options: ["a", "b"], hasOtherOption: true });
    expect(changeQuestionType(changed, "LINEAR_SCALE").details).toEqual({ from: 1, to: 2, fromLabel: "", toLabel: "" });
    expect(normalizeQuestion(question("e", "EMAIL")).required).toBe(true);
  });

  it("computes the list state and the respondent's message, the lock checked last", () => {
    const now = parseSurveyTime("2026-11-24T10:00:00");
    expect(formatSurveyTime(parseSurveyTime("2026-11-24T11:00:00+01:00"))).toBe("2026-11-24T10:00:00");
    const past = "2026-11-23T10:00:00";
    const future = "2026-11-25T10:00:00";
    expect(surveyListState({ openAt: null, closeAt: past, locked: false }, now)).toEqual({ state: "CLOSED", closedReason: "Expired" });
    expect(surveyListState({ openAt: null, closeAt: future, locked: true }, now).closedReason).toBe("Not accepting responses");
    expect(respondentRefusal({ openAt: future, closeAt: null, locked: true }, now)).toBe("This survey is not open yet.");
    expect(respondentRefusal({ openAt: null, closeAt: null, locked: true, lockedMessage: "" }, now)).toBe(SURVEY_DEFAULTS.lockedMessage);
  });
});
