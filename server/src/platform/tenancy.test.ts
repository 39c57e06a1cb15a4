import { randomUUID } from "node:crypto";
import { PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../test/test-app.ts";
import { inTenant } from "./db/tenant-transaction.ts";

let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let userOfA: { uuid: string; username: string };
let groupOfA: number;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.newTenant();
  b = await t.newTenant();
  userOfA = await a.newUser({ username: "alice-of-a", permissions: [PERMISSIONS.reportsShow] });
  const groups = (await a.admin.request("GET", "/api/groups")).json().content as { id: number; name: string }[];
  groupOfA = groups.find((g) => g.name === "alice-of-a group")?.id ?? 0;
});
afterAll(() => t.close());

const usernames = (page: { content: { username: string }[] }) => page.content.map((u) => u.username);

describe("the tenant header", () => {
  it("is required on every tenant route: 400 with a message", async () => {
    const answer = await t.app.inject({ method: "POST", url: "/api/auth/jwt", payload: { username: "admin", password: "x" } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ status: 400, error: "Bad Request", message: "The X-TenantID header is required" });
  });

  it.each(["x", "no-such-tenant", "UPPER", "bad\u0000code", "a".repeat(63)])(
    "answers 404 \"Unknown tenant '%s'\" for a code no tenant has",
    async (code) => {
      const answer = await t.app.inject({ method: "GET", url: "/api/auth/status", headers: { "x-tenantid": code } });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ status: 404, error: "Not Found", message: `Unknown tenant '${code}'` });
    },
  );

  it("is not needed for the health check", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).json()).toEqual({ status: "ok" });
  });
});

describe("cross-tenant denial over HTTP", () => {
  it.each([
    ["GET", undefined],
    ["PUT", { username: "taken-over", email: "taken-over@example.org", locked: true }],
    ["DELETE", undefined],
  ] as const)("%s /api/users/{uuid of tenant A} at tenant B answers 404 and leaves the user alone", async (method, body) => {
    const answer = await b.admin.request(method, `/api/users/${userOfA.uuid}`, body);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toContain("not found");
    const atHome = await a.admin.request("GET", `/api/users/${userOfA.uuid}`);
    expect(atHome.statusCode).toBe(200);
    expect(atHome.json()).toMatchObject({ username: "alice-of-a", locked: false });
  });

  it.each([
    ["GET", undefined],
    ["PUT", { name: "Taken over", users: [], iamPermissions: [] }],
    ["DELETE", undefined],
  ] as const)("%s /api/groups/{id of tenant A} at tenant B answers 404 and leaves the group alone", async (method, body) => {
    const answer = await b.admin.request(method, `/api/groups/${groupOfA}`, body);
    expect(answer.statusCode).toBe(404);
    const atHome = await a.admin.request("GET", `/api/groups/${groupOfA}`);
    expect(atHome.json()).toMatchObject({ name: "alice-of-a group", iamPermissions: [PERMISSIONS.reportsShow] });
  });

  it("lists at tenant B hold none of tenant A's users or groups", async () => {
    const users = (await b.admin.request("GET", "/api/users?size=200")).json();
    expect(usernames(users)).toEqual(["admin"]);
    expect(users.totalElements).toBe(1);
    expect((await b.admin.request("GET", "/api/users?q=alice")).json().content).toEqual([]);
    const groups = (await b.admin.request("GET", "/api/groups?size=200")).json();
    expect(groups.content.map((g: { name: string }) => g.name)).toEqual(["Administrators"]);
    expect(groups.content[0].users.map((u: { username: string }) => u.username)).toEqual(["admin"]);
  });

  it("tenant B cannot pull tenant A's user into its groups, or its users into A's groups", async () => {
    const group = await b.admin.request("POST", "/api/groups", { name: "Smugglers", users: [userOfA.uuid] });
    expect(group.statusCode).toBe(400);
    expect(group.json().message).toBe(`Unknown user ${userOfA.uuid}`);
    const user = await b.admin.request("POST", "/api/users", {
      username: "mole",
      email: "mole@example.org",
      password: "Mole-password-1",
      groups: [groupOfA],
    });
    expect(user.statusCode).toBe(400);
    expect(user.json().message).toBe(`Unknown group id ${groupOfA}`);
  });

  it("a token of tenant A opens nothing at tenant B", async () => {
    const aAtB = t.caller({ "x-tenantid": b.code, authorization: `Bearer ${a.admin.token}` });
    for (const url of ["/api/users", `/api/users/${userOfA.uuid}`, "/api/my/profile", "/api/system_settings"]) {
      expect((await aAtB.request("GET", url)).statusCode).toBe(401);
    }
    expect((await aAtB.request("GET", "/api/auth/status")).json()).toEqual({ valid: false });
  });

  it("a valid uuid no tenant has answers 404", async () => {
    expect((await b.admin.request("GET", `/api/users/${randomUUID()}`)).statusCode).toBe(404);
  });
});

// Row-level security is the net under every query: it must hold even for a query that forgets `where tenant_id`.
// This fails if enterTenant stops switching to the app role (owners and superusers bypass RLS) or stops setting
// app.tenant_id (then no row is visible and nothing can be written).
describe("row-level security", () => {
  it("shows a query with no tenant filter only the current tenant's rows", async () => {
    const everyone = await t.db.selectFrom("users").select(["tenant_id", "username"]).execute();
    expect(new Set(everyone.map((u) => u.tenant_id))).toEqual(new Set([a.id, b.id]));
    const ownersViewOfB = everyone
      .filter((u) => u.tenant_id === b.id)
      .map((u) => u.username)
      .sort();

    const seenFromB = await inTenant(t.db, b.id, (trx) => trx.selectFrom("users").selectAll().execute());
    expect(seenFromB.map((u) => u.username).sort()).toEqual(ownersViewOfB);
    expect(seenFromB.every((u) => u.tenant_id === b.id)).toBe(true);

    const groupsFromB = await inTenant(t.db, b.id, (trx) => trx.selectFrom("groups").select("tenant_id").execute());
    expect(groupsFromB.map((g) => g.tenant_id)).toEqual([b.id]);
    const tenantsFromB = await inTenant(t.db, b.id, (trx) => trx.selectFrom("tenants").select("code").execute());
    expect(tenantsFromB).toEqual([{ code: b.code }]);
  });

  it("refuses to write a row carrying another tenant's id", async () => {
    const intruder = {
      tenant_id: a.id,
      username: "intruder",
      email: "intruder@example.org",
      password_hash: "x",
      firstname: "",
      lastname: "",
    };
    await expect(inTenant(t.db, b.id, (trx) => trx.insertInto("users").values(intruder).execute())).rejects.toThrow(/row-level security/);
    const changed = await inTenant(t.db, b.id, (trx) =>
      trx.updateTable("users").set({ firstname: "Changed from B" }).where("id", "=", userOfA.uuid).executeTakeFirst(),
    );
    expect(changed.numUpdatedRows).toBe(0n);
    const found = await t.db.selectFrom("users").select(["username", "firstname"]).where("tenant_id", "=", a.id).execute();
    expect(found.map((u) => u.username)).not.toContain("intruder");
    expect(found.find((u) => u.username === "alice-of-a")?.firstname).toBe("alice-of-a");
  });
});
