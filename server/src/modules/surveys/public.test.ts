import { RESPONDENT_MESSAGES } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { fullAnswers, newSurvey, PUBLIC, SURVEYS } from "./testing.ts";
import { createSurveyTokens, SURVEY_TOKEN_LIFETIME_DAYS, TOKEN_MESSAGES } from "./tokens.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  // Generous for the many public calls of this file; the rate-limit test uses an address of its own.
  t = await createTestApp({ SURVEY_RATE_LIMIT_PER_MINUTE: "500" });
  tenant = await t.newTenant();
  other = await t.newTenant();
});
afterAll(() => t.close());

const submit = (uuid: string, body: object, headers: Record<string, string> = {}, caller = tenant.anonymous) =>
  caller.request("POST", `${PUBLIC}/${uuid}/responses`, body, headers);

const key = () => `key-${crypto.randomUUID()}`;

async function counts(surveyId: string): Promise<Record<string, number>> {
  const rows = await inTenant(t.db, tenant.id, (trx) =>
    trx.selectFrom("survey_answer_counts").select(["question_id", "answer_key", "count"]).where("survey_id", "=", surveyId).execute(),
  );
  return Object.fromEntries(rows.map((row) => [`${row.question_id} ${row.answer_key}`, row.count]));
}

async function stored(surveyId: string) {
  return inTenant(t.db, tenant.id, async (trx) => ({
    responses: await trx.selectFrom("survey_responses").selectAll().where("survey_id", "=", surveyId).execute(),
    texts: await trx.selectFrom("survey_text_answers").selectAll().where("survey_id", "=", surveyId).execute(),
    survey: await trx.selectFrom("surveys").select("response_count").where("id", "=", surveyId).executeTakeFirst(),
  }));
}

async function linkToken(uuid: string): Promise<string> {
  const link = await tenant.admin.request("GET", `${SURVEYS}/${uuid}/link`);
  expect(link.statusCode).toBe(200);
  expect(link.json().url).toBe(`http://localhost:80/${tenant.code}/survey/${uuid}?t=${encodeURIComponent(link.json().token)}`);
  return link.json().token;
}

describe("public survey", () => {
  it("answers only what a respondent needs", async () => {
    const uuid = await newSurvey(tenant.admin);
    const answer = await tenant.anonymous.request("GET", `${PUBLIC}/${uuid}`);
    expect(answer.statusCode).toBe(200);
    expect(Object.keys(answer.json()).sort()).toEqual(
      [
        "description",
        "email",
        "firstName",
        "label",
        "lastName",
        "organization",
        "questions",
        "sections",
        "submissionMessage",
        "surveyType",
        "uuid",
      ].sort(),
    );
    expect(answer.json().sections).toHaveLength(2);
  });

  it("refuses closed, not yet open and locked surveys, the locked check last", async () => {
    const cases: [object, string][] = [
      [{ closeAt: "2020-01-01T00:00:00" }, RESPONDENT_MESSAGES.closed],
      [{ openAt: "2099-01-01T00:00:00" }, RESPONDENT_MESSAGES.notOpenYet],
      [{ locked: true, lockedMessage: "Back soon" }, "Back soon"],
      [{ locked: true, lockedMessage: "Back soon", closeAt: "2020-01-01T00:00:00" }, RESPONDENT_MESSAGES.closed],
      [{ locked: true, lockedMessage: "Back soon", openAt: "2099-01-01T00:00:00" }, RESPONDENT_MESSAGES.notOpenYet],
    ];
    for (const [override, message] of cases) {
      const uuid = await newSurvey(tenant.admin, override);
      const read = await tenant.anonymous.request("GET", `${PUBLIC}/${uuid}`);
      expect(read.statusCode, JSON.stringify(override)).toBe(403);
      expect(read.json().message).toBe(message);
      const posted = await submit(uuid, { answers: fullAnswers() });
      expect(posted.statusCode).toBe(403);
      expect(posted.json().message).toBe(message);
    }
  });

  it("keeps tenants apart and needs the tenant header", async () => {
    const uuid = await newSurvey(tenant.admin, { surveyType: "SIGNED_URL" });
    const token = await linkToken(uuid);
    expect((await other.anonymous.request("GET", `${PUBLIC}/${uuid}?t=${token}`)).statusCode).toBe(404);
    expect((await submit(uuid, { answers: fullAnswers() }, {}, other.anonymous)).statusCode).toBe(404);
    const elsewhere = await newSurvey(other.admin, { surveyType: "SIGNED_URL" });
    // A token made for tenant A's survey does not open tenant B's.
    const foreign = await other.anonymous.request("GET", `${PUBLIC}/${elsewhere}?t=${token}`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(TOKEN_MESSAGES.invalid);
    const noTenant = await t.caller({}).request("GET", `${PUBLIC}/${uuid}?t=${token}`);
    expect(noTenant.statusCode).toBe(400);
  });
});

describe("links and tokens", () => {
  it("a SIGNED_URL survey opens only with a valid token: missing, forged and expired answer 403", async () => {
    const uuid = await newSurvey(tenant.admin, { surveyType: "SIGNED_URL" });
    const token = await linkToken(uuid);
    const missing = await tenant.anonymous.request("GET", `${PUBLIC}/${uuid}`);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toBe(TOKEN_MESSAGES.missing);
    const [body, signature] = token.split(".");
    const forgedBody = Buffer.from(
      Buffer.from(body ?? "", "base64url")
        .toString()
        .replace(/"x":\d+/, '"x":9999999999'),
    ).toString("base64url");
    for (const forged of [`${forgedBody}.${signature}`, `${body}.${"A".repeat(43)}`, "nonsense"]) {
      const answer = await tenant.anonymous.request("GET", `${PUBLIC}/${uuid}?t=${encodeURIComponent(forged)}`);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe(TOKEN_MESSAGES.invalid);
    }
    const past = Date.now() - (SURVEY_TOKEN_LIFETIME_DAYS + 1) * 24 * 3600 * 1000;
    const expired = createSurveyTokens(t.config.jwtSecret, () => past).issue({ tenantId: tenant.id, surveyId: uuid });
    const late = await tenant.anonymous.request("GET", `${PUBLIC}/${uuid}?t=${expired}`);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(TOKEN_MESSAGES.expired);
    expect((await submit(uuid, { answers: fullAnswers() })).json().message).toBe(TOKEN_MESSAGES.missing);
    expect((await submit(uuid, { token: expired, answers: fullAnswers() })).statusCode).toBe(403);

    expect((await tenant.anonymous.request("GET", `${PUBLIC}/${uuid}?t=${token}`)).statusCode).toBe(200);
    expect((await submit(uuid, { token, answers: fullAnswers() })).statusCode).toBe(201);
    // A share link is not personal: it answers again.
    expect((await tenant.anonymous.request("POST", `${PUBLIC}/${uuid}/responses?t=${token}`, { answers: fullAnswers() })).statusCode).toBe(
      201,
    );
  });

  it("a personal link fills in the e-mail and answers once", async () => {
    const uuid = await newSurvey(tenant.admin, { surveyType: "EMAIL_ONLY" });
    const tokens = createSurveyTokens(t.config.jwtSecret);
    const token = tokens.issue({ tenantId: tenant.id, surveyId: uuid, email: "Bea@Example.org" });
    const read = await tenant.anonymous.request("GET", `${PUBLIC}/${uuid}?t=${token}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().email).toBe("Bea@Example.org");
    const wrong = await submit(uuid, { token, email: "someone@example.org", answers: fullAnswers() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^email:/);
    const first = await submit(uuid, { token, answers: fullAnswers() });
    expect(first.statusCode).toBe(201);
    const again = await submit(uuid, { token, email: "bea@example.org", answers: fullAnswers() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You have already responded to this survey.");
    const reread = await tenant.anonymous.request("GET", `${PUBLIC}/${uuid}?t=${token}`);
    expect(reread.statusCode).toBe(409);
    const { responses } = await stored(uuid);
    expect(responses.map((r) => r.email)).toEqual(["Bea@Example.org"]);
  });
});

describe("submissions", () => {
  it("an idempotent retry answers the first response and stores one, also when the two race", async () => {
    const uuid = await newSurvey(tenant.admin);
    const k = key();
    const first = await submit(uuid, { answers: fullAnswers() }, { "idempotency-key": k });
    const retry = await submit(uuid, { answers: fullAnswers() }, { "idempotency-key": k });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    const raced = key();
    const both = await Promise.all([0, 1, 2].map(() => submit(uuid, { answers: fullAnswers() }, { "idempotency-key": raced })));
    expect(both.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(both.map((answer) => answer.json().uuid)).size).toBe(1);
    const { responses, survey } = await stored(uuid);
    expect(responses).toHaveLength(2);
    expect(survey?.response_count).toBe(2);
    const bad = await submit(uuid, { answers: fullAnswers() }, { "idempotency-key": "bad key!" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Idempotency-Key/);
  });

  it("takes 20 concurrent respondents, each retrying once, as exactly 20 responses with matching counters", async () => {
    const uuid = await newSurvey(tenant.admin);
    const keys = Array.from({ length: 20 }, key);
    const answers = await Promise.all([...keys, ...keys].map((k) => submit(uuid, { answers: fullAnswers() }, { "idempotency-key": k })));
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    expect(new Set(answers.map((answer) => answer.json().uuid)).size).toBe(20);
    const { responses, survey } = await stored(uuid);
    expect(responses).toHaveLength(20);
    expect(survey?.response_count).toBe(20);
    const c = await counts(uuid);
    expect(c["name SHORT_ANSWER|shown"]).toBe(20);
    expect(c["grid MULTIPLE_CHOICE_GRID|cell|r1|c1"]).toBe(20);
  });

  it("answers each of a burst of submissions on its own: refusals, a closed survey and good answers written together", async () => {
    const open = await newSurvey(tenant.admin);
    const other = await newSurvey(tenant.admin);
    const closed = await newSurvey(tenant.admin, { closeAt: "2020-01-02T00:00:00", openAt: "2020-01-01T00:00:00" });
    const badName = fullAnswers().map((answer) => (answer.id === "name" ? { id: "name", value: "" } : answer));
    const burst = await Promise.all([
      submit(open, { answers: fullAnswers() }),
      submit(open, { answers: badName }),
      submit(closed, { answers: fullAnswers() }),
      submit(other, { answers: fullAnswers() }),
      submit(crypto.randomUUID(), { answers: fullAnswers() }),
      submit(open, { answers: fullAnswers() }),
    ]);
    expect(burst.map((answer) => answer.statusCode)).toEqual([201, 400, 403, 201, 404, 201]);
    expect(burst[1]?.json().message).toBe("'Your name' is required");
    expect(burst[2]?.json().message).toBe("This survey is closed.");
    expect((await stored(open)).survey?.response_count).toBe(2);
    expect((await counts(open))["name SHORT_ANSWER|shown"]).toBe(2);
    expect((await stored(other)).responses).toHaveLength(1);
    expect((await stored(closed)).responses).toHaveLength(0);
  });

  it("refuses a bad answer of each type with 400 naming the question", async () => {
    const uuid = await newSurvey(tenant.admin);
    const with_ = (id: string, value: unknown) => fullAnswers().map((answer) => (answer.id === id ? { id, value } : answer));
    const cases: [object[], RegExp][] = [
      [with_("name", 12), /'Your name' must be text/],
      [with_("name", ""), /'Your name' is required/],
      [with_("name", "x".repeat(1001)), /'Your name' must be at most 1000 characters/],
      [with_("kind", { answers: ["More", "Skip"], other: "" }), /'Kind' must choose exactly one option/],
      [with_("kind", { answers: [], other: "Else" }), /'Kind' has no 'Other' option/],
      [with_("colour", "Green"), /'Colour' must be one of the options/],
      [with_("mail", "not-an-address"), /'Mail' must be a valid e-mail address/],
      [with_("mail", ""), /'Mail' is required/],
      [with_("date", "2026-02-30"), /'Day' must be a date as YYYY-MM-DD/],
      [with_("time", "25:00"), /'Hour' must be a time as HH:mm/],
      [with_("scale", 9), /'Rating' must be a whole number from 1 to 5/],
      [with_("boxes", { answers: ["Coffee"], other: "" }), /'Extras' must choose among the options/],
      [with_("grid", [{ rowId: "r1", columnIds: ["c1", "c2"] }]), /'Rooms' takes one column per row/],
      [with_("cgrid", [{ rowId: "r9", columnIds: ["c1"] }]), /'Times' names an unknown row 'r9'/],
      [[...fullAnswers(), { id: "label", value: "x" }], /'A heading' is a label and takes no answer/],
      [[...fullAnswers(), { id: "ghost", value: "x" }], /The survey has no question 'ghost'/],
    ];
    for (const [answers, message] of cases) {
      const answer = await submit(uuid, { answers });
      expect(answer.statusCode, String(message)).toBe(400);
      expect(answer.json().message).toMatch(message);
    }
    const userDetails = await newSurvey(tenant.admin, { surveyType: "USER_DETAILS" });
    const missingName = await submit(userDetails, { email: "a@example.org", answers: fullAnswers() });
    expect(missingName.json().message).toBe("Your first name is required");
    expect((await stored(uuid)).responses).toHaveLength(0);
  });

  it("follows branching: answers off the path are refused, skipped questions are not shown", async () => {
    const uuid = await newSurvey(tenant.admin);
    const skip = [
      { id: "name", value: "Cy" },
      { id: "kind", value: { answers: ["Skip"], other: "" } },
    ];
    const offPath = await submit(uuid, { answers: [...skip, { id: "para", value: "more" }] });
    expect(offPath.statusCode).toBe(400);
    expect(offPath.json().message).toBe("'Story' is in a section your answers skip");
    expect((await submit(uuid, { answers: skip })).statusCode).toBe(201);
    expect((await submit(uuid, { answers: fullAnswers() })).statusCode).toBe(201);
    const c = await counts(uuid);
    expect(c["name SHORT_ANSWER|shown"]).toBe(2);
    expect(c["colour DROPDOWN|shown"]).toBe(2);
    expect(c["colour DROPDOWN|answered"]).toBe(1);
    expect(c["para PARAGRAPH|shown"]).toBe(1);
    expect(c["kind MULTIPLE_CHOICE|option|Skip"]).toBe(1);
    expect(c["kind MULTIPLE_CHOICE|option|More"]).toBe(1);
    expect(Object.keys(c).some((k) => k.startsWith("label "))).toBe(false);
  });

  it("keeps counters, texts and the response count through submissions and deletions", async () => {
    const uuid = await newSurvey(tenant.admin);
    const ids: string[] = [];
    for (const name of ["Ann", "Bob", "Cat"]) {
      const answers = fullAnswers().map((a) => (a.id === "name" ? { ...a, value: name } : a));
      const answer = await submit(uuid, { email: " x@example.org ", firstName: " X ", answers });
      ids.push(answer.json().uuid);
    }
    let c = await counts(uuid);
    expect(c["name SHORT_ANSWER|answered"]).toBe(3);
    expect(c["colour DROPDOWN|option|Red"]).toBe(3);
    expect(c["scale LINEAR_SCALE|scale|4"]).toBe(3);
    expect(c["boxes CHECKBOXES|option|Tea"]).toBe(3);
    expect(c["boxes CHECKBOXES|other"]).toBe(3);
    expect(c["grid MULTIPLE_CHOICE_GRID|cell|r2|c2"]).toBe(3);
    expect(c["cgrid CHECKBOX_GRID|cell|r1|c2"]).toBe(3);
    let s = await stored(uuid);
    expect(s.responses[0]).toMatchObject({ email: "x@example.org", first_name: "X", version: 1 });
    expect(
      s.texts
        .filter((text) => text.question_id === "name")
        .map((text) => text.value)
        .sort(),
    ).toEqual(["Ann", "Bob", "Cat"]);
    expect(s.texts.find((text) => text.question_id === "boxes")).toMatchObject({ is_other: true, value: "Juice" });
    expect(s.survey?.response_count).toBe(3);
    expect((await tenant.admin.request("GET", `${SURVEYS}/${uuid}`)).json().responseCount).toBe(3);

    const deleted = await tenant.admin.request("DELETE", `${SURVEYS}/${uuid}/responses/${ids[0]}`);
    expect(deleted.statusCode).toBe(204);
    c = await counts(uuid);
    expect(c["name SHORT_ANSWER|answered"]).toBe(2);
    expect(c["cgrid CHECKBOX_GRID|cell|r1|c2"]).toBe(2);
    s = await stored(uuid);
    expect(s.responses).toHaveLength(2);
    expect(
      s.texts
        .filter((text) => text.question_id === "name")
        .map((text) => text.value)
        .sort(),
    ).toEqual(["Bob", "Cat"]);
    expect(s.survey?.response_count).toBe(2);
    expect((await tenant.admin.request("DELETE", `${SURVEYS}/${uuid}/responses/${ids[0]}`)).statusCode).toBe(404);

    expect((await tenant.admin.request("DELETE", `${SURVEYS}/${uuid}/responses`)).statusCode).toBe(204);
    expect(await counts(uuid)).toEqual({});
    s = await stored(uuid);
    expect([s.responses.length, s.texts.length, s.survey?.response_count]).toEqual([0, 0, 0]);
    const activity = (await tenant.admin.request("GET", `${SURVEYS}/${uuid}/activity`)).json().content;
    expect(activity.map((item: { description: string }) => item.description).slice(0, 2)).toEqual([
      "Deleted all responses (2 responses)",
      "Deleted a response",
    ]);
    expect(activity.slice(0, 2).map(({ action, params }: { action: string; params: unknown }) => ({ action, params }))).toEqual([
      { action: "responses_deleted", params: { what: "responsesDeleted", count: 2 } },
      { action: "response_deleted", params: { what: "responseDeleted" } },
    ]);
  });

  it("counts a response against the version it answered when deleted after an edit", async () => {
    const uuid = await newSurvey(tenant.admin);
    const first = (await submit(uuid, { answers: fullAnswers() })).json().uuid;
    const survey = (await tenant.admin.request("GET", `${SURVEYS}/${uuid}`)).json();
    const questions = survey.questions.map((q: { id: string }) => (q.id === "colour" ? { ...q, type: "SHORT_ANSWER", details: {} } : q));
    expect((await tenant.admin.request("PUT", `${SURVEYS}/${uuid}`, { ...survey, questions })).statusCode).toBe(200);
    expect((await submit(uuid, { answers: fullAnswers().map((a) => (a.id === "colour" ? { ...a, value: "Teal" } : a)) })).statusCode).toBe(
      201,
    );
    expect((await tenant.admin.request("DELETE", `${SURVEYS}/${uuid}/responses/${first}`)).statusCode).toBe(204);
    const c = await counts(uuid);
    expect(c["colour DROPDOWN|option|Red"]).toBeUndefined();
    expect(c["colour SHORT_ANSWER|answered"]).toBe(1);
  });

  it("answers bad input with 4xx and a message", async () => {
    const uuid = await newSurvey(tenant.admin);
    const raw = (payload: string) =>
      t.app.inject({
        method: "POST",
        url: `${PUBLIC}/${uuid}/responses`,
        headers: { "x-tenantid": tenant.code, "content-type": "application/json" },
        payload,
      });
    const cases: [string, RegExp][] = [
      ['{"answers": [', /not valid JSON/],
      ['{"answers": "all"}', /answers/],
      [JSON.stringify({ answers: [{ id: "name", value: "a\u0000b" }] }), /NUL/],
      [`{"answers": [{"id": "name", "value": ${"[".repeat(50_000)}${"]".repeat(50_000)}}]}`, /'Your name' must be text/],
    ];
    for (const [payload, message] of cases) {
      const answer = await raw(payload);
      expect(answer.statusCode, payload.slice(0, 40)).toBe(400);
      expect(answer.json().message).toMatch(message);
    }
    expect((await tenant.anonymous.request("GET", `${PUBLIC}/not-a-uuid`)).statusCode).toBe(400);
    expect((await t.caller({ "x-tenantid": "no-such-tenant" }).request("GET", `${PUBLIC}/${uuid}`)).statusCode).toBe(404);
  });

  it("bounds the body and limits submissions per address", async () => {
    const uuid = await newSurvey(tenant.admin);
    const huge = await submit(uuid, { answers: [{ id: "para", value: "x".repeat(600 * 1024) }] });
    expect(huge.statusCode).toBe(413);
    const inject = (forwardedFor?: string) =>
      t.app.inject({
        method: "POST",
        url: `${PUBLIC}/${crypto.randomUUID()}/responses`,
        headers: { "x-tenantid": tenant.code, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
        payload: { answers: [] },
        remoteAddress: "10.1.2.3",
      });
    for (let i = 0; i < 500; i++) expect((await inject()).statusCode).toBe(404);
    const limited = await inject();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests from your address\. Try again in \d+ seconds\.$/);
    // A client that is not a trusted proxy (TRUST_PROXY defaults to loopback) cannot name another address to go on.
    expect((await inject("198.51.100.7")).statusCode).toBe(429);
    expect((await submit(uuid, { answers: fullAnswers() })).statusCode).toBe(201);
  });
});
