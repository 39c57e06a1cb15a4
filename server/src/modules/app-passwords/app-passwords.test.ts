// App passwords through HTTP (/api/my/app-passwords): the secret answered once and never listed, the name's and the
// count's limits, revoking only one's own, users and tenants kept apart (also by row-level security).
import { APP_PASSWORD_LIMITS, APP_PASSWORD_PATTERN } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";

const BASE = "/api/my/app-passwords";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  [tenant, other] = await Promise.all([t.newTenant(), t.newTenant()]);
});
afterAll(() => t.close());

describe("creating and listing", () => {
  it("answers the secret once, at creation; the list shows name, created and last used, never the secret", async () => {
    const user = await tenant.newUser();
    const created = await user.request("POST", BASE, { name: "  Laptop WebDAV  " });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.name).toBe("Laptop WebDAV");
    expect(body.secret).toMatch(APP_PASSWORD_PATTERN);
    expect(body.lastUsedAt).toBeNull();
    expect(Date.parse(body.createdAt)).not.toBeNaN();

    const listed = await user.request("GET", BASE);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ content: [{ id: body.id, name: "Laptop WebDAV", createdAt: body.createdAt, lastUsedAt: null }] });
    expect(listed.body).not.toContain(body.secret);

    const stored = await inTenant(t.db, tenant.id, (trx) =>
      trx.selectFrom("app_passwords").selectAll().where("id", "=", body.id).execute(),
    );
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(body.secret);
  });

  it("gives every app password a secret of its own", async () => {
    const user = await tenant.newUser();
    const secrets = new Set<string>();
    for (const name of ["one", "two", "three"]) secrets.add((await user.request("POST", BASE, { name })).json().secret);
    expect(secrets.size).toBe(3);
    expect((await user.request("GET", BASE)).json().content.map((p: { name: string }) => p.name)).toEqual(["one", "two", "three"]);
  });

  it("refuses a missing, empty, over-long or mistyped name and malformed bodies with a 400 naming the field", async () => {
    const user = await tenant.newUser();
    const tooLong = await user.request("POST", BASE, { name: "x".repeat(APP_PASSWORD_LIMITS.nameMaxLength + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain("name");
    expect(tooLong.json().message).toContain(`at most ${APP_PASSWORD_LIMITS.nameMaxLength} characters`);
    for (const body of [{}, { name: "" }, { name: "   " }, { name: 12 }, { name: null }, [], 7]) {
      const answer = await user.request("POST", BASE, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
    const malformed = await user.request("POST", BASE, "{not json", { "content-type": "application/json" });
    expect(malformed.statusCode).toBe(400);
    expect((await user.request("GET", BASE)).json().content).toEqual([]);
  });

  it(`keeps at most ${APP_PASSWORD_LIMITS.perUser} per user, even when asked at once`, async () => {
    const user = await tenant.newUser();
    const answers = await Promise.all(
      Array.from({ length: APP_PASSWORD_LIMITS.perUser + 3 }, (_, i) => user.request("POST", BASE, { name: `client ${i}` })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(APP_PASSWORD_LIMITS.perUser);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused.map((a) => a.statusCode)).toEqual([409, 409, 409]);
    expect(refused[0]?.json().message).toBe(
      `You already have ${APP_PASSWORD_LIMITS.perUser} app passwords. Revoke one you no longer use first.`,
    );
    expect((await user.request("GET", BASE)).json().content).toHaveLength(APP_PASSWORD_LIMITS.perUser);
  });

  it("needs a sign-in", async () => {
    expect((await tenant.anonymous.request("GET", BASE)).statusCode).toBe(401);
    expect((await tenant.anonymous.request("POST", BASE, { name: "x" })).statusCode).toBe(401);
  });
});

describe("revoking", () => {
  it("removes it from the list; a second revoke and unknown or malformed ids answer 404/400", async () => {
    const user = await tenant.newUser();
    const { id } = (await user.request("POST", BASE, { name: "Phone" })).json();
    const kept = (await user.request("POST", BASE, { name: "Desktop" })).json();
    expect((await user.request("DELETE", `${BASE}/${id}`)).statusCode).toBe(204);
    expect((await user.request("GET", BASE)).json().content.map((p: { id: string }) => p.id)).toEqual([kept.id]);

    const again = await user.request("DELETE", `${BASE}/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(`App password ${id} not found`);
    expect((await user.request("DELETE", `${BASE}/not-a-uuid`)).statusCode).toBe(400);
  });

  it("another user, even an administrator, cannot revoke or see mine", async () => {
    const owner = await tenant.newUser();
    const someone = await tenant.newUser();
    const { id } = (await owner.request("POST", BASE, { name: "Mine" })).json();
    expect((await someone.request("DELETE", `${BASE}/${id}`)).statusCode).toBe(404);
    expect((await tenant.admin.request("DELETE", `${BASE}/${id}`)).statusCode).toBe(404);
    expect((await someone.request("GET", BASE)).json().content).toEqual([]);
    expect((await owner.request("GET", BASE)).json().content.map((p: { id: string }) => p.id)).toEqual([id]);
  });

  it("goes with the user when the user is deleted", async () => {
    const user = await tenant.newUser();
    await user.request("POST", BASE, { name: "Soon gone" });
    expect((await tenant.admin.request("DELETE", `/api/users/${user.uuid}`)).statusCode).toBe(204);
    const left = await inTenant(t.db, tenant.id, (trx) =>
      trx.selectFrom("app_passwords").select("id").where("user_id", "=", user.uuid).execute(),
    );
    expect(left).toEqual([]);
  });
});

describe("tenants kept apart", () => {
  it("a token of another tenant is refused, ids of another tenant are unknown, and RLS hides the rows", async () => {
    const mine = await tenant.newUser();
    const theirs = await other.newUser();
    const { id } = (await mine.request("POST", BASE, { name: "Tenant A only" })).json();

    expect((await other.as(mine.token).request("GET", BASE)).statusCode).toBe(401);
    expect((await theirs.request("DELETE", `${BASE}/${id}`)).statusCode).toBe(404);
    expect((await other.admin.request("DELETE", `${BASE}/${id}`)).statusCode).toBe(404);
    expect((await theirs.request("GET", BASE)).json().content).toEqual([]);

    // Without a filter on the tenant: only the policy keeps tenant A's row from a transaction of tenant B.
    const seenFromOther = await inTenant(t.db, other.id, (trx) => trx.selectFrom("app_passwords").select("id").execute());
    expect(seenFromOther.map((r) => r.id)).not.toContain(id);
    const seenFromOwn = await inTenant(t.db, tenant.id, (trx) => trx.selectFrom("app_passwords").select("id").execute());
    expect(seenFromOwn.map((r) => r.id)).toContain(id);
    expect((await mine.request("GET", BASE)).json().content).toHaveLength(1);
  });
});
