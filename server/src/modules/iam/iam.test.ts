import { PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
});
afterAll(() => t.close());

describe("users", () => {
  it("creates a user, lists and reads it, without ever returning the password", async () => {
    const created = await tenant.admin.request("POST", "/api/users", {
      username: "alice",
      email: "alice@example.org",
      password: "Alice-password-1",
      firstname: "Alice",
      lastname: "Liddell",
    });
    expect(created.statusCode).toBe(201);
    const alice = created.json();
    expect(alice).toMatchObject({ username: "alice", firstname: "Alice", locked: false, groups: [] });
    expect(created.body).not.toContain("password");

    const list = await tenant.admin.request("GET", "/api/users?size=50");
    expect(list.statusCode).toBe(200);
    expect(list.json().content.map((u: { username: string }) => u.username)).toContain("alice");
    expect(list.json()).toMatchObject({ number: 0, size: 50, first: true });

    const one = await tenant.admin.request("GET", `/api/users/${alice.uuid}`);
    expect(one.json().email).toBe("alice@example.org");
  });

  it("refuses a duplicate username or e-mail with 409 and a message", async () => {
    const body = { username: "dup", email: "dup@example.org", password: "Dup-password-1" };
    expect((await tenant.admin.request("POST", "/api/users", body)).statusCode).toBe(201);
    const again = await tenant.admin.request("POST", "/api/users", { ...body, email: "other@example.org" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("A user with username 'dup' already exists");
    const sameEmail = await tenant.admin.request("POST", "/api/users", { ...body, username: "dup2", email: "DUP@example.org" });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toContain("e-mail");
  });

  it("locks a user, who then cannot sign in", async () => {
    const user = await tenant.newUser({ username: "tolock" });
    const locked = await tenant.admin.request("PUT", `/api/users/${user.uuid}`, {
      username: "tolock",
      email: "tolock@example.org",
      locked: true,
    });
    expect(locked.statusCode).toBe(200);
    const login = await tenant.login("tolock", "User-password-1");
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toContain("locked");
    expect((await user.request("GET", "/api/my/profile")).statusCode).toBe(401);
  });

  it("deletes a user and answers 404 afterwards", async () => {
    const user = await tenant.newUser({ username: "gone" });
    expect((await tenant.admin.request("DELETE", `/api/users/${user.uuid}`)).statusCode).toBe(204);
    expect((await tenant.admin.request("GET", `/api/users/${user.uuid}`)).statusCode).toBe(404);
  });

  it("will not let the last administrator be locked or delete themselves", async () => {
    const self = await tenant.admin.request("DELETE", `/api/users/${tenant.admin.uuid}`);
    expect(self.statusCode).toBe(409);
    const lock = await tenant.admin.request("PUT", `/api/users/${tenant.admin.uuid}`, {
      username: "admin",
      email: `admin@${tenant.code}.repox.local`,
      locked: true,
    });
    expect(lock.statusCode).toBe(409);
    expect(lock.json().message).toContain("Administrators");
  });
});

describe("groups and permissions", () => {
  it("creates a group with members and permissions; the member then holds them", async () => {
    const user = await tenant.newUser({ username: "reporter" });
    expect((await user.request("GET", "/api/my/permissions")).json()).toEqual([]);
    const group = await tenant.admin.request("POST", "/api/groups", {
      name: "Reporters",
      description: "See reports",
      users: [user.uuid],
      iamPermissions: [PERMISSIONS.reportsShow],
    });
    expect(group.statusCode).toBe(201);
    expect(group.json()).toMatchObject({ name: "Reporters", iamPermissions: [PERMISSIONS.reportsShow] });
    expect(group.json().users[0].uuid).toBe(user.uuid);
    expect((await user.request("GET", "/api/my/permissions")).json()).toEqual([PERMISSIONS.reportsShow]);
  });

  it("updates a group's permissions and members", async () => {
    const created = (await tenant.admin.request("POST", "/api/groups", { name: "Editors" })).json();
    const user = await tenant.newUser({ username: "editor" });
    const updated = await tenant.admin.request("PUT", `/api/groups/${created.id}`, {
      id: created.id,
      name: "Editors",
      description: "Edit content",
      users: [{ uuid: user.uuid }],
      iamPermissions: [PERMISSIONS.contentEdit, PERMISSIONS.containerPublish],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().iamPermissions).toEqual([PERMISSIONS.containerPublish, PERMISSIONS.contentEdit].sort());
    expect((await user.request("GET", "/api/my/permissions")).json()).toContain(PERMISSIONS.contentEdit);
  });

  it("rejects unknown permission codes, unknown members and duplicate names", async () => {
    const unknownCode = await tenant.admin.request("POST", "/api/groups", { name: "X", iamPermissions: ["repox.nope"] });
    expect(unknownCode.statusCode).toBe(400);
    expect(unknownCode.json().message).toBe("Unknown permission code 'repox.nope'");
    const unknownUser = await tenant.admin.request("POST", "/api/groups", { name: "Y", users: ["00000000-0000-4000-8000-000000000000"] });
    expect(unknownUser.statusCode).toBe(400);
    const dup = await tenant.admin.request("POST", "/api/groups", { name: "administrators" });
    expect(dup.statusCode).toBe(409);
  });

  it("keeps the Administrators group whole", async () => {
    const groups = (await tenant.admin.request("GET", "/api/groups")).json().content;
    const administrators = groups.find((g: { name: string }) => g.name === "Administrators");
    expect((await tenant.admin.request("DELETE", `/api/groups/${administrators.id}`)).statusCode).toBe(409);
    const strip = await tenant.admin.request("PUT", `/api/groups/${administrators.id}`, {
      name: "Administrators",
      users: [tenant.admin.uuid],
      iamPermissions: [],
    });
    expect(strip.statusCode).toBe(409);
  });

  it("lists the permission catalogue by section", async () => {
    const catalogue = (await tenant.admin.request("GET", "/api/iam/permissions")).json();
    expect(catalogue.storePermissions.map((p: { code: string }) => p.code)).toContain("repox.store.reports.show");
    expect(catalogue.surveyPermissions.map((p: { code: string }) => p.code)).toContain("repox.surveys.show");
    expect(catalogue.storiesPermissions.map((p: { code: string }) => p.code)).toContain("repox.stories.show");
  });
});

describe("profile", () => {
  it("reads and changes only first and last name; a changed username is refused by name (issue 15 §4)", async () => {
    const user = await tenant.newUser({ username: "profiled" });
    const renamed = await user.request("PUT", "/api/my/profile", { firstname: "Pro", lastname: "Filed", username: "hacker" });
    expect([renamed.statusCode, renamed.json().message]).toEqual([
      400,
      "username is read-only and cannot be changed: send it as read, or leave it out",
    ]);
    const changed = await user.request("PUT", "/api/my/profile", { firstname: "Pro", lastname: "Filed", username: "profiled" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ firstname: "Pro", lastname: "Filed", username: "profiled" });
    expect((await user.request("GET", "/api/my/profile")).json().firstname).toBe("Pro");
  });
});

describe("permission denial", () => {
  const routes: [string, string, unknown?][] = [
    ["GET", "/api/users"],
    ["GET", "/api/users/00000000-0000-4000-8000-000000000000"],
    ["POST", "/api/users", { username: "x", email: "x@example.org", password: "Password-123" }],
    ["PUT", "/api/users/00000000-0000-4000-8000-000000000000", { username: "x", email: "x@example.org" }],
    ["DELETE", "/api/users/00000000-0000-4000-8000-000000000000"],
    ["GET", "/api/groups"],
    ["GET", "/api/groups/1"],
    ["POST", "/api/groups", { name: "x" }],
    ["PUT", "/api/groups/1", { name: "x" }],
    ["DELETE", "/api/groups/1"],
  ];

  it.each(routes)("%s %s answers 403 to a user without the IAM permission", async (method, url, body) => {
    const user = await tenant.newUser({ permissions: [PERMISSIONS.reportsShow] });
    const answer = await user.request(method as "GET", url, body);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toContain("permission");
  });

  it("lets a viewer read but not change users", async () => {
    const viewer = await tenant.newUser({ permissions: [PERMISSIONS.settingsIamShow] });
    expect((await viewer.request("GET", "/api/users")).statusCode).toBe(200);
    const create = await viewer.request("POST", "/api/users", { username: "v2", email: "v2@example.org", password: "Password-123" });
    expect(create.statusCode).toBe(403);
  });

  it.each([
    ["GET", "/api/users"],
    ["GET", "/api/my/permissions"],
    ["GET", "/api/my/profile"],
    ["GET", "/api/iam/permissions"],
  ])("%s %s answers 401 without a token", async (method, url) => {
    const answer = await tenant.anonymous.request(method as "GET", url);
    expect(answer.statusCode).toBe(401);
  });
});
