import { PERMISSIONS, type Question, type ResponseSummary, type Section, SURVEY_LIMITS } from "@repox/contracts";
import { parse as parseDisposition } from "content-disposition";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../../test/test-app.ts";
import { fullAnswers, newSurvey, PUBLIC } from "../testing.ts";
import { TOKEN_MESSAGES } from "../tokens.ts";
import { editSurvey, type FixtureResponse, insertResponses, insertSurvey } from "./testing.ts";

const q = (id: string, type: Question["type"], title: string, details: Question["details"] = {}, required = false): Question => ({
  id,
  type,
  title,
  description: "",
  required,
  details,
});

const sections: Section[] = [
  { id: "s1", title: "About you", description: "", questions: ["name", "bio", "route", "note"] },
  { id: "s2", title: "Choices", description: "", questions: ["drop", "check", "grid", "cgrid"] },
  { id: "s3", title: "Last", description: "", questions: ["date", "time", "scale", "email"] },
];
const grid = {
  rows: [
    { id: "r1", value: "Speed" },
    { id: "r2", value: "Price" },
  ],
  columns: [
    { id: "c1", value: "Good" },
    { id: "c2", value: "Bad" },
  ],
};
const questions: Question[] = [
  q("name", "SHORT_ANSWER", "Your nickname"),
  q("bio", "PARAGRAPH", "About you"),
  q("route", "MULTIPLE_CHOICE", "Go on?", { options: ["Yes", "No"], hasOtherOption: true, goTo: { No: "s3" } }),
  q("note", "LABEL", "A note"),
  q("drop", "DROPDOWN", "Pick one", { options: ["A", "B", "C"] }),
  q("check", "CHECKBOXES", "Colours", { options: ["Red", "Green", "Blue"], hasOtherOption: true }),
  q("grid", "MULTIPLE_CHOICE_GRID", "Rate", grid),
  q("cgrid", "CHECKBOX_GRID", "Tick", grid),
  q("date", "DATE", "When"),
  q("time", "TIME", "At"),
  q("scale", "LINEAR_SCALE", "How much", { from: 1, to: 5, fromLabel: "Little", toLabel: "Lots" }),
  q("email", "EMAIL", "Contact", {}, true),
];

const at = (second: number) => new Date(Date.UTC(2026, 10, 24, 10, 0, second));
const known: FixtureResponse[] = [
  {
    email: "zoe@example.org",
    firstName: "Zoë",
    lastName: "Ångström",
    organization: "Acme",
    createdAt: at(1),
    answers: [
      { id: "name", value: "Zed" },
      { id: "route", value: { answers: ["Yes"], other: "" } },
      { id: "drop", value: "A" },
      { id: "check", value: { answers: ["Red", "Green"], other: "Purple" } },
      {
        id: "grid",
        value: [
          { rowId: "r1", columnIds: ["c1"] },
          { rowId: "r2", columnIds: ["c2"] },
        ],
      },
      { id: "cgrid", value: [{ rowId: "r1", columnIds: ["c1", "c2"] }] },
      { id: "date", value: "2026-01-02" },
      { id: "time", value: "10:30" },
      { id: "scale", value: 4 },
      { id: "email", value: "zed@example.org" },
    ],
  },
  {
    email: "bob@example.org",
    firstName: "Bob",
    createdAt: at(2),
    // "No" leads to the last section: the choices section is not shown.
    answers: [
      { id: "name", value: "Bobby" },
      { id: "route", value: { answers: ["No"], other: "" } },
      { id: "scale", value: 5 },
      { id: "email", value: "bobby@example.org" },
    ],
  },
  {
    email: "carla@example.org",
    firstName: "Carla",
    lastName: "Muñoz",
    createdAt: at(3),
    answers: [
      { id: "bio", value: "Long text" },
      { id: "route", value: { answers: [], other: "Maybe" } },
      { id: "drop", value: "B" },
      { id: "check", value: { answers: ["Blue"], other: "" } },
      { id: "grid", value: [{ rowId: "r1", columnIds: ["c2"] }] },
      { id: "scale", value: 4 },
      { id: "email", value: "carla@example.org" },
    ],
  },
];

let t: TestApp;
let tenantA: TestTenant;
let tenantB: TestTenant;
let survey: string;
let responseIds: string[];
let many: string;
let signed: string;

const base = (uuid: string) => `/api/addons/srv/surveys/${uuid}`;

beforeAll(async () => {
  t = await createTestApp();
  tenantA = await t.newTenant();
  tenantB = await t.newTenant();
  survey = await insertSurvey(t.db, tenantA.id, { label: "Team / day 2026", sections, questions });
  responseIds = await insertResponses(t.db, tenantA.id, survey, known);

  // 45 responses to one text question and one 'Other' option, for paging: answer 1 is the oldest.
  many = await insertSurvey(t.db, tenantA.id, {
    label: "Many",
    sections: [{ id: "s", title: "", description: "", questions: ["text", "pick"] }],
    questions: [q("text", "SHORT_ANSWER", "Say"), q("pick", "CHECKBOXES", "Pick", { options: ["X"], hasOtherOption: true })],
  });
  await insertResponses(
    t.db,
    tenantA.id,
    many,
    Array.from({ length: 45 }, (_, index) => ({
      email: `person${index + 1}@example.org`,
      createdAt: at(10 + index),
      answers: [
        { id: "text", value: `answer ${index + 1}` },
        { id: "pick", value: { answers: [], other: `other ${index + 1}` } },
      ],
    })),
  );
  signed = await insertSurvey(t.db, tenantA.id, { label: "Signed", surveyType: "SIGNED_URL", sections, questions });
});
afterAll(() => t.close());

describe("summary", () => {
  let summary: ResponseSummary;
  const of = (id: string) => summary.totalResponseSummary.find((entry) => entry.questionId === id);

  beforeAll(async () => {
    const answer = await tenantA.admin.request("GET", `${base(survey)}/summary`);
    expect(answer.statusCode, answer.body).toBe(200);
    summary = answer.json();
  });

  it("lists every answerable question in section order with the total", () => {
    expect(summary.totalResponseCount).toBe(3);
    expect(summary.sections.map((section) => section.id)).toEqual(["s1", "s2", "s3"]);
    expect(summary.totalResponseSummary.map((entry) => entry.questionId)).toEqual(
      questions.filter((question) => question.type !== "LABEL").map((question) => question.id),
    );
    expect(of("name")).toMatchObject({ questionType: "SHORT_ANSWER", questionTitle: "Your nickname" });
  });

  it("counts choices with their 'Other' texts, and the branch's skipped section as not shown", () => {
    expect(of("route")).toMatchObject({
      answerCount: 3,
      notShownCount: 0,
      answerSummary: {
        kind: "choices",
        options: [
          { option: "Yes", count: 1 },
          { option: "No", count: 1 },
        ],
        otherCount: 1,
        otherAnswers: ["Maybe"],
      },
    });
    expect(of("drop")).toMatchObject({
      answerCount: 2,
      notShownCount: 1,
      answerSummary: {
        kind: "choices",
        options: [
          { option: "A", count: 1 },
          { option: "B", count: 1 },
          { option: "C", count: 0 },
        ],
        otherCount: 0,
      },
    });
    expect(of("check")).toMatchObject({
      answerCount: 2,
      notShownCount: 1,
      answerSummary: {
        kind: "choices",
        options: [
          { option: "Red", count: 1 },
          { option: "Green", count: 1 },
          { option: "Blue", count: 1 },
        ],
        otherCount: 1,
        otherAnswers: ["Purple"],
      },
    });
  });

  it("counts grid cells, scale values and texts newest first", () => {
    expect(of("grid")?.answerSummary).toEqual({
      kind: "grid",
      rows: [
        {
          rowId: "r1",
          row: "Speed",
          columns: [
            { columnId: "c1", column: "Good", count: 1 },
            { columnId: "c2", column: "Bad", count: 1 },
          ],
        },
        {
          rowId: "r2",
          row: "Price",
          columns: [
            { columnId: "c1", column: "Good", count: 0 },
            { columnId: "c2", column: "Bad", count: 1 },
          ],
        },
      ],
    });
    expect(of("cgrid")).toMatchObject({ answerCount: 1, notShownCount: 1 });
    expect(of("scale")).toMatchObject({
      answerCount: 3,
      answerSummary: {
        kind: "scale",
        from: 1,
        to: 5,
        fromLabel: "Little",
        toLabel: "Lots",
        values: [1, 2, 3, 4, 5].map((value) => ({ value, count: value === 4 ? 2 : value === 5 ? 1 : 0 })),
      },
    });
    expect(of("name")).toMatchObject({ answerCount: 2, notShownCount: 0, answerSummary: { kind: "texts", latest: ["Bobby", "Zed"] } });
    expect(of("bio")?.answerSummary).toEqual({ kind: "texts", latest: ["Long text"] });
    expect(of("date")?.answerSummary).toEqual({ kind: "texts", latest: ["2026-01-02"] });
    expect(of("time")?.answerSummary).toEqual({ kind: "texts", latest: ["10:30"] });
    expect(of("email")?.answerSummary).toEqual({ kind: "texts", latest: ["carla@example.org", "bobby@example.org", "zed@example.org"] });
  });

  it("pages 'View more' after the first 10: 20 at a time, newest first, for texts and 'Other' texts", async () => {
    const first = (await tenantA.admin.request("GET", `${base(many)}/summary`)).json() as ResponseSummary;
    const latest = (id: string) => first.totalResponseSummary.find((entry) => entry.questionId === id)?.answerSummary;
    const range = (prefix: string, from: number, to: number) =>
      Array.from({ length: from - to + 1 }, (_, index) => `${prefix} ${from - index}`);
    expect(latest("text")).toEqual({ kind: "texts", latest: range("answer", 45, 36) });
    expect(latest("pick")).toMatchObject({ otherCount: 45, otherAnswers: range("other", 45, 36) });
    const page = async (id: string, number: number) => {
      const answer = await tenantA.admin.request("GET", `${base(many)}/summary/${id}/answers?page=${number}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };
    expect(await page("text", 0)).toEqual({ answers: range("answer", 35, 16), last: false });
    expect(await page("text", 1)).toEqual({ answers: range("answer", 15, 1), last: true });
    expect(await page("text", 2)).toEqual({ answers: [], last: true });
    expect(await page("pick", 1)).toEqual({ answers: range("other", 15, 1), last: true });
    expect(SURVEY_LIMITS.summaryMoreAnswers).toBe(20);
  });

  it("refuses 'View more' for a question without texts or unknown", async () => {
    const grid = await tenantA.admin.request("GET", `${base(survey)}/summary/grid/answers?page=0`);
    expect(grid.statusCode).toBe(400);
    expect(grid.json().message).toContain("'Rate' has no text answers");
    expect((await tenantA.admin.request("GET", `${base(survey)}/summary/nope/answers`)).statusCode).toBe(404);
  });
});

describe("fixtures and the public submission agree", () => {
  it("a survey answered through POST and one seeded with the same answers have the same summary", async () => {
    const skip = [
      { id: "name", value: "Bo" },
      { id: "kind", value: { answers: ["Skip"], other: "" } },
    ];
    const answered = await newSurvey(tenantA.admin);
    for (const [index, answers] of [fullAnswers(), skip, fullAnswers()].entries()) {
      const posted = await tenantA.anonymous.request(
        "POST",
        `${PUBLIC}/${answered}/responses`,
        { answers },
        { "idempotency-key": `agree-${index}-key` },
      );
      expect(posted.statusCode, posted.body).toBe(201);
    }
    const seeded = await newSurvey(tenantA.admin);
    await insertResponses(t.db, tenantA.id, seeded, [{ answers: fullAnswers() }, { answers: skip }, { answers: fullAnswers() }]);
    const summaries = await Promise.all(
      [answered, seeded].map(async (uuid) => (await tenantA.admin.request("GET", `${base(uuid)}/summary`)).json()),
    );
    expect(summaries[0].totalResponseCount).toBe(3);
    expect(summaries[0].totalResponseSummary.find((entry: { questionId: string }) => entry.questionId === "mail")).toMatchObject({
      answerCount: 2,
      notShownCount: 1,
    });
    expect(summaries[1]).toEqual(summaries[0]);
  });
});

describe("responses", () => {
  it("lists newest first in pages of 20, with the total", async () => {
    const first = (await tenantA.admin.request("GET", `${base(many)}/responses`)).json();
    expect(first).toMatchObject({ totalElements: 45, totalPages: 3, numberOfElements: 20, first: true, last: false });
    expect(first.content[0]).toMatchObject({ email: "person45@example.org", createdAt: "2026-11-24T10:00:54" });
    const last = (await tenantA.admin.request("GET", `${base(many)}/responses?page=2`)).json();
    expect(last.content.map((item: { email: string }) => item.email)).toEqual([5, 4, 3, 2, 1].map((n) => `person${n}@example.org`));
  });

  it("finds respondents by e-mail and names, ignoring case and accents", async () => {
    const search = async (text: string) =>
      (await tenantA.admin.request("GET", `${base(survey)}/responses?q=${encodeURIComponent(text)}`))
        .json()
        .content.map((item: { firstName: string }) => item.firstName);
    expect(await search("zoe")).toEqual(["Zoë"]);
    expect(await search("ANGSTR")).toEqual(["Zoë"]);
    expect(await search("munoz")).toEqual(["Carla"]);
    expect(await search("bob@EXAMPLE")).toEqual(["Bob"]);
    expect(await search("example.org")).toEqual(["Carla", "Bob", "Zoë"]);
    expect(await search("50%_")).toEqual([]);
    const counted = (await tenantA.admin.request("GET", `${base(survey)}/responses?q=zoe`)).json();
    expect(counted.totalElements).toBe(1);
  });

  it("answers the uuids newest first for the pager", async () => {
    const answer = await tenantA.admin.request("GET", `${base(survey)}/responses_uuids`);
    expect(answer.json()).toEqual([...responseIds].reverse());
  });

  it("shows a response with the questions it answered, after the survey was edited", async () => {
    await editSurvey(t.db, tenantA.id, survey, {
      sections: sections.map((section) => ({ ...section, questions: section.questions.filter((id) => id !== "name") })),
      questions: questions.filter((question) => question.id !== "name"),
    });
    const answer = await tenantA.admin.request("GET", `${base(survey)}/responses/${responseIds[0]}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const response = answer.json();
    expect(response).toMatchObject({ uuid: responseIds[0], email: "zoe@example.org", firstName: "Zoë", organization: "Acme" });
    expect(response.questions.find((question: Question) => question.id === "name")?.title).toBe("Your nickname");
    expect(response.sections[0].questions).toContain("name");
    expect(response.answers).toContainEqual({ id: "name", value: "Zed" });
    // The summary counts the current questions only.
    const summary = (await tenantA.admin.request("GET", `${base(survey)}/summary`)).json() as ResponseSummary;
    expect(summary.totalResponseSummary.map((entry) => entry.questionId)).not.toContain("name");
    const missing = await tenantA.admin.request("GET", `${base(survey)}/responses/${many}`);
    expect(missing.statusCode).toBe(404);
  });
});

describe("export", () => {
  it("streams an xlsx named after the survey: respondent columns, one per question, one per grid row, joined choices", async () => {
    const answer = await tenantA.admin.request("GET", `${base(many)}/export`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-disposition"]).toBe("attachment; filename=Many-responses.xlsx");
    const exported = await tenantA.admin.request("GET", `${base(survey)}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toContain("spreadsheetml");
    expect(parseDisposition(String(exported.headers["content-disposition"])).parameters.filename).toBe("Team _ day 2026-responses.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Responses") as ExcelJS.Worksheet;
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    // The current version (the nickname question was removed by the edit above).
    expect(values(1)).toEqual([
      "Submitted at (UTC)",
      "Email",
      "First name",
      "Last name",
      "Organization",
      "About you",
      "Go on?",
      "Pick one",
      "Colours",
      "Rate [Speed]",
      "Rate [Price]",
      "Tick [Speed]",
      "Tick [Price]",
      "When",
      "At",
      "How much",
      "Contact",
    ]);
    expect(sheet.rowCount).toBe(4);
    const zoe = values(2);
    expect(zoe).toEqual([
      "2026-11-24 10:00:01",
      "zoe@example.org",
      "Zoë",
      "Ångström",
      "Acme",
      undefined,
      "Yes",
      "A",
      "Red; Green; Purple",
      "Good",
      "Bad",
      "Good; Bad",
      undefined,
      "2026-01-02",
      "10:30",
      4,
      "zed@example.org",
    ]);
    const carla = values(4);
    expect(carla.slice(5, 10)).toEqual(["Long text", "Maybe", "B", "Blue", "Bad"]);
  });

  it("writes every response once, oldest first, across the export's pages, responses of the same second included", async () => {
    const paged = await insertSurvey(t.db, tenantA.id, {
      label: "Paged",
      sections: [{ id: "s", title: "", description: "", questions: ["text"] }],
      questions: [q("text", "SHORT_ANSWER", "Say")],
    });
    // 620 responses (pages hold 250): the first 300 all submitted in the same second, then one a second.
    const count = 620;
    await insertResponses(
      t.db,
      tenantA.id,
      paged,
      Array.from({ length: count }, (_, index) => ({
        email: `p${index}@example.org`,
        createdAt: at(Math.max(0, index - 299)),
        answers: [{ id: "text", value: `said ${index}` }],
      })),
    );
    const answer = await tenantA.admin.request("GET", `${base(paged)}/export`);
    expect(answer.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Responses") as ExcelJS.Worksheet;
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, index) => (sheet.getRow(index + 2).values as unknown[]).slice(1));
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row[1])).size).toBe(count);
    const said = rows.map((row) => Number(String(row[5]).replace("said ", "")));
    // Within the shared second the order is the responses' ids; after it, one a second in order.
    expect(said.slice(300)).toEqual(Array.from({ length: count - 300 }, (_, index) => index + 300));
    expect(new Set(said.slice(0, 300)).size).toBe(300);
  });
});

describe("public summary", () => {
  it("answers counts and texts without a sign-in, never e-mail answers", async () => {
    const answer = await tenantA.anonymous.request("GET", `/api/addons/srv/public/${survey}/summary`);
    expect(answer.statusCode, answer.body).toBe(200);
    const summary = answer.json();
    expect(summary).toMatchObject({ label: "Team / day 2026", totalResponseCount: 3 });
    const email = summary.totalResponseSummary.find((entry: { questionId: string }) => entry.questionId === "email");
    expect(email).toMatchObject({ answerCount: 3, answerSummary: { kind: "texts", latest: [] } });
    expect(answer.body).not.toContain("zoe@example.org");
    expect(answer.body).not.toContain("zed@example.org");
  });

  it("opens a SIGNED_URL survey's summary only with a valid link token", async () => {
    const url = `/api/addons/srv/public/${signed}/summary`;
    const missing = await tenantA.anonymous.request("GET", url);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toBe(TOKEN_MESSAGES.missing);
    const forged = await tenantA.anonymous.request("GET", `${url}?t=forged.token`);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(TOKEN_MESSAGES.invalid);
    const otherSurvey = t.services.surveyTokens.issue({ tenantId: tenantA.id, surveyId: survey });
    expect((await tenantA.anonymous.request("GET", `${url}?t=${otherSurvey}`)).statusCode).toBe(403);
    const token = t.services.surveyTokens.issue({ tenantId: tenantA.id, surveyId: signed });
    const opened = await tenantA.anonymous.request("GET", `${url}?t=${token}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ label: "Signed", totalResponseCount: 0 });
  });

  it("needs the tenant header and answers 404 for another tenant's survey", async () => {
    expect((await t.caller({}).request("GET", `/api/addons/srv/public/${survey}/summary`)).statusCode).toBe(400);
    expect((await tenantB.anonymous.request("GET", `/api/addons/srv/public/${survey}/summary`)).statusCode).toBe(404);
  });
});

describe("who may read responses", () => {
  const routes = (uuid: string, responseUuid: string) => [
    `${base(uuid)}/responses`,
    `${base(uuid)}/responses/${responseUuid}`,
    `${base(uuid)}/responses_uuids`,
    `${base(uuid)}/summary`,
    `${base(uuid)}/summary/bio/answers?page=0`,
    `${base(uuid)}/export`,
  ];

  it("answers 401 without a token and 403 without repox.surveys.show", async () => {
    const outsider = await tenantA.newUser({ permissions: [PERMISSIONS.contentDelete] });
    const reader = await tenantA.newUser({ permissions: [PERMISSIONS.surveysShow] });
    for (const url of routes(survey, responseIds[0] as string)) {
      expect((await tenantA.anonymous.request("GET", url)).statusCode, url).toBe(401);
      const refused = await outsider.request("GET", url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toContain(PERMISSIONS.surveysShow);
      expect((await reader.request("GET", url)).statusCode, url).toBe(200);
    }
  });

  it("refuses tenant A's token at tenant B and answers 404 for tenant A's survey at tenant B", async () => {
    for (const url of routes(survey, responseIds[0] as string)) {
      const foreignToken = await tenantB.as(tenantA.admin.token).request("GET", url);
      expect(foreignToken.statusCode, url).toBe(401);
      const foreignSurvey = await tenantB.admin.request("GET", url);
      expect(foreignSurvey.statusCode, url).toBe(404);
      expect(foreignSurvey.json().message).toBe(`Survey ${survey} not found`);
    }
  });
});
