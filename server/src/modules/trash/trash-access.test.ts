import { PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { newContainer, newContainerType } from "../containers/testing.ts";
import { removeContainer, trashItems } from "./testing.ts";

let t: TestApp;
let tenantA: TestTenant;
let tenantB: TestTenant;
let liveA: string;
let trashedA: string;
let liveB: string;

beforeAll(async () => {
  t = await createTestApp();
  tenantA = await t.newTenant();
  tenantB = await t.newTenant();
  for (const tenant of [tenantA, tenantB]) await newContainerType(tenant.admin, "box");
  liveA = (await newContainer(tenantA.admin, { label: "A's live box", type: "box" })).uuid;
  trashedA = (await newContainer(tenantA.admin, { label: "A's trashed box", type: "box" })).uuid;
  await removeContainer(tenantA.admin, trashedA);
  liveB = (await newContainer(tenantB.admin, { label: "B's box", type: "box" })).uuid;
});
afterAll(() => t.close());

const objects = (uuid: string) => [{ objectType: "CONTAINER", objectId: uuid }];
const writes = (live: string, trashed: string): [string, string, unknown][] => [
  ["POST", `/api/containers/${live}/remove`, undefined],
  ["POST", "/api/trash/items/restore", { container: "ROOT", objects: objects(trashed) }],
  ["DELETE", "/api/trash/items", { objects: objects(trashed) }],
];

describe("who may use the trash", () => {
  it("answers 401 without a token", async () => {
    for (const [method, url, body] of [...writes(liveA, trashedA), ["GET", "/api/trash/items", undefined] as const]) {
      const answer = await tenantA.anonymous.request(method as "POST", url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
      expect(answer.json().message).toBe("Please sign in");
    }
  });

  it("lets every signed-in user see the trash and refuses remove, restore and delete without repox.store.content.delete", async () => {
    const editor = await tenantA.newUser({ permissions: [PERMISSIONS.contentEdit] });
    expect((await trashItems(editor)).map((item) => item.uuid)).toEqual([trashedA]);
    for (const [method, url, body] of writes(liveA, trashedA)) {
      const answer = await editor.request(method as "POST", url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json().message).toBe(`You do not have permission to do this (requires ${PERMISSIONS.contentDelete})`);
    }
    expect((await tenantA.admin.request("GET", `/api/containers/${liveA}`)).statusCode).toBe(200);
    expect((await trashItems(tenantA.admin)).map((item) => item.uuid)).toEqual([trashedA]);
  });

  it("lets a user holding repox.store.content.delete remove, restore and delete", async () => {
    const remover = await tenantA.newUser({ permissions: [PERMISSIONS.contentDelete] });
    const target = (await newContainer(tenantA.admin, { label: "Removed by a remover", type: "box" })).uuid;
    expect((await remover.request("POST", `/api/containers/${target}/remove`)).json().trashed).toBe(true);
    const listed = (await trashItems(remover)).find((item) => item.uuid === target);
    expect(listed?.deletedBy?.uuid).toBe(remover.uuid);
    expect((await remover.request("POST", "/api/trash/items/restore", { container: "ROOT", objects: objects(target) })).statusCode).toBe(
      200,
    );
    await removeContainer(remover, target);
    expect((await remover.request("DELETE", "/api/trash/items", { objects: objects(target) })).statusCode).toBe(200);
    expect((await trashItems(remover)).map((item) => item.uuid)).not.toContain(target);
  });
});

describe("tenants stay apart", () => {
  it("answers 404 at tenant B for removing, restoring or deleting tenant A's containers, and lists none of them", async () => {
    for (const [method, url, body] of writes(liveA, trashedA)) {
      const answer = await tenantB.admin.request(method as "POST", url, body);
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(404);
    }
    const intoA = await tenantB.admin.request("POST", "/api/trash/items/restore", { container: liveA, objects: objects(liveB) });
    expect(intoA.statusCode).toBe(404);
    expect(intoA.json().message).toBe(`Container ${liveA} not found`);
    expect(await trashItems(tenantB.admin)).toEqual([]);
    expect((await tenantA.admin.request("GET", `/api/containers/${liveA}`)).statusCode).toBe(200);
    expect((await trashItems(tenantA.admin)).map((item) => item.uuid)).toContain(trashedA);
  });
});

describe("bad input", () => {
  const bad: [string, string, unknown, string][] = [
    ["POST", "/api/containers/not-a-uuid/remove", undefined, "uuid"],
    ["POST", "/api/containers/0190a0a0-0000-7000-8000-000000000000/remove?from=nowhere", undefined, "from"],
    ["GET", "/api/trash/items?sort=size", undefined, "sort"],
    ["GET", "/api/trash/items?direction=up", undefined, "direction"],
    ["GET", "/api/trash/items?size=100000", undefined, "size"],
    ["GET", "/api/trash/items?page=-1", undefined, "page"],
    ["POST", "/api/trash/items/restore", { objects: [] }, "container"],
    ["POST", "/api/trash/items/restore", { container: "ROOT", objects: [] }, "objects"],
    ["POST", "/api/trash/items/restore", { container: "ROOT" }, "objects"],
    ["POST", "/api/trash/items/restore", { container: "attic", objects: [] }, "container"],
    ["POST", "/api/trash/items/restore", { container: "ROOT", objects: [{ objectType: "FOLDER", objectId: "x" }] }, "objects"],
    ["POST", "/api/trash/items/restore", { container: "ROOT", objects: [{ objectType: "CONTAINER", objectId: 12 }] }, "objects"],
    ["DELETE", "/api/trash/items", { objects: "everything" }, "objects"],
    ["DELETE", "/api/trash/items", undefined, "body"],
  ];

  it("answers 400 naming the field", async () => {
    for (const [method, url, body, field] of bad) {
      const answer = await tenantA.admin.request(method as "POST", url, body);
      expect(answer.statusCode, `${method} ${url} ${JSON.stringify(body)}: ${answer.body}`).toBe(400);
      expect(answer.json().message, `${method} ${url}`).toContain(field);
    }
  });

  it("refuses more than 200 items in one request and malformed JSON", async () => {
    const many = Array.from({ length: 201 }, () => ({ objectType: "CONTAINER", objectId: trashedA }));
    const tooMany = await tenantA.admin.request("POST", "/api/trash/items/restore", { container: "ROOT", objects: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain("at most 200 items");
    const malformed = await tenantA.admin.request("DELETE", "/api/trash/items", '{"objects": [', { "content-type": "application/json" });
    expect(malformed.statusCode).toBe(400);
    expect((await trashItems(tenantA.admin)).map((item) => item.uuid)).toContain(trashedA);
  });

  it("answers 404 for a container that does not exist", async () => {
    const unknown = "0190a0a0-0000-7000-8000-000000000000";
    const answer = await tenantA.admin.request("POST", `/api/containers/${unknown}/remove`);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(`Container ${unknown} not found`);
    const fromUnknown = await tenantA.admin.request("POST", `/api/containers/${liveA}/remove?from=${unknown}`);
    expect(fromUnknown.statusCode).toBe(404);
  });
});
