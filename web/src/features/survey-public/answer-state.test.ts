import type { PublicSurvey, Question } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import {
  canSubmit,
  initialAnswers,
  navigation,
  questionProblem,
  respondentFields,
  respondentProblem,
  restoredAnswers,
  sectionHasProblems,
  toSubmission,
} from "./answer-state.ts";

const question = (id: string, type: Question["type"], extra: Partial<Question> = {}): Question => ({
  id,
  title: id.toUpperCase(),
  description: "",
  type,
  required: false,
  details: {},
  ...extra,
});

const survey: PublicSurvey = {
  uuid: "0190a3a4-0000-7000-8000-000000000001",
  label: "Branching",
  description: "",
  surveyType: "ANONYMOUS",
  submissionMessage: "Thanks",
  email: "",
  firstName: "",
  lastName: "",
  organization: "",
  sections: [
    { id: "s1", title: "One", description: "", questions: ["route", "name"] },
    { id: "s2", title: "Two", description: "", questions: ["pet"] },
    { id: "s3", title: "Three", description: "", questions: ["mail"] },
  ],
  questions: [
    question("route", "MULTIPLE_CHOICE", {
      required: true,
      details: { options: ["all", "skip", "end"], goTo: { skip: "s3", end: "SUBMIT" } },
    }),
    question("name", "SHORT_ANSWER"),
    question("pet", "DROPDOWN", { required: true, details: { options: ["cat", "dog"] } }),
    question("mail", "EMAIL"),
  ],
};
const empty = { email: "", firstName: "", lastName: "", organization: "" };
const choose = (option: string) => ({ answers: [option], other: "" });

describe("public survey answers", () => {
  it("starts empty, with a required dropdown on its first option", () => {
    expect(initialAnswers(survey)).toEqual({ route: { answers: [], other: "" }, name: "", pet: "cat", mail: "" });
  });

  it("follows branching for Next and Back", () => {
    const all = { ...initialAnswers(survey), route: choose("all") };
    expect(navigation(survey, all, "s1")).toMatchObject({ next: "s2", previous: null, isLast: false });
    expect(navigation(survey, all, "s2")).toMatchObject({ next: "s3", previous: "s1" });
    const skip = { ...all, route: choose("skip") };
    expect(navigation(survey, skip, "s1").next).toBe("s3");
    expect(navigation(survey, skip, "s3")).toMatchObject({ previous: "s1", isLast: true });
    const end = { ...all, route: choose("end") };
    expect(navigation(survey, end, "s1")).toMatchObject({ next: null, isLast: true });
  });

  it("blocks Next on a section with a missing required answer", () => {
    const answers = initialAnswers(survey);
    expect(sectionHasProblems(survey, answers, survey.sections[0] ?? null)).toBe(true);
    expect(sectionHasProblems(survey, { ...answers, route: choose("all") }, survey.sections[0] ?? null)).toBe(false);
  });

  it("submits only the answers on the path taken, and only when the server would take them", () => {
    const answers = { ...initialAnswers(survey), route: choose("skip"), name: " Ann ", pet: "dog", mail: "a@b.co" };
    const submission = toSubmission(survey, answers, empty, "tok");
    expect(submission.token).toBe("tok");
    expect(submission.answers).toEqual([
      { id: "route", value: choose("skip") },
      { id: "name", value: " Ann " },
      { id: "mail", value: "a@b.co" },
    ]);
    expect(canSubmit(survey, answers, empty)).toBe(true);
    expect(canSubmit(survey, { ...answers, mail: "" }, empty)).toBe(false);
    expect(canSubmit(survey, { ...answers, mail: "not-an-address" }, empty)).toBe(false);
    expect(canSubmit(survey, { ...answers, route: choose("end"), mail: "" }, empty)).toBe(true);
  });

  it("asks the respondent fields of the survey type", () => {
    expect(respondentFields("ANONYMOUS", "")).toEqual([]);
    expect(respondentFields("SIGNED_URL", "me@x.org")).toEqual(["email"]);
    expect(respondentFields("EMAIL_ONLY", "")).toEqual(["email"]);
    expect(respondentFields("USER_DETAILS", "")).toEqual(["email", "firstName", "lastName", "organization"]);
    expect(respondentProblem("EMAIL_ONLY", "email", "")).toEqual({ kind: "required" });
    expect(respondentProblem("EMAIL_ONLY", "email", "x@y")).toEqual({ kind: "email" });
    expect(respondentProblem("ANONYMOUS", "organization", "")).toBeNull();
    expect(respondentProblem("USER_DETAILS", "organization", "")).toEqual({ kind: "required" });
    const details = { ...survey, surveyType: "USER_DETAILS" as const };
    const answers = { ...initialAnswers(survey), route: choose("end") };
    expect(canSubmit(details, answers, { ...empty, email: "a@b.co" })).toBe(false);
    expect(canSubmit(details, answers, { email: "a@b.co", firstName: "A", lastName: "B", organization: "C" })).toBe(true);
  });

  it("flags required only on answerable questions, and bad e-mails", () => {
    expect(questionProblem(question("h", "LABEL", { required: true }), null)).toBeNull();
    expect(questionProblem(question("m", "EMAIL"), "")).toEqual({ kind: "required" });
    expect(questionProblem(question("m", "EMAIL"), "nope")).toEqual({ kind: "email" });
    expect(questionProblem(question("s", "LINEAR_SCALE", { details: { from: 1, to: 3 } }), 5)).toMatchObject({ kind: "invalid" });
  });

  it("restores only the stored answers that still fit the questions", () => {
    const restored = restoredAnswers(survey, { name: "Ann", pet: "parrot", gone: "x", route: choose("all") });
    expect(restored).toEqual({ route: choose("all"), name: "Ann", pet: "cat", mail: "" });
  });
});
