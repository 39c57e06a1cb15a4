// The HTTP Basic credentials check (for WebDAV) through HTTP: a small Fastify app with the project's error handler
// and one route behind `basicAuth`, on the real services and database of a test app. The account password under the
// sign-in rules, app passwords, the in-memory cache and what ends it, failure limits, tenants kept apart, and every
// malformed header answered 401, never 500.
import { randomBytes } from "node:crypto";
import { PERMISSIONS } from "@repox/contracts";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { registerErrorHandler } from "../../platform/http/error-handler.ts";
import { createTenantResolver } from "../../platform/tenancy.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { basicAuthPreHandler, createBasicAuth } from "./basic-auth.ts";
import { CACHE_MS, createBasicCredentials } from "./basic-credentials.ts";

const PER_USER = 4;
const PER_IP = 12;

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let dav: FastifyInstance;
let clock = Date.now();

const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
let addressCount = 0;
/** A fresh client address per test, so the per-address limit of one test does not reach another. */
const newAddress = () => `192.0.2.${++addressCount}`;

function davRequest(code: string, authorization: string | undefined, ip = "198.51.100.1") {
  return dav.inject({
    method: "GET",
    url: `/${code}/check`,
    remoteAddress: ip,
    headers: authorization === undefined ? {} : { authorization },
  });
}

async function newAppPassword(user: { request: TestTenant["admin"]["request"] }, name = "WebDAV"): Promise<{ id: string; secret: string }> {
  const created = await user.request("POST", "/api/my/app-passwords", { name });
  expect(created.statusCode).toBe(201);
  return created.json();
}

beforeAll(async () => {
  // The app keeps its own sign-in limits (every test sign-in comes from one address); the check below has low ones.
  t = await createTestApp();
  [tenant, other] = await Promise.all([t.newTenant(), t.newTenant()]);
  // The services' own check, with a clock the cache tests move.
  const credentials = createBasicCredentials({
    db: t.db,
    tenants: createTenantResolver(t.db),
    iam: t.services.iam,
    appPasswords: t.services.appPasswords,
    limits: { perUser: PER_USER, perIp: PER_IP, windowMs: 60_000 },
    now: () => clock,
  });
  dav = Fastify();
  registerErrorHandler(dav);
  const basicAuth = createBasicAuth(credentials);
  dav.get("/:tenant/check", { preHandler: basicAuthPreHandler(basicAuth, (req) => (req.params as { tenant: string }).tenant) }, (req) => ({
    username: req.ctx.user?.username,
    tenant: req.ctx.tenant.code,
    permissions: [...req.ctx.permissions],
  }));
  await dav.ready();
});
afterAll(async () => {
  await dav?.close();
  await t.close();
});

describe("the account password", () => {
  it("signs in with any letter case of the username and gives the user's context and permissions", async () => {
    const user = await tenant.newUser({ permissions: [PERMISSIONS.contentEdit], password: "Dav-password-1" });
    const answer = await davRequest(tenant.code, basic(user.username.toUpperCase(), "Dav-password-1"), newAddress());
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ username: user.username, tenant: tenant.code, permissions: [PERMISSIONS.contentEdit] });
  });

  it("refuses a wrong password with 401 and the challenge of the tenant's realm", async () => {
    const user = await tenant.newUser({ password: "Dav-password-1" });
    const answer = await davRequest(tenant.code, basic(user.username, "Wrong-password-1"), newAddress());
    expect(answer.statusCode).toBe(401);
    expect(answer.headers["www-authenticate"]).toBe(`Basic realm="Repox ${tenant.code}", charset="UTF-8"`);
    expect(answer.json()).toEqual({ status: 401, error: "Unauthorized", message: "Invalid username or password." });
    expect((await davRequest(tenant.code, basic("nobody-here", "Wrong-password-1"), newAddress())).statusCode).toBe(401);
  });

  it("refuses a locked user with 403, even one verified a moment before", async () => {
    const user = await tenant.newUser({ password: "Dav-password-1" });
    const ip = newAddress();
    expect((await davRequest(tenant.code, basic(user.username, "Dav-password-1"), ip)).statusCode).toBe(200);
    const lock = await tenant.admin.request("PUT", `/api/users/${user.uuid}`, {
      username: user.username,
      email: `${user.username}@example.org`,
      locked: true,
    });
    expect(lock.statusCode).toBe(200);
    const refused = await davRequest(tenant.code, basic(user.username, "Dav-password-1"), ip);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("This account is locked. Ask an administrator to unlock it.");
  });

  it("stops taking the old password as soon as it is changed", async () => {
    const user = await tenant.newUser({ password: "Old-password-1" });
    const ip = newAddress();
    expect((await davRequest(tenant.code, basic(user.username, "Old-password-1"), ip)).statusCode).toBe(200);
    const changed = await user.request("PUT", "/api/my/password", { currentPassword: "Old-password-1", newPassword: "New-password-2" });
    expect(changed.statusCode).toBe(200);
    expect((await davRequest(tenant.code, basic(user.username, "Old-password-1"), ip)).statusCode).toBe(401);
    expect((await davRequest(tenant.code, basic(user.username, "New-password-2"), ip)).statusCode).toBe(200);
  });

  it("stops at once for a deleted user", async () => {
    const user = await tenant.newUser({ password: "Dav-password-1" });
    const ip = newAddress();
    expect((await davRequest(tenant.code, basic(user.username, "Dav-password-1"), ip)).statusCode).toBe(200);
    expect((await tenant.admin.request("DELETE", `/api/users/${user.uuid}`)).statusCode).toBe(204);
    expect((await davRequest(tenant.code, basic(user.username, "Dav-password-1"), ip)).statusCode).toBe(401);
  });
});

describe("app passwords", () => {
  it("sign in in place of the password (any letter case) and note when they were last used", async () => {
    const user = await tenant.newUser();
    const { id, secret } = await newAppPassword(user);
    const ip = newAddress();
    expect((await davRequest(tenant.code, basic(user.username, secret), ip)).statusCode).toBe(200);
    expect((await davRequest(tenant.code, basic(user.username, secret.toUpperCase()), ip)).statusCode).toBe(200);
    const listed = (await user.request("GET", "/api/my/app-passwords")).json().content;
    expect(listed).toEqual([expect.objectContaining({ id, lastUsedAt: expect.any(String) })]);
  });

  it("note their use at most once a minute, however often they are checked again", async () => {
    const user = await tenant.newUser();
    const { id, secret } = await newAppPassword(user);
    const ip = newAddress();
    const lastUsed = async () =>
      (
        await inTenant(t.db, tenant.id, (trx) =>
          trx.selectFrom("app_passwords").select("last_used_at").where("id", "=", id).executeTakeFirstOrThrow(),
        )
      ).last_used_at;
    expect((await davRequest(tenant.code, basic(user.username, secret), ip)).statusCode).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    // Past the cache, the database is asked again, but the note is less than a minute old: it stays.
    clock += CACHE_MS;
    expect((await davRequest(tenant.code, basic(user.username, secret), ip)).statusCode).toBe(200);
    expect(await lastUsed()).toEqual(first);
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await inTenant(t.db, tenant.id, (trx) =>
      trx.updateTable("app_passwords").set({ last_used_at: twoMinutesAgo }).where("id", "=", id).execute(),
    );
    clock += CACHE_MS;
    expect((await davRequest(tenant.code, basic(user.username, secret), ip)).statusCode).toBe(200);
    expect((await lastUsed())?.getTime()).toBeGreaterThan(twoMinutesAgo.getTime() + 60_000);
  });

  it("are refused at once once revoked, though verified a moment before", async () => {
    const user = await tenant.newUser();
    const { id, secret } = await newAppPassword(user);
    const ip = newAddress();
    expect((await davRequest(tenant.code, basic(user.username, secret), ip)).statusCode).toBe(200);
    expect((await user.request("DELETE", `/api/my/app-passwords/${id}`)).statusCode).toBe(204);
    expect((await davRequest(tenant.code, basic(user.username, secret), ip)).statusCode).toBe(401);
  });

  it("stop working for a locked user and count for their own user only", async () => {
    const owner = await tenant.newUser();
    const someone = await tenant.newUser();
    const { secret } = await newAppPassword(owner);
    const ip = newAddress();
    expect((await davRequest(tenant.code, basic(someone.username, secret), ip)).statusCode).toBe(401);
    await tenant.admin.request("PUT", `/api/users/${owner.uuid}`, {
      username: owner.username,
      email: `${owner.username}@example.org`,
      locked: true,
    });
    expect((await davRequest(tenant.code, basic(owner.username, secret), ip)).statusCode).toBe(403);
  });
});

describe("tenants kept apart", () => {
  it("refuses another tenant's user, password and app password at this tenant's address", async () => {
    const theirs = await other.newUser({ username: `shared-${randomBytes(3).toString("hex")}`, password: "Their-password-1" });
    const { secret } = await newAppPassword(theirs);
    const ip = newAddress();
    expect((await davRequest(other.code, basic(theirs.username, "Their-password-1"), ip)).statusCode).toBe(200);
    expect((await davRequest(tenant.code, basic(theirs.username, "Their-password-1"), ip)).statusCode).toBe(401);
    expect((await davRequest(tenant.code, basic(theirs.username, secret), ip)).statusCode).toBe(401);
    // The same username in both tenants: each answers with its own user.
    const mine = await tenant.newUser({ username: theirs.username, password: "Mine-password-1" });
    const answer = await davRequest(tenant.code, basic(mine.username, "Mine-password-1"), ip);
    expect(answer.json().tenant).toBe(tenant.code);
    expect((await davRequest(tenant.code, basic(mine.username, secret), ip)).statusCode).toBe(401);
  });

  it("answers 404 for an unknown tenant or a code no tenant can have", async () => {
    expect((await davRequest("no-such-tenant", basic("admin", "x"))).statusCode).toBe(404);
    const odd = await dav.inject({
      method: "GET",
      url: `/${encodeURIComponent('a"b')}/check`,
      headers: { authorization: basic("admin", "x") },
    });
    expect(odd.statusCode).toBe(404);
  });
});

describe("malformed headers", () => {
  it("answer 401 with the challenge, never 500", async () => {
    const user = await tenant.newUser({ password: "Dav-password-1" });
    const encode = (raw: Buffer | string) => `Basic ${Buffer.from(raw).toString("base64")}`;
    const headers = [
      undefined,
      "",
      "Basic",
      "Basic ",
      "Basic !!!!",
      "Basic abc",
      `Bearer ${Buffer.from(`${user.username}:Dav-password-1`).toString("base64")}`,
      encode("no-colon-here"),
      encode(":Dav-password-1"),
      encode(Buffer.from([0xff, 0xfe, 0x3a, 0x41])),
      encode(`${user.username}\u0000:Dav-password-1`),
      `Basic ${"A".repeat(5000)}`,
      `${basic(user.username, "Dav-password-1")} trailing`,
    ];
    for (const header of headers) {
      const answer = await davRequest(tenant.code, header, newAddress());
      expect(answer.statusCode, String(header).slice(0, 60)).toBe(401);
      expect(answer.headers["www-authenticate"]).toBe(`Basic realm="Repox ${tenant.code}", charset="UTF-8"`);
      expect(answer.json().message).toBe("Sign in with your username and password or an app password.");
    }
    expect((await davRequest(tenant.code, basic(user.username, "x".repeat(300)), newAddress())).statusCode).toBe(401);
    expect(
      (await davRequest(tenant.code, `basic   ${Buffer.from(`${user.username}:Dav-password-1`).toString("base64")}`, newAddress()))
        .statusCode,
    ).toBe(200);
  });
});

describe("failure limits", () => {
  it(`after ${PER_USER} failures for a username, refuses it with 429 and Retry-After, even the right password`, async () => {
    const user = await tenant.newUser({ password: "Dav-password-1" });
    for (let i = 0; i < PER_USER; i++) {
      expect((await davRequest(tenant.code, basic(user.username, `Wrong-${i}`), newAddress())).statusCode).toBe(401);
    }
    const limited = await davRequest(tenant.code, basic(user.username, "Dav-password-1"), newAddress());
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
    // The same username at another tenant is another account.
    const namesake = await other.newUser({ username: user.username, password: "Dav-password-1" });
    expect((await davRequest(other.code, basic(namesake.username, "Dav-password-1"), newAddress())).statusCode).toBe(200);
  });

  it("successes do not count: a client signing every request is never limited", async () => {
    const user = await tenant.newUser({ password: "Dav-password-1" });
    const ip = newAddress();
    for (let i = 0; i < PER_IP + PER_USER; i++) {
      expect((await davRequest(tenant.code, basic(user.username, "Dav-password-1"), ip)).statusCode).toBe(200);
    }
  });

  it(`after ${PER_IP} failures from one address, refuses that address only`, async () => {
    const user = await tenant.newUser({ password: "Dav-password-1" });
    const ip = newAddress();
    for (let i = 0; i < PER_IP; i++) {
      expect((await davRequest(tenant.code, basic(`guess-${i}`, "Wrong-password-1"), ip)).statusCode).toBe(401);
    }
    expect((await davRequest(tenant.code, basic(user.username, "Dav-password-1"), ip)).statusCode).toBe(429);
    expect((await davRequest(tenant.code, basic(user.username, "Dav-password-1"), newAddress())).statusCode).toBe(200);
  });
});

describe("the in-memory cache", () => {
  it(`answers a verified combination from memory for ${CACHE_MS / 1000} s, then checks the database again`, async () => {
    const user = await tenant.newUser({ password: "Dav-password-1" });
    const ip = newAddress();
    expect((await davRequest(tenant.code, basic(user.username, "Dav-password-1"), ip)).statusCode).toBe(200);
    // The hash replaced behind the services' back (no code path does this): only a check of the database sees it.
    const hash = await inTenant(t.db, tenant.id, (trx) =>
      trx.selectFrom("users").select("password_hash").where("id", "=", tenant.admin.uuid).executeTakeFirstOrThrow(),
    );
    await inTenant(t.db, tenant.id, (trx) =>
      trx.updateTable("users").set({ password_hash: hash.password_hash }).where("id", "=", user.uuid).execute(),
    );
    expect((await davRequest(tenant.code, basic(user.username, "Dav-password-1"), ip)).statusCode).toBe(200);
    clock += CACHE_MS;
    expect((await davRequest(tenant.code, basic(user.username, "Dav-password-1"), ip)).statusCode).toBe(401);
  });
});
