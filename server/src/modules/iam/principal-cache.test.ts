// Signed-in users' principals are kept in memory (principal-cache.ts): every IAM change still takes effect on the very
// next request of the instance that made it, and within 1 s on another instance on the same database. The instance
// that makes the changes runs its principal cache on a stopped clock, so what it does at once cannot owe anything to
// time passing; the other instance runs on real time.
import { PERMISSIONS } from "@repox/contracts";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant, type TenantDb } from "../../platform/db/tenant-transaction.ts";
import { type MailSink, startMailSink } from "../../test/mail-sink.ts";
import { type Caller, createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { createPrincipalCache } from "./principal-cache.ts";

let sink: MailSink;
let t: TestApp;
let tenant: TestTenant;
let other: Awaited<ReturnType<TestApp["secondInstance"]>>;
const stoppedClock = () => 0;

beforeAll(async () => {
  sink = await startMailSink();
  t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL: "http://repox.test" }, { principalClock: stoppedClock });
  tenant = await t.newTenant();
  other = await t.secondInstance();
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const MINE = "/api/my/permissions";
/** A route that needs a permission (repox.store.settings.iam.show). */
const IAM_SHOW_ROUTE = "/api/users";

/** Asks `ask` every 20 ms until it answers `status`; the milliseconds that took, or fails after 3 s. */
async function millisecondsUntil(status: number, ask: () => Promise<LightMyRequestResponse>): Promise<number> {
  const start = performance.now();
  for (;;) {
    const answer = await ask();
    const elapsed = performance.now() - start;
    if (answer.statusCode === status) return elapsed;
    if (elapsed > 3000) throw new Error(`still ${answer.statusCode} after 3 s: ${answer.body}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A user signed in on both instances, whose principal each instance has read (and so keeps). */
async function userKnownToBoth(permissions: string[] = []) {
  const user = await tenant.newUser({ permissions });
  const elsewhere = other.as(tenant, user.token);
  expect((await user.request("GET", MINE)).statusCode).toBe(200);
  expect((await elsewhere.request("GET", MINE)).statusCode).toBe(200);
  return { user, elsewhere };
}

async function expectRefusedHereAtOnceAndThereWithinASecond(here: Caller, there: Caller, status: number, url = MINE) {
  const refused = await here.request("GET", url);
  expect(refused.statusCode).toBe(status);
  expect(await millisecondsUntil(status, () => there.request("GET", url))).toBeLessThan(1000);
}

describe("principals kept in memory", () => {
  it("a lock ends the user's sessions on the next request here and within 1 s on another instance", async () => {
    const { user, elsewhere } = await userKnownToBoth();
    const locked = await tenant.admin.request("PUT", `/api/users/${user.uuid}`, {
      username: user.username,
      email: `${user.username}@example.org`,
      locked: true,
    });
    expect(locked.statusCode).toBe(200);
    await expectRefusedHereAtOnceAndThereWithinASecond(user, elsewhere, 401);
  });

  it("a password set by an administrator ends the old sessions here at once and within 1 s elsewhere; new ones work", async () => {
    const { user, elsewhere } = await userKnownToBoth();
    const set = await tenant.admin.request("PUT", `/api/users/${user.uuid}/password`, { password: "Given-password-3" });
    expect(set.statusCode).toBe(204);
    await expectRefusedHereAtOnceAndThereWithinASecond(user, elsewhere, 401);
    const fresh = (await tenant.login(user.username, "Given-password-3")).json().jwtToken as string;
    expect((await tenant.as(fresh).request("GET", MINE)).statusCode).toBe(200);
    expect((await other.as(tenant, fresh).request("GET", MINE)).statusCode).toBe(200);
  });

  it("a password the user changes ends their other sessions on another instance within 1 s", async () => {
    const { user, elsewhere } = await userKnownToBoth();
    const changed = await user.request("PUT", "/api/my/password", { currentPassword: "User-password-1", newPassword: "New-password-2" });
    expect(changed.statusCode).toBe(200);
    await expectRefusedHereAtOnceAndThereWithinASecond(user, elsewhere, 401);
    expect((await other.as(tenant, changed.json().jwtToken).request("GET", MINE)).statusCode).toBe(200);
  });

  it("a password reset through the mailed link ends the old sessions here at once and within 1 s elsewhere", async () => {
    const { user, elsewhere } = await userKnownToBoth();
    const email = `${user.username}@example.org`;
    expect((await tenant.anonymous.request("POST", "/api/auth/forgot-password", { email })).statusCode).toBe(200);
    const token = (await sink.nextMailTo(email)).text.match(/reset-password\?token=([\w-]+)/)?.[1] ?? "";
    const reset = await tenant.anonymous.request("POST", "/api/auth/reset-password", { token, password: "Reset-password-4" });
    expect(reset.statusCode).toBe(200);
    await expectRefusedHereAtOnceAndThereWithinASecond(user, elsewhere, 401);
  });

  it("a permission removed from the user's group is refused here at once and within 1 s elsewhere", async () => {
    const { user, elsewhere } = await userKnownToBoth([PERMISSIONS.settingsIamShow]);
    expect((await user.request("GET", IAM_SHOW_ROUTE)).statusCode).toBe(200);
    expect((await elsewhere.request("GET", IAM_SHOW_ROUTE)).statusCode).toBe(200);
    const [group] = (await tenant.admin.request("GET", `/api/users/${user.uuid}`)).json().groups as { id: number; name: string }[];
    if (!group) throw new Error("newUser makes a group");
    const updated = await tenant.admin.request("PUT", `/api/groups/${group.id}`, {
      name: group.name,
      users: [user.uuid],
      iamPermissions: [],
    });
    expect(updated.statusCode).toBe(200);
    await expectRefusedHereAtOnceAndThereWithinASecond(user, elsewhere, 403, IAM_SHOW_ROUTE);
    expect((await user.request("GET", MINE)).json()).toEqual([]);
    expect((await elsewhere.request("GET", MINE)).json()).toEqual([]);
  });

  it("a permission granted takes effect here at once and within 1 s elsewhere", async () => {
    const { user, elsewhere } = await userKnownToBoth();
    expect((await user.request("GET", IAM_SHOW_ROUTE)).statusCode).toBe(403);
    expect((await elsewhere.request("GET", IAM_SHOW_ROUTE)).statusCode).toBe(403);
    const created = await tenant.admin.request("POST", "/api/groups", {
      name: `${user.username} readers`,
      iamPermissions: [PERMISSIONS.settingsIamShow],
      users: [user.uuid],
    });
    expect(created.statusCode).toBe(201);
    expect((await user.request("GET", IAM_SHOW_ROUTE)).statusCode).toBe(200);
    expect(await millisecondsUntil(200, () => elsewhere.request("GET", IAM_SHOW_ROUTE))).toBeLessThan(1000);
  });

  it("a deleted user is refused here at once and within 1 s elsewhere", async () => {
    const { user, elsewhere } = await userKnownToBoth();
    expect((await tenant.admin.request("DELETE", `/api/users/${user.uuid}`)).statusCode).toBe(204);
    await expectRefusedHereAtOnceAndThereWithinASecond(user, elsewhere, 401);
  });

  it("a change made on yet another instance takes effect there at once and on a third within 1 s", async () => {
    const maker = await t.secondInstance({ principalClock: stoppedClock });
    const user = await tenant.newUser();
    const onMaker = maker.as(tenant, user.token);
    const elsewhere = other.as(tenant, user.token);
    expect((await onMaker.request("GET", MINE)).statusCode).toBe(200);
    expect((await elsewhere.request("GET", MINE)).statusCode).toBe(200);
    expect((await maker.as(tenant, tenant.admin.token).request("DELETE", `/api/users/${user.uuid}`)).statusCode).toBe(204);
    await expectRefusedHereAtOnceAndThereWithinASecond(onMaker, elsewhere, 401);
  });
});

describe("the principal cache", () => {
  /** The tenant's database handle, counting the transactions opened through it. */
  function countingDb() {
    const db = {
      tenantId: tenant.id,
      transactions: 0,
      transaction<T>(work: Parameters<TenantDb["transaction"]>[0]): Promise<T> {
        db.transactions++;
        return inTenant(t.db, tenant.id, work) as Promise<T>;
      },
    };
    return db;
  }

  it("answers a known user from memory, reads the version again after 250 ms in the background, and waits for it after 750 ms", async () => {
    let clock = 0;
    const cache = createPrincipalCache(() => clock);
    const db = countingDb();
    const first = await cache.principal(db, tenant.admin.uuid);
    expect(first?.user.username).toBe("admin");
    expect(first?.permissions.has(PERMISSIONS.settingsIamEdit)).toBe(true);
    expect(db.transactions).toBe(2);

    clock = 200;
    expect(await cache.principal(db, tenant.admin.uuid)).toBe(first);
    expect(db.transactions).toBe(2);

    clock = 300;
    expect(await cache.principal(db, tenant.admin.uuid)).toBe(first);
    expect(await cache.principal(db, tenant.admin.uuid)).toBe(first);
    expect(db.transactions).toBe(3);

    clock = 2000;
    const read = cache.principal(db, tenant.admin.uuid);
    expect(db.transactions).toBe(4);
    expect(await read).toBe(first);
  });

  it("reads the version again on the next request after a change committed in this process", async () => {
    const cache = createPrincipalCache(() => 0);
    const db = countingDb();
    await cache.principal(db, tenant.admin.uuid);
    const before = db.transactions;
    cache.changed(tenant.id);
    await cache.principal(db, tenant.admin.uuid);
    expect(db.transactions).toBe(before + 1);
  });

  it("answers null for a user that does not exist, and keeps that answer as any other", async () => {
    const cache = createPrincipalCache(() => 0);
    const db = countingDb();
    const nobody = "00000000-0000-4000-8000-000000000000";
    expect(await cache.principal(db, nobody)).toBeNull();
    const before = db.transactions;
    expect(await cache.principal(db, nobody)).toBeNull();
    expect(db.transactions).toBe(before);
  });
});
