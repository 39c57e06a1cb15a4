import { PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  other = await t.newTenant();
});
afterAll(() => t.close());

const PROFILE = "/api/my/profile";

describe("changing my own password", () => {
  it("ends the sessions signed before, keeps the caller's with a fresh token, and the new password signs in", async () => {
    const user = await tenant.newUser({ password: "Old-password-1" });
    const elsewhere = (await tenant.login(user.username, "Old-password-1")).json().jwtToken as string;

    const changed = await user.request("PUT", "/api/my/password", { currentPassword: "Old-password-1", newPassword: "New-password-2" });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().jwtToken as string;

    expect((await user.request("GET", PROFILE)).statusCode).toBe(401);
    const refused = await tenant.as(elsewhere).request("GET", PROFILE);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe("Your session is not valid. Please sign in again.");
    expect((await tenant.as(fresh).request("GET", PROFILE)).json().username).toBe(user.username);

    expect((await tenant.login(user.username, "Old-password-1")).statusCode).toBe(401);
    const signIn = await tenant.login(user.username, "New-password-2");
    expect(signIn.statusCode).toBe(200);
    expect((await tenant.as(signIn.json().jwtToken).request("GET", PROFILE)).statusCode).toBe(200);
  });

  it("refuses a wrong current password with a readable 400 and keeps the password", async () => {
    const user = await tenant.newUser({ password: "Right-password-1" });
    const wrong = await user.request("PUT", "/api/my/password", { currentPassword: "Wrong-password-1", newPassword: "New-password-2" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("The current password is not correct.");
    expect((await user.request("GET", PROFILE)).statusCode).toBe(200);
    expect((await tenant.login(user.username, "Right-password-1")).statusCode).toBe(200);
  });

  it("refuses a new password under 8 characters and malformed bodies with 400", async () => {
    const user = await tenant.newUser({ password: "Right-password-1" });
    const short = await user.request("PUT", "/api/my/password", { currentPassword: "Right-password-1", newPassword: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain("at least 8 characters");
    for (const body of [{}, { currentPassword: "", newPassword: "New-password-2" }, { currentPassword: 1, newPassword: 2 }, []]) {
      expect((await user.request("PUT", "/api/my/password", body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await tenant.login(user.username, "Right-password-1")).statusCode).toBe(200);
  });

  it("limits the attempts per account like sign-in", async () => {
    const user = await tenant.newUser({ password: "Right-password-1" });
    const guess = { currentPassword: "Wrong-password-1", newPassword: "New-password-2" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await user.request("PUT", "/api/my/password", guess)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });

  it("needs a session of this tenant", async () => {
    const body = { currentPassword: "Old-password-1", newPassword: "New-password-2" };
    expect((await tenant.anonymous.request("PUT", "/api/my/password", body)).statusCode).toBe(401);
    expect((await other.as(tenant.admin.token).request("PUT", "/api/my/password", body)).statusCode).toBe(401);
  });
});

describe("an administrator setting a user's password", () => {
  it("sets it and ends every session the user had", async () => {
    const user = await tenant.newUser({ password: "Old-password-1" });
    const set = await tenant.admin.request("PUT", `/api/users/${user.uuid}/password`, { password: "Given-password-3" });
    expect(set.statusCode).toBe(204);
    expect((await user.request("GET", PROFILE)).statusCode).toBe(401);
    expect((await tenant.login(user.username, "Old-password-1")).statusCode).toBe(401);
    const signIn = await tenant.login(user.username, "Given-password-3");
    expect((await tenant.as(signIn.json().jwtToken).request("GET", PROFILE)).statusCode).toBe(200);
    expect((await tenant.admin.request("GET", PROFILE)).statusCode).toBe(200);
  });

  it("refuses without the permission to edit users, and for the administrator's own account", async () => {
    const target = await tenant.newUser({ password: "Target-password-1" });
    const viewer = await tenant.newUser({ permissions: [PERMISSIONS.settingsIamShow] });
    const denied = await viewer.request("PUT", `/api/users/${target.uuid}/password`, { password: "Given-password-3" });
    expect(denied.statusCode).toBe(403);
    const own = await tenant.admin.request("PUT", `/api/users/${tenant.admin.uuid}/password`, { password: "Given-password-3" });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe("Change your own password in My profile");
    expect((await tenant.login(target.username, "Target-password-1")).statusCode).toBe(200);
  });

  it("refuses bad input and unknown users", async () => {
    const target = await tenant.newUser();
    expect((await tenant.admin.request("PUT", `/api/users/${target.uuid}/password`, { password: "short" })).statusCode).toBe(400);
    expect((await tenant.admin.request("PUT", `/api/users/${target.uuid}/password`, {})).statusCode).toBe(400);
    expect((await tenant.admin.request("PUT", "/api/users/not-a-uuid/password", { password: "Given-password-3" })).statusCode).toBe(400);
    const unknown = await tenant.admin.request("PUT", "/api/users/00000000-0000-4000-8000-000000000000/password", {
      password: "Given-password-3",
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("cannot reach a user of another tenant, nor with a token of another tenant", async () => {
    const stranger = await other.newUser({ password: "Stranger-password-1" });
    const across = await tenant.admin.request("PUT", `/api/users/${stranger.uuid}/password`, { password: "Given-password-3" });
    expect(across.statusCode).toBe(404);
    const foreignToken = await other.as(tenant.admin.token).request("PUT", `/api/users/${stranger.uuid}/password`, {
      password: "Given-password-3",
    });
    expect(foreignToken.statusCode).toBe(401);
    expect((await stranger.request("GET", PROFILE)).statusCode).toBe(200);
    expect((await other.login(stranger.username, "Stranger-password-1")).statusCode).toBe(200);
  });
});
