// Every answer carries exactly the security headers @fastify/helmet itself would set with the app's options, and its
// request id, whether the route answers, refuses or does not exist.
import helmet from "@fastify/helmet";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { HELMET_OPTIONS, helmetHeaders } from "./security-headers.ts";

let t: TestApp;
let tenantCode: string;
let expected: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  tenantCode = (await t.newTenant()).code;
  const reference = Fastify();
  await reference.register(helmet, HELMET_OPTIONS);
  reference.get("/", () => "");
  const {
    "content-type": _type,
    "content-length": _length,
    date: _date,
    connection: _connection,
    ...headers
  } = (await reference.inject({ method: "GET", url: "/" })).headers;
  expected = headers;
  await reference.close();
});
afterAll(() => t.close());

describe("response headers", () => {
  it("are helmet's, with a Content-Security-Policy that refuses framing by other sites", async () => {
    const workedOut = (await helmetHeaders(HELMET_OPTIONS)).map(([name]) => name.toLowerCase());
    expect(workedOut.sort()).toEqual(Object.keys(expected).sort());
    expect(expected["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(expected["x-frame-options"]).toBe("SAMEORIGIN");
    expect(expected["strict-transport-security"]).toBeDefined();
    expect(expected["x-content-type-options"]).toBe("nosniff");
  });

  it.each([
    ["a public route", "/api/health", "none", 200],
    ["a signed-in route without a session", "/api/my/permissions", "tenant", 401],
    ["an unknown API path", "/api/nothing-here", "none", 404],
  ])("are the same on %s, with a request id", async (_label, url, headers, status) => {
    const answer = await t.app.inject({ method: "GET", url, headers: headers === "tenant" ? { "x-tenantid": tenantCode } : {} });
    expect(answer.statusCode).toBe(status);
    for (const [name, value] of Object.entries(expected)) expect(answer.headers[name], name).toEqual(value);
    expect(answer.headers["x-request-id"]).toMatch(/^[\w.-]+$/);
  });

  it("answer a caller's own well-formed request id", async () => {
    const answer = await t.app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "trace-42" } });
    expect(answer.headers["x-request-id"]).toBe("trace-42");
  });
});
