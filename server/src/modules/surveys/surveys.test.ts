import { PERMISSIONS, SURVEY_DEFAULTS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { newSurvey, SURVEYS, surveyBody } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  other = await t.newTenant();
});
afterAll(() => t.close());

const versions = (surveyId: string) =>
  inTenant(t.db, tenant.id, (trx) =>
    trx.selectFrom("survey_versions").select("version").where("survey_id", "=", surveyId).orderBy("version").execute(),
  ).then((rows) => rows.map((row) => row.version));

const descriptions = async (uuid: string) =>
  ((await tenant.admin.request("GET", `${SURVEYS}/${uuid}/activity`)).json().content as { description: string }[]).map(
    (item) => item.description,
  );

describe("survey CRUD", () => {
  it("creates a survey in its stored form and reads it back", async () => {
    const created = await tenant.admin.request("POST", SURVEYS, surveyBody({ lockedMessage: "  ", closeAt: "2099-01-02T03:04:05+01:00" }));
    expect(created.statusCode).toBe(201);
    const survey = created.json();
    expect(survey).toMatchObject({
      label: "Visitors",
      surveyType: "ANONYMOUS",
      locked: false,
      lockedMessage: SURVEY_DEFAULTS.lockedMessage,
      submissionMessage: SURVEY_DEFAULTS.submissionMessage,
      closeAt: "2099-01-02T02:04:05",
      openAt: null,
      state: "OPEN",
      closedReason: null,
      questionCount: 12,
      responseCount: 0,
      email: "",
      firstName: "",
      lastName: "",
      organization: "",
    });
    expect(survey.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(survey.sections[0].description).toBe("<p>Hello</p>");
    const byId = Object.fromEntries(survey.questions.map((q: { id: string }) => [q.id, q]));
    expect(byId.mail.required).toBe(true);
    expect(byId.label.required).toBe(false);
    expect(byId.colour.details).toEqual({ options: ["Red", "Blue"] });
    expect(byId.kind.details.goTo).toEqual({ Skip: "SUBMIT", More: "s2" });

    const read = await tenant.admin.request("GET", `${SURVEYS}/${survey.uuid}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(survey);
    expect(await descriptions(survey.uuid)).toEqual(["Created the survey 'Visitors'"]);
  });

  it("refuses bad bodies with 400 naming the field or id", async () => {
    const cases: [object, RegExp][] = [
      [{ label: "" }, /label/],
      [
        { questions: [...(surveyBody().questions ?? []), { id: "name", title: "Again", type: "SHORT_ANSWER" }] },
        /'name' is used by another question/,
      ],
      [
        { questions: [...(surveyBody().questions ?? []), { id: "orphan", title: "Lost", type: "SHORT_ANSWER" }] },
        /question 'orphan' is in no section/,
      ],
      [{ openAt: "2030-01-02T00:00:00", closeAt: "2030-01-01T00:00:00" }, /openAt must be before closeAt/],
      [{ closeAt: "tomorrow" }, /closeAt/],
      [{ surveyType: "SECRET" }, /surveyType/],
    ];
    for (const [override, message] of cases) {
      const answer = await tenant.admin.request("POST", SURVEYS, surveyBody(override));
      expect(answer.statusCode, JSON.stringify(override)).toBe(400);
      expect(answer.json().message).toMatch(message);
    }
    const malformed = await tenant.admin.request("POST", SURVEYS, "{not json", { "content-type": "application/json" });
    expect(malformed.statusCode).toBe(400);
  });

  it("lists surveys with their state, paged and searchable", async () => {
    const isolated = await t.newTenant();
    const open = await newSurvey(isolated.admin, { label: "Open one" });
    const locked = await newSurvey(isolated.admin, { label: "Locked one", locked: true });
    const expired = await newSurvey(isolated.admin, {
      label: "Expired one",
      openAt: "2020-01-01T00:00:00",
      closeAt: "2020-02-01T00:00:00",
    });
    const lockedAndExpired = await newSurvey(isolated.admin, { label: "Both", locked: true, closeAt: "2020-02-01T00:00:00" });
    const list = await isolated.admin.request("GET", `${SURVEYS}?size=10`);
    expect(list.statusCode).toBe(200);
    const states = Object.fromEntries(
      list
        .json()
        .content.map((item: { uuid: string; state: string; closedReason: string | null }) => [item.uuid, [item.state, item.closedReason]]),
    );
    expect(states).toEqual({
      [open]: ["OPEN", null],
      [locked]: ["CLOSED", "Not accepting responses"],
      [expired]: ["CLOSED", "Expired"],
      [lockedAndExpired]: ["CLOSED", "Not accepting responses"],
    });
    expect(list.json().totalElements).toBe(4);
    const paged = (await isolated.admin.request("GET", `${SURVEYS}?size=3&page=1&sort=label,ASC`)).json();
    expect(paged.content.map((item: { label: string }) => item.label)).toEqual(["Open one"]);
    expect(paged.totalPages).toBe(2);
    const searched = (await isolated.admin.request("GET", `${SURVEYS}?q=EXPIRED`)).json();
    expect(searched.content.map((item: { uuid: string }) => item.uuid)).toEqual([expired]);
  });

  it("updates: a new version only when questions change, activity in words", async () => {
    const uuid = await newSurvey(tenant.admin, { label: "Before" });
    const same = await tenant.admin.request("PUT", `${SURVEYS}/${uuid}`, surveyBody({ label: "After" }));
    expect(same.statusCode).toBe(200);
    expect(same.json().label).toBe("After");
    expect(await versions(uuid)).toEqual([1]);

    const body = surveyBody({ label: "After", closeAt: "2099-05-01T10:00:00", locked: true });
    body.questions = (body.questions ?? []).map((q) => (q.id === "name" ? { ...q, title: "Full name" } : q));
    const changed = await tenant.admin.request("PUT", `${SURVEYS}/${uuid}`, body);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().questions.find((q: { id: string }) => q.id === "name").title).toBe("Full name");
    expect(changed.json().questionCount).toBe(12);
    expect(await versions(uuid)).toEqual([1, 2]);

    const unlocked = await tenant.admin.request("PUT", `${SURVEYS}/${uuid}`, { ...body, locked: false });
    expect(unlocked.statusCode).toBe(200);
    const nothing = await tenant.admin.request("PUT", `${SURVEYS}/${uuid}`, { ...body, locked: false });
    expect(nothing.statusCode).toBe(200);
    expect(await versions(uuid)).toEqual([1, 2]);

    expect(await descriptions(uuid)).toEqual([
      "Unlocked the survey: it accepts responses",
      "Locked the survey: it does not accept responses",
      "Changed the questions",
      "Changed the close date from none to 2099-05-01 10:00:00 UTC",
      "Changed the name from 'Before' to 'After'",
      "Created the survey 'Before'",
    ]);
    const entries = (await tenant.admin.request("GET", `${SURVEYS}/${uuid}/activity`)).json().content;
    expect(entries.map(({ action, params }: { action: string; params: unknown }) => ({ action, params }))).toEqual([
      { action: "unlocked", params: { what: "unlocked" } },
      { action: "locked", params: { what: "locked" } },
      { action: "changed", params: { what: "surveyChanged", field: "questions", from: null, to: null } },
      { action: "changed", params: { what: "surveyChanged", field: "closeAt", from: null, to: "2099-05-01T10:00:00" } },
      { action: "changed", params: { what: "surveyChanged", field: "name", from: "Before", to: "After" } },
      { action: "created", params: { what: "surveyCreated", label: "Before" } },
    ]);
    const page = (await tenant.admin.request("GET", `${SURVEYS}/${uuid}/activity?page=1&size=4`)).json();
    expect(page.content).toHaveLength(2);
    expect(page.content[0].user.username).toBe("admin");
  });

  it("shows an entry recorded before params as its stored sentence, and one with params in the English of today", async () => {
    const uuid = await newSurvey(tenant.admin, { label: "Old log" });
    await inTenant(t.db, tenant.id, (trx) =>
      trx
        .insertInto("activity")
        .values([
          {
            tenant_id: tenant.id,
            object_type: "survey",
            object_id: uuid,
            user_id: null,
            action: "changed",
            description: "Changed it once",
          },
          {
            tenant_id: tenant.id,
            object_type: "survey",
            object_id: uuid,
            user_id: null,
            action: "changed",
            description: "stale words",
            params: JSON.stringify({ what: "surveyChanged", field: "surveyType", from: "ANONYMOUS", to: "SIGNED_URL" }),
          },
        ])
        .execute(),
    );
    const entries = (await tenant.admin.request("GET", `${SURVEYS}/${uuid}/activity`)).json().content;
    expect(entries.map(({ description, params }: { description: string; params: unknown }) => ({ description, params }))).toEqual([
      {
        description: "Changed the survey type from Anonymous to Signed link",
        params: { what: "surveyChanged", field: "surveyType", from: "ANONYMOUS", to: "SIGNED_URL" },
      },
      { description: "Changed it once", params: null },
      { description: "Created the survey 'Old log'", params: { what: "surveyCreated", label: "Old log" } },
    ]);
  });

  it("deletes a survey", async () => {
    const uuid = await newSurvey(tenant.admin);
    expect((await tenant.admin.request("DELETE", `${SURVEYS}/${uuid}`)).statusCode).toBe(204);
    const gone = await tenant.admin.request("GET", `${SURVEYS}/${uuid}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(`Survey ${uuid} not found`);
    expect((await tenant.admin.request("DELETE", `${SURVEYS}/${uuid}`)).statusCode).toBe(404);
  });
});

describe("survey access", () => {
  const routes = (uuid: string) =>
    [
      ["GET", SURVEYS, undefined, "read"],
      ["GET", `${SURVEYS}/${uuid}`, undefined, "read"],
      ["GET", `${SURVEYS}/${uuid}/activity`, undefined, "read"],
      ["GET", `${SURVEYS}/${uuid}/link`, undefined, "read"],
      ["POST", SURVEYS, surveyBody(), "write"],
      ["PUT", `${SURVEYS}/${uuid}`, surveyBody(), "write"],
      ["POST", `${SURVEYS}/${uuid}/share`, { subject: "S", message: "M", toRecipients: ["a@example.org"] }, "write"],
      ["DELETE", `${SURVEYS}/${uuid}/responses/${crypto.randomUUID()}`, undefined, "write"],
      ["DELETE", `${SURVEYS}/${uuid}/responses`, undefined, "write"],
      ["DELETE", `${SURVEYS}/${uuid}`, undefined, "write"],
    ] as const;

  it("needs repox.surveys.show to read and repox.surveys.edit to write", async () => {
    const uuid = await newSurvey(tenant.admin);
    const nobody = await tenant.newUser({ permissions: [] });
    const reader = await tenant.newUser({ permissions: [PERMISSIONS.surveysShow] });
    for (const [method, url, body, kind] of routes(uuid)) {
      const denied = await nobody.request(method, url, body);
      expect(denied.statusCode, `${method} ${url}`).toBe(403);
      expect(denied.json().message).toContain("repox.surveys.");
      const asReader = await reader.request(method, url, body);
      if (kind === "read") expect(asReader.statusCode, `${method} ${url}`).toBe(200);
      else expect(asReader.statusCode, `${method} ${url}`).toBe(403);
      expect((await tenant.anonymous.request(method, url, body)).statusCode).toBe(401);
    }
  });

  it("keeps tenants apart: another tenant's token, and a survey of another tenant", async () => {
    const uuid = await newSurvey(tenant.admin);
    for (const [method, url, body] of routes(uuid)) {
      const foreignToken = await other.as(tenant.admin.token).request(method, url, body);
      expect(foreignToken.statusCode, `${method} ${url}`).toBe(401);
      if (url === SURVEYS) continue;
      const foreignSurvey = await other.admin.request(method, url, body);
      expect(foreignSurvey.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await tenant.admin.request("GET", `${SURVEYS}/${uuid}`)).statusCode).toBe(200);
    expect((await other.admin.request("GET", SURVEYS)).json().content.map((s: { uuid: string }) => s.uuid)).not.toContain(uuid);
  });
});

describe("survey API docs", () => {
  it("lists every survey route in the OpenAPI document", async () => {
    const doc = await tenant.anonymous.request("GET", "/api/openapi.json");
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    for (const path of [
      "/api/addons/srv/surveys",
      "/api/addons/srv/surveys/{uuid}",
      "/api/addons/srv/surveys/{uuid}/activity",
      "/api/addons/srv/surveys/{uuid}/responses",
      "/api/addons/srv/surveys/{uuid}/responses/{responseUuid}",
      "/api/addons/srv/surveys/{uuid}/link",
      "/api/addons/srv/surveys/{uuid}/share",
      "/api/addons/srv/public/{uuid}",
      "/api/addons/srv/public/{uuid}/responses",
    ]) {
      expect(paths).toContain(path);
    }
  });
});
