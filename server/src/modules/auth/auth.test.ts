import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;

// This app checks the sign-in paths themselves; the login limits get their own app below.
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_USER: "1000", LOGIN_RATE_LIMIT_PER_IP: "1000" });
  tenant = await t.newTenant();
  other = await t.newTenant();
});
afterAll(() => t.close());

/** A token signed with the app's own secret, so only the claims decide whether it is accepted. */
function signToken(claims: { sub: string; tenant: string; expiresAt: Date }) {
  const seconds = Math.floor(claims.expiresAt.getTime() / 1000);
  return new SignJWT({ tenant: claims.tenant })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.sub)
    .setIssuedAt(seconds - 3600)
    .setExpirationTime(seconds)
    .sign(new TextEncoder().encode(t.config.jwtSecret));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe("POST /api/auth/jwt", () => {
  it("answers the signed-in user with a token whose subject is the user's uuid", async () => {
    const ada = await tenant.newUser({ username: "ada", password: "Ada-password-1" });
    const login = await tenant.login("ada", "Ada-password-1");
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(Object.keys(body).sort()).toEqual(["email", "firstname", "jwtToken", "lastname", "username", "uuid"]);
    expect(body).toMatchObject({ uuid: ada.uuid, username: "ada", firstname: "ada", lastname: "", email: "ada@example.org" });
    expect(decodeJwt(body.jwtToken)).toMatchObject({ sub: ada.uuid, tenant: tenant.code });
    const profile = await tenant.as(body.jwtToken).request("GET", "/api/my/profile");
    expect(profile.json().uuid).toBe(ada.uuid);
  });

  it("signs in whatever the case of the username", async () => {
    const login = await tenant.login("ADMIN", ADMIN_PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(login.json().uuid).toBe(tenant.admin.uuid);
  });

  it("refuses a wrong password and an unknown user with the same 401 'Invalid credentials'", async () => {
    const wrong = await tenant.login("admin", "Wrong-password-1");
    const unknown = await tenant.login("nobody-at-all", "Wrong-password-1");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ status: 401, error: "Unauthorized", message: "Invalid credentials" });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("takes about as long for an unknown user as for a wrong password", async () => {
    await tenant.newUser({ username: "timer" });
    const timeOf = async (username: string) => {
      const start = performance.now();
      const answer = await tenant.login(username, "Wrong-password-1");
      expect(answer.statusCode).toBe(401);
      return performance.now() - start;
    };
    await timeOf("warm-up-ghost");
    const wrongPassword: number[] = [];
    const unknownUser: number[] = [];
    for (let round = 0; round < 5; round++) {
      wrongPassword.push(await timeOf("timer"));
      unknownUser.push(await timeOf(`ghost${round}`));
    }
    const [wrong, unknown] = [median(wrongPassword), median(unknownUser)];
    expect(unknown).toBeGreaterThan(wrong / 3);
    expect(wrong).toBeGreaterThan(unknown / 3);
  });

  it("refuses a locked user with 403 saying the account is locked, but only with the right password", async () => {
    const user = await tenant.newUser({ username: "locky", password: "Locky-password-1" });
    const lock = await tenant.admin.request("PUT", `/api/users/${user.uuid}`, {
      username: "locky",
      email: "locky@example.org",
      locked: true,
    });
    expect(lock.statusCode).toBe(200);
    const login = await tenant.login("locky", "Locky-password-1");
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/locked/i);
    expect((await tenant.login("locky", "Wrong-password-1")).statusCode).toBe(401);
  });

  it.each([
    ["password", { username: "admin" }],
    ["username", { password: ADMIN_PASSWORD }],
    ["username", { username: "", password: ADMIN_PASSWORD }],
    ["password", { username: "admin", password: "" }],
  ])("answers 400 naming %s when it is missing or empty", async (field, body) => {
    const answer = await tenant.anonymous.request("POST", "/api/auth/jwt", body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ status: 400, error: "Bad Request" });
    expect(answer.json().message).toContain(field);
  });
});

describe("GET /api/auth/status", () => {
  const statusWith = (headers: Record<string, string>) => tenant.anonymous.request("GET", "/api/auth/status", undefined, headers);

  it("is valid with a token of this tenant", async () => {
    const answer = await statusWith({ authorization: `Bearer ${tenant.admin.token}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ valid: true });
  });

  it("reads the Bearer scheme whatever its case", async () => {
    expect((await statusWith({ authorization: `bearer ${tenant.admin.token}` })).json()).toEqual({ valid: true });
  });

  it("accepts a token the test signs itself while it has not expired (the control for the cases below)", async () => {
    const token = await signToken({ sub: tenant.admin.uuid, tenant: tenant.code, expiresAt: new Date(Date.now() + 60_000) });
    expect((await statusWith({ authorization: `Bearer ${token}` })).json()).toEqual({ valid: true });
  });

  it.each([
    ["no token", async () => ({})],
    ["a garbage token", async () => ({ authorization: "Bearer not.a.jwt" })],
    ["an empty bearer", async () => ({ authorization: "Bearer " })],
    [
      "an expired token",
      async () => ({
        authorization: `Bearer ${await signToken({ sub: tenant.admin.uuid, tenant: tenant.code, expiresAt: new Date(Date.now() - 60_000) })}`,
      }),
    ],
    [
      "a token signed with another secret",
      async () => ({
        authorization: `Bearer ${await new SignJWT({ tenant: tenant.code })
          .setProtectedHeader({ alg: "HS256" })
          .setSubject(tenant.admin.uuid)
          .setExpirationTime("1h")
          .sign(new TextEncoder().encode("another-secret-that-is-long-enough-0123456789"))}`,
      }),
    ],
  ])("is not valid with %s, and private routes answer 401", async (_label, headers) => {
    const given = await headers();
    const status = await statusWith(given);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ valid: false });
    const profile = await tenant.anonymous.request("GET", "/api/my/profile", undefined, given);
    expect(profile.statusCode).toBe(401);
    expect(profile.json().message).toMatch(/sign in/i);
  });

  it("rejects a token of tenant A at tenant B", async () => {
    const token = tenant.admin.token;
    expect((await tenant.as(token).request("GET", "/api/my/profile")).statusCode).toBe(200);
    const elsewhere = other.as(token);
    expect((await elsewhere.request("GET", "/api/my/profile")).statusCode).toBe(401);
    expect((await elsewhere.request("GET", "/api/users")).statusCode).toBe(401);
    expect((await elsewhere.request("GET", "/api/auth/status")).json()).toEqual({ valid: false });
  });

  it("rejects the token of a user who has since been deleted", async () => {
    const user = await tenant.newUser({ username: "leaver" });
    expect((await user.request("GET", "/api/auth/status")).json()).toEqual({ valid: true });
    expect((await tenant.admin.request("DELETE", `/api/users/${user.uuid}`)).statusCode).toBe(204);
    expect((await user.request("GET", "/api/auth/status")).json()).toEqual({ valid: false });
    expect((await user.request("GET", "/api/my/profile")).statusCode).toBe(401);
  });
});

describe("POST /api/post-register", () => {
  const register = (body: object, at: TestTenant = tenant) => at.anonymous.request("POST", "/api/post-register", body);
  const newcomer = { email: "newcomer@example.org", username: "newcomer", password: "Newcomer-password-1" };

  it("is closed by default: 403 with a message, and no account is made", async () => {
    const answer = await register(newcomer);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toMatch(/registration/i);
    expect((await tenant.login(newcomer.username, newcomer.password)).statusCode).toBe(401);
  });

  it("once an administrator opens it, creates a user who can sign in; other tenants stay closed", async () => {
    const open = await tenant.admin.request("PUT", "/api/system_settings", [{ settingKey: "REGISTRATION_ENABLED", settingValue: "TRUE" }]);
    expect(open.statusCode).toBe(200);
    const answer = await register(newcomer);
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({ message: "Register User Successfully" });
    const login = await tenant.login(newcomer.username, newcomer.password);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ username: "newcomer", email: "newcomer@example.org" });
    expect((await register(newcomer, other)).statusCode).toBe(403);
  });

  it("refuses a username or e-mail already taken with 409", async () => {
    const sameName = await register({ ...newcomer, email: "someone-else@example.org" });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toContain("username");
    const sameEmail = await register({ ...newcomer, username: "someone-else", email: "NEWCOMER@example.org" });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toContain("e-mail");
  });

  it("refuses a password shorter than 8 characters with 400 naming the field", async () => {
    const answer = await register({ email: "shorty@example.org", username: "shorty", password: "Short-1" });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain("password");
    expect((await tenant.login("shorty", "Short-1")).statusCode).toBe(401);
  });
});

describe("login rate limits", () => {
  let limited: TestApp;
  let a: TestTenant;
  let b: TestTenant;

  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_USER: "3", LOGIN_RATE_LIMIT_PER_IP: "8" });
    a = await limited.newTenant();
    b = await limited.newTenant();
    // Created without signing in, so no attempt is counted before the tests count them.
    for (const [at, username] of [
      [a, "alice"],
      [a, "bob"],
      [a, "carol"],
      [b, "alice"],
    ] as const) {
      const created = await at.admin.request("POST", "/api/users", {
        username,
        email: `${username}@example.org`,
        password: `${username}-Password-1`,
      });
      expect(created.statusCode).toBe(201);
    }
  });
  afterAll(() => limited.close());

  const signIn = (at: TestTenant, username: string, password: string, ip: string) =>
    limited.app.inject({
      method: "POST",
      url: "/api/auth/jwt",
      headers: { "x-tenantid": at.code },
      payload: { username, password },
      remoteAddress: ip,
    });

  it("stops a username after LOGIN_RATE_LIMIT_PER_USER attempts at one tenant, from any address, with 429 and a message", async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await signIn(a, "alice", "Wrong-password-1", "10.0.0.1")).statusCode).toBe(401);
    }
    const blocked = await signIn(a, "alice", "alice-Password-1", "10.0.0.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 429, error: "Too Many Requests" });
    expect(blocked.json().message).toMatch(/too many sign-in attempts/i);
    expect((await signIn(a, "ALICE", "alice-Password-1", "10.0.0.1")).statusCode).toBe(429);
    expect((await signIn(a, "alice", "alice-Password-1", "10.0.0.9")).statusCode).toBe(429);
  });

  it("does not let one user's limit block another user, or the same username at another tenant", async () => {
    expect((await signIn(b, "alice", "alice-Password-1", "10.0.0.1")).statusCode).toBe(200);
    expect((await signIn(a, "bob", "bob-Password-1", "10.0.0.1")).statusCode).toBe(200);
  });

  it("stops an address after LOGIN_RATE_LIMIT_PER_IP attempts across usernames, leaving other addresses alone", async () => {
    for (let attempt = 0; attempt < 8; attempt++) {
      expect((await signIn(a, `ghost${attempt}`, "Wrong-password-1", "10.0.0.2")).statusCode).toBe(401);
    }
    const blocked = await signIn(a, "carol", "carol-Password-1", "10.0.0.2");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/too many sign-in attempts/i);
    expect((await signIn(a, "carol", "carol-Password-1", "10.0.0.3")).statusCode).toBe(200);
  });
});
