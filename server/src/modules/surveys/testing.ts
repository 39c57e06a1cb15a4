// Survey fixtures for tests: a body with one question of every type in two sections, and helpers to create and open it.
import type { SurveyBodyInput } from "@repox/contracts";
import type { Caller } from "../../test/test-app.ts";

export const SURVEYS = "/api/addons/srv/surveys";
export const PUBLIC = "/api/addons/srv/public";

/** Two sections; `kind` branches: 'Skip' ends the survey, 'More' goes on to the second section. */
export function surveyBody(overrides: Partial<SurveyBodyInput> = {}): SurveyBodyInput {
  return {
    label: "Visitors",
    description: "About your visit",
    surveyType: "ANONYMOUS",
    locked: false,
    sections: [
      { id: "s1", title: "First", description: "<p>Hello<script>alert(1)</script></p>", questions: ["name", "kind", "colour", "label"] },
      { id: "s2", title: "Second", description: "", questions: ["mail", "para", "date", "time", "scale", "boxes", "grid", "cgrid"] },
    ],
    questions: [
      { id: "name", title: "Your name", type: "SHORT_ANSWER", required: true },
      {
        id: "kind",
        title: "Kind",
        type: "MULTIPLE_CHOICE",
        required: true,
        details: { options: ["More", "Skip"], hasOtherOption: false, goTo: { Skip: "SUBMIT", More: "s2" } },
      },
      { id: "colour", title: "Colour", type: "DROPDOWN", details: { options: ["Red", "Blue"] } },
      { id: "label", title: "A heading", type: "LABEL" },
      { id: "mail", title: "Mail", type: "EMAIL" },
      { id: "para", title: "Story", type: "PARAGRAPH" },
      { id: "date", title: "Day", type: "DATE" },
      { id: "time", title: "Hour", type: "TIME" },
      { id: "scale", title: "Rating", type: "LINEAR_SCALE", details: { from: 1, to: 5, fromLabel: "Bad", toLabel: "Good" } },
      { id: "boxes", title: "Extras", type: "CHECKBOXES", details: { options: ["Tea", "Cake"], hasOtherOption: true } },
      {
        id: "grid",
        title: "Rooms",
        type: "MULTIPLE_CHOICE_GRID",
        details: {
          rows: [
            { id: "r1", value: "Hall" },
            { id: "r2", value: "Garden" },
          ],
          columns: [
            { id: "c1", value: "Nice" },
            { id: "c2", value: "Dull" },
          ],
        },
      },
      {
        id: "cgrid",
        title: "Times",
        type: "CHECKBOX_GRID",
        details: {
          rows: [{ id: "r1", value: "Morning" }],
          columns: [
            { id: "c1", value: "Mon" },
            { id: "c2", value: "Tue" },
          ],
        },
      },
    ],
    ...overrides,
  };
}

/** A full answer set taking the 'More' branch. */
export function fullAnswers() {
  return [
    { id: "name", value: "Ann" },
    { id: "kind", value: { answers: ["More"], other: "" } },
    { id: "colour", value: "Red" },
    { id: "mail", value: "ann@example.org" },
    { id: "para", value: "It was fine" },
    { id: "date", value: "2026-05-01" },
    { id: "time", value: "09:30" },
    { id: "scale", value: 4 },
    { id: "boxes", value: { answers: ["Tea"], other: "Juice" } },
    {
      id: "grid",
      value: [
        { rowId: "r1", columnIds: ["c1"] },
        { rowId: "r2", columnIds: ["c2"] },
      ],
    },
    { id: "cgrid", value: [{ rowId: "r1", columnIds: ["c1", "c2"] }] },
  ];
}

export async function newSurvey(caller: Caller, overrides: Partial<SurveyBodyInput> = {}): Promise<string> {
  const created = await caller.request("POST", SURVEYS, surveyBody(overrides));
  if (created.statusCode !== 201) throw new Error(`newSurvey: ${created.body}`);
  return created.json().uuid;
}
