import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
/** `json` is serialised; `raw` goes as is with `contentType` (application/json unless given). */
type BadRequest = { method: Method; url: string; json?: unknown; raw?: string; contentType?: string };

const newUser = { username: "valid", email: "valid@example.org", password: "Valid-password-1" };
const huge = "x".repeat(100_000);
const MIB = 1024 * 1024;

const cases: [string, number, BadRequest, RegExp][] = [
  ["malformed JSON", 400, { method: "POST", url: "/api/users", raw: '{"username": ' }, /not valid JSON/],
  ["a JSON array instead of an object", 400, { method: "POST", url: "/api/users", raw: "[1, 2]" }, /expected object/],
  ["JSON null", 400, { method: "POST", url: "/api/auth/jwt", raw: "null" }, /expected object/],
  ["an empty JSON body", 400, { method: "POST", url: "/api/users", raw: "" }, /empty/],
  [
    "a __proto__ key",
    400,
    { method: "POST", url: "/api/auth/jwt", raw: '{"__proto__": {"admin": true}, "username": "a", "password": "b"}' },
    /JSON/,
  ],
  [
    "JSON nested 100 000 deep",
    400,
    { method: "POST", url: "/api/users", raw: `${"[".repeat(100_000)}${"]".repeat(100_000)}` },
    /expected object/,
  ],
  [
    "a number for username (sign-in)",
    400,
    { method: "POST", url: "/api/auth/jwt", json: { username: 42, password: "x" } },
    /body: username /,
  ],
  ["a number for username (new user)", 400, { method: "POST", url: "/api/users", json: { ...newUser, username: 42 } }, /body: username /],
  ["a string for locked", 400, { method: "POST", url: "/api/users", json: { ...newUser, locked: "yes" } }, /body: locked /],
  [
    "an object for a group member",
    400,
    { method: "POST", url: "/api/groups", json: { name: "g", users: [{ id: 1 }] } },
    /body: users\[0\]/,
  ],
  ["a non-uuid user id", 400, { method: "GET", url: "/api/users/not-a-uuid" }, /uuid/i],
  ["a non-uuid user id (PUT)", 400, { method: "PUT", url: "/api/users/123", json: newUser }, /uuid/i],
  ["a valid but unknown user uuid", 404, { method: "GET", url: `/api/users/${randomUUID()}` }, /not found/],
  ["a valid but unknown user uuid (PUT)", 404, { method: "PUT", url: `/api/users/${randomUUID()}`, json: newUser }, /not found/],
  ["a valid but unknown user uuid (DELETE)", 404, { method: "DELETE", url: `/api/users/${randomUUID()}` }, /not found/],
  ["group id 'abc'", 400, { method: "GET", url: "/api/groups/abc" }, /params: id /],
  ["group id 99999999999", 400, { method: "GET", url: "/api/groups/99999999999" }, /params: id /],
  ["group id 0", 400, { method: "DELETE", url: "/api/groups/0" }, /params: id /],
  ["group id 1.5", 400, { method: "GET", url: "/api/groups/1.5" }, /params: id /],
  ["an unknown group id", 404, { method: "GET", url: "/api/groups/2147483647" }, /not found/],
  [
    "a group id past integer range in a body",
    400,
    { method: "POST", url: "/api/users", json: { ...newUser, groups: [99_999_999_999] } },
    /body: groups\[0\] /,
  ],
  ["a body over 1 MiB", 413, { method: "POST", url: "/api/users", json: { ...newUser, firstname: "x".repeat(MIB + 10) } }, /too large/],
  [
    "a 100 000-character username (sign-in)",
    400,
    { method: "POST", url: "/api/auth/jwt", json: { username: huge, password: "x" } },
    /body: username /,
  ],
  [
    "a 100 000-character username (new user)",
    400,
    { method: "POST", url: "/api/users", json: { ...newUser, username: huge } },
    /body: username /,
  ],
  ["a 100 000-character group name", 400, { method: "POST", url: "/api/groups", json: { name: huge } }, /body: name /],
  [
    "a 100 000-character setting value",
    400,
    { method: "PUT", url: "/api/system_settings", json: [{ settingKey: "REGISTRATION_ENABLED", settingValue: huge }] },
    /body: \[0\]\.settingValue /,
  ],
  ["text/plain", 415, { method: "POST", url: "/api/users", raw: JSON.stringify(newUser), contentType: "text/plain" }, /content type/],
  [
    "a form body",
    415,
    { method: "POST", url: "/api/auth/jwt", raw: "username=a&password=b", contentType: "application/x-www-form-urlencoded" },
    /content type/,
  ],
  ["an unknown /api route", 404, { method: "GET", url: "/api/no-such-thing" }, /No API route for \/api\/no-such-thing/],
  ["an unknown /api route (POST)", 404, { method: "POST", url: "/api/users/extra/segments", json: {} }, /No API route/],
  ["page=-1", 400, { method: "GET", url: "/api/users?page=-1" }, /querystring: page /],
  ["size=100000", 400, { method: "GET", url: "/api/users?size=100000" }, /querystring: size /],
  ["size=0", 400, { method: "GET", url: "/api/groups?size=0" }, /querystring: size /],
  ["page=abc", 400, { method: "GET", url: "/api/groups?page=abc" }, /querystring: page /],
  ["a search longer than allowed", 400, { method: "GET", url: `/api/users?q=${"x".repeat(500)}` }, /querystring: q /],
  [
    "a NUL character in a sign-in name",
    400,
    { method: "POST", url: "/api/auth/jwt", json: { username: "ad\u0000min", password: "x" } },
    /body: username /,
  ],
  ["a NUL character in a search", 400, { method: "GET", url: "/api/users?q=a%00b" }, /querystring: q /],
  ["a NUL character in a group name", 400, { method: "POST", url: "/api/groups", json: { name: "g\u0000" } }, /body: name /],
  [
    "a NUL character in a setting key",
    400,
    { method: "PUT", url: "/api/system_settings", json: [{ settingKey: "A\u0000", settingValue: "x" }] },
    /body: \[0\]\.settingKey /,
  ],
  [
    "a NUL character in the profile",
    400,
    { method: "PUT", url: "/api/my/profile", json: { firstname: "\u0000", lastname: "" } },
    /body: firstname /,
  ],
  ["a malformed percent-encoding in the path", 400, { method: "GET", url: "/api/users/%E0%A4%A" }, /URL/],
  ["an over-long path segment", 414, { method: "GET", url: `/api/users/${"a".repeat(500)}` }, /too long/],
];

describe("bad input", () => {
  it.each(cases)("%s answers %i with {status, error, message}", async (_label, status, request, message) => {
    const payload = request.raw ?? (request.json === undefined ? undefined : JSON.stringify(request.json));
    const answer = await t.app.inject({
      method: request.method,
      url: request.url,
      headers: {
        "x-tenantid": tenant.code,
        authorization: `Bearer ${tenant.admin.token}`,
        ...(payload === undefined ? {} : { "content-type": request.contentType ?? "application/json" }),
      },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(answer.statusCode).toBe(status);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    const body = answer.json();
    expect(Object.keys(body).sort()).toEqual(["error", "message", "status"]);
    expect(body.status).toBe(status);
    expect(body.error).toEqual(expect.any(String));
    expect(body.message).toMatch(message);
  });

  it("changed nothing: no user or group came out of the bad requests", async () => {
    const users = (await tenant.admin.request("GET", "/api/users")).json();
    expect(users.content.map((u: { username: string }) => u.username)).toEqual(["admin"]);
    const groups = (await tenant.admin.request("GET", "/api/groups")).json();
    expect(groups.content.map((g: { name: string }) => g.name)).toEqual(["Administrators"]);
  });
});
