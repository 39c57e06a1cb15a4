import { ALL_PERMISSION_CODES } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

const PLATFORM_TOKEN = "platform-token-for-tests-0123456789";
const acme = { code: "acme-corp", name: "Acme Corporation", adminUsername: "boss", adminPassword: "Boss-password-1" };

describe("the platform API without REPOX_PLATFORM_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ["GET", undefined],
    ["POST", acme],
  ] as const)("%s /api/platform/tenants answers 404, whatever bearer is sent", async (method, payload) => {
    const answer = await t.app.inject({
      method,
      url: "/api/platform/tenants",
      payload,
      headers: { authorization: `Bearer ${PLATFORM_TOKEN}` },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ status: 404, error: "Not Found" });
    expect(await t.services.tenants.exists(acme.code)).toBe(false);
  });
});

describe("the platform API with REPOX_PLATFORM_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REPOX_PLATFORM_TOKEN: PLATFORM_TOKEN });
  });
  afterAll(() => t.close());

  const platform = (method: "GET" | "POST", payload?: object, authorization = `Bearer ${PLATFORM_TOKEN}`) =>
    t.app.inject({ method, url: "/api/platform/tenants", payload, headers: { authorization } });

  it.each([
    ["no bearer", ""],
    ["a wrong bearer", "Bearer not-the-platform-token"],
    ["the token with a suffix", `Bearer ${PLATFORM_TOKEN}x`],
    ["the token as Basic", `Basic ${PLATFORM_TOKEN}`],
  ])("answers 401 to %s and creates nothing", async (_label, authorization) => {
    for (const answer of [await platform("GET", undefined, authorization), await platform("POST", acme, authorization)]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ status: 401, error: "Unauthorized", message: "A valid platform token is required" });
    }
    expect(await t.services.tenants.exists(acme.code)).toBe(false);
  });

  it("creates a tenant whose administrator signs in at once and holds every permission", async () => {
    const created = await platform("POST", acme);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code: acme.code, name: acme.name });
    expect(Number.isNaN(Date.parse(created.json().createdAt))).toBe(false);

    const at = (token?: string) => t.caller({ "x-tenantid": acme.code, ...(token ? { authorization: `Bearer ${token}` } : {}) });
    const login = await at().request("POST", "/api/auth/jwt", { username: "boss", password: "Boss-password-1" });
    expect(login.statusCode).toBe(200);
    const boss = at(login.json().jwtToken);
    expect((await boss.request("GET", "/api/my/permissions")).json()).toEqual([...ALL_PERMISSION_CODES].sort());
    const groups = (await boss.request("GET", "/api/groups")).json().content;
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ name: "Administrators", users: [{ username: "boss" }] });
  });

  it("lists the tenants it made", async () => {
    const list = await platform("GET");
    expect(list.statusCode).toBe(200);
    expect(list.json().map((tenant: { code: string }) => tenant.code)).toContain(acme.code);
  });

  it("refuses a code already taken with 409", async () => {
    const again = await platform("POST", { ...acme, name: "Another Acme" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`A tenant with code '${acme.code}' already exists`);
  });

  it.each([
    ["uppercase letters", "Acme", "code"],
    ["the reserved word 'api'", "api", "code"],
    ["a single character", "a", "code"],
    ["a leading dash", "-acme", "code"],
    ["64 characters", "a".repeat(64), "code"],
  ])("refuses a code with %s: 400 naming the field", async (_label, code, field) => {
    const answer = await platform("POST", { ...acme, code });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(field);
    expect((await platform("GET")).json().map((tenant: { code: string }) => tenant.code)).not.toContain(code);
  });

  it.each([
    ["adminPassword", { ...acme, code: "short-pw", adminPassword: "short" }],
    ["adminUsername", { code: "no-admin", name: "No admin", adminPassword: "Boss-password-1" }],
    ["name", { code: "no-name", adminUsername: "boss", adminPassword: "Boss-password-1" }],
  ])("refuses a bad or missing %s with 400 naming it", async (field, body) => {
    const answer = await platform("POST", body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(field);
  });
});
