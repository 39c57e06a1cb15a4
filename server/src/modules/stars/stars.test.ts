import { PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { created, datastreamTypeBody, insertDatastream, newContainer, newContainerType } from "../containers/testing.ts";
import { removeContainer } from "../trash/testing.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await newContainerType(tenant.admin, "box");
  await created(tenant.admin, "/api/datastream_types", datastreamTypeBody("file"));
});
afterAll(() => t.close());

type Caller = TestTenant["admin"];

const box = async (label: string, to?: string, as: Caller = tenant.admin) => (await newContainer(as, { label, type: "box" }, to)).uuid;
const star = (caller: Caller, objectId: string, starred = true, objectType = "CONTAINER") =>
  caller.request("POST", "/api/tags/starred", { starred, objectId, objectType });
const list = async (caller: Caller, path: string) => {
  const answer = await caller.request("GET", path);
  if (answer.statusCode !== 200) throw new Error(`GET ${path} answered ${answer.statusCode}: ${answer.body}`);
  return answer.json();
};
const uuids = (page: { content: { uuid: string }[] }) => page.content.map((item) => item.uuid);

describe("stars", () => {
  it("stars and unstars a container for the caller only, and says so in its activity", async () => {
    const other = await tenant.newUser();
    const starredBox = await box("Starred by the admin");
    const answer = await star(tenant.admin, starredBox);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ starred: true, objectId: starredBox, objectType: "CONTAINER" });
    expect((await list(tenant.admin, `/api/containers/${starredBox}`)).starred).toBe(true);
    expect((await list(other, `/api/containers/${starredBox}`)).starred).toBe(false);
    expect(uuids(await list(tenant.admin, "/api/containers/starred"))).toContain(starredBox);
    expect(uuids(await list(other, "/api/containers/starred"))).not.toContain(starredBox);

    expect((await star(tenant.admin, starredBox)).statusCode).toBe(200);
    expect(uuids(await list(tenant.admin, "/api/containers/starred")).filter((uuid) => uuid === starredBox)).toHaveLength(1);

    expect((await star(tenant.admin, starredBox, false)).json()).toEqual({ starred: false, objectId: starredBox, objectType: "CONTAINER" });
    expect((await list(tenant.admin, `/api/containers/${starredBox}`)).starred).toBe(false);
    expect(uuids(await list(tenant.admin, "/api/containers/starred"))).not.toContain(starredBox);
    const activity = (await list(tenant.admin, `/api/containers/${starredBox}/activity`)).content.map(
      (item: { description: string }) => item.description,
    );
    expect(activity.slice(0, 2)).toEqual(["Removed from starred", "Added to starred"]);
    const entries = (await list(tenant.admin, `/api/containers/${starredBox}/activity`)).content.slice(0, 2);
    expect(entries.map(({ action, params }: { action: string; params: unknown }) => ({ action, params }))).toEqual([
      { action: "unstarred", params: { what: "unstarred" } },
      { action: "starred", params: { what: "starred" } },
    ]);
  });

  it("stars datastreams and lists them with one container holding them", async () => {
    const holder = await box("Holder of a starred file");
    const file = await insertDatastream(t, tenant, { containerIds: [holder], typeCode: "file", label: "starred.bin" });
    expect((await star(tenant.admin, file, true, "DATASTREAM")).statusCode).toBe(200);
    const page = await list(tenant.admin, "/api/datastreams/starred");
    expect(page.content).toEqual([
      expect.objectContaining({
        uuid: file,
        label: "starred.bin",
        starred: true,
        parentUuid: holder,
        mimeType: "application/octet-stream",
      }),
    ]);
    expect((await list(tenant.admin, `/api/containers/${holder}/datastreams`)).content[0].starred).toBe(true);
  });

  it("lists the last starred first and leaves trashed items out until they come back", async () => {
    const user = await tenant.newUser({ permissions: [PERMISSIONS.contentEdit, PERMISSIONS.contentDelete] });
    const first = await box("Starred first", undefined, user);
    const second = await box("Starred second", undefined, user);
    await star(user, first);
    await star(user, second);
    expect(uuids(await list(user, "/api/containers/starred"))).toEqual([second, first]);
    await removeContainer(user, second);
    expect(uuids(await list(user, "/api/containers/starred"))).toEqual([first]);
    const restored = await user.request("POST", "/api/trash/items/restore", {
      container: "ROOT",
      objects: [{ objectType: "CONTAINER", objectId: second }],
    });
    expect(restored.statusCode).toBe(200);
    expect(uuids(await list(user, "/api/containers/starred"))).toEqual([second, first]);
  });

  it("refuses to star what is in the trash or does not exist", async () => {
    const trashed = await box("Trashed, not starrable");
    await removeContainer(tenant.admin, trashed);
    const answer = await star(tenant.admin, trashed);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(`Container ${trashed} not found`);
    const unknown = "0190a0a0-0000-7000-8000-000000000000";
    const missing = await star(tenant.admin, unknown, true, "DATASTREAM");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(`Datastream ${unknown} not found`);
  });
});

describe("recent", () => {
  it("lists live containers and datastreams, the last changed (or starred) first, 18 a page", async () => {
    const fresh = await t.newTenant();
    await newContainerType(fresh.admin, "box");
    await created(fresh.admin, "/api/datastream_types", datastreamTypeBody("file"));
    const made: string[] = [];
    for (let index = 0; index < 20; index++) made.push((await newContainer(fresh.admin, { label: `Box ${index}`, type: "box" })).uuid);
    const first = await list(fresh.admin, "/api/containers/recent");
    expect(first).toMatchObject({ size: 18, number: 0, totalElements: 20, totalPages: 2, numberOfElements: 18, last: false });
    expect(uuids(first)).toEqual([...made].reverse().slice(0, 18));
    expect(uuids(await list(fresh.admin, "/api/containers/recent?page=1"))).toEqual([made[1], made[0]]);

    for (const uuid of made) await star(fresh.admin, uuid);
    const starredFirst = await list(fresh.admin, "/api/containers/starred");
    expect(starredFirst).toMatchObject({ size: 18, totalElements: 20, totalPages: 2, numberOfElements: 18 });
    expect(uuids(starredFirst)).toEqual([...made].reverse().slice(0, 18));
    expect(uuids(await list(fresh.admin, "/api/containers/starred?page=1"))).toEqual([made[1], made[0]]);

    const renamed = await fresh.admin.request("PUT", `/api/containers/${made[0]}/label`, { label: "Renamed last" });
    expect(renamed.statusCode).toBe(200);
    expect(uuids(await list(fresh.admin, "/api/containers/recent?size=1"))).toEqual([made[0]]);
    await removeContainer(fresh.admin, made[0] as string);
    const afterTrash = await list(fresh.admin, "/api/containers/recent");
    expect(afterTrash.totalElements).toBe(19);
    expect(uuids(afterTrash)).not.toContain(made[0]);

    const holder = made[5] as string;
    const older = await insertDatastream(t, fresh, { containerIds: [holder], typeCode: "file", label: "older.bin" });
    const newer = await insertDatastream(t, fresh, { containerIds: [holder], typeCode: "file", label: "newer.bin" });
    const files = await list(fresh.admin, "/api/datastreams/recent");
    expect(files).toMatchObject({ size: 18, totalElements: 2 });
    expect(files.content.map((item: { uuid: string; parentUuid: string }) => [item.uuid, item.parentUuid])).toEqual([
      [newer, holder],
      [older, holder],
    ]);
  });

  it("are chosen before /api/containers/{uuid}: the static paths win over the parametric one", async () => {
    for (const path of ["/api/containers/recent", "/api/containers/starred", "/api/datastreams/recent", "/api/datastreams/starred"]) {
      const answer = await tenant.admin.request("GET", `${path}?page=0&size=18`);
      expect(answer.statusCode, path).toBe(200);
      expect(answer.json(), path).toMatchObject({ size: 18, number: 0 });
    }
    const one = await box("Still found by uuid");
    expect((await list(tenant.admin, `/api/containers/${one}`)).label).toBe("Still found by uuid");
  });
});

describe("access, tenants and bad input", () => {
  const reads = ["/api/containers/recent", "/api/containers/starred", "/api/datastreams/recent", "/api/datastreams/starred"];

  it("needs a signed-in user, and nothing more", async () => {
    for (const path of reads) expect((await tenant.anonymous.request("GET", path)).statusCode, path).toBe(401);
    const target = await box("Anyone may star this");
    expect((await star(tenant.anonymous as Caller, target)).statusCode).toBe(401);
    const reader = await tenant.newUser();
    for (const path of reads) expect((await reader.request("GET", path)).statusCode, path).toBe(200);
    expect((await star(reader, target)).statusCode).toBe(200);
  });

  it("keeps tenants apart: no starring another tenant's items, no seeing them in lists", async () => {
    const other = await t.newTenant();
    const mine = await box("Tenant A's recent box");
    const answer = await star(other.admin, mine);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(`Container ${mine} not found`);
    for (const path of reads) expect((await list(other.admin, path)).content, path).toEqual([]);
    expect((await list(tenant.admin, `/api/containers/${mine}`)).starred).toBe(false);
  });

  it("answers 400 naming the field for bad input", async () => {
    const target = await box("Target of bad stars");
    const bad: [unknown, string][] = [
      [{ starred: "yes", objectId: target, objectType: "CONTAINER" }, "starred"],
      [{ starred: true, objectId: "box-1", objectType: "CONTAINER" }, "objectId"],
      [{ starred: true, objectId: target, objectType: "FOLDER" }, "objectType"],
      [{ objectId: target, objectType: "CONTAINER" }, "starred"],
    ];
    for (const [body, field] of bad) {
      const answer = await tenant.admin.request("POST", "/api/tags/starred", body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message).toContain(field);
    }
    for (const query of ["size=0", "size=5000", "page=-1", "page=first"]) {
      const answer = await tenant.admin.request("GET", `/api/containers/recent?${query}`);
      expect(answer.statusCode, query).toBe(400);
    }
  });
});
