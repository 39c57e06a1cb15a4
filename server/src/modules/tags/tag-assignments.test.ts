import { PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { created, datastreamTypeBody, insertDatastream, newContainer, newContainerType } from "../containers/testing.ts";
import { removeContainer } from "../trash/testing.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  other = await t.newTenant();
  for (const each of [tenant, other]) {
    await newContainerType(each.admin, "box");
    await created(each.admin, "/api/datastream_types", datastreamTypeBody("file"));
  }
});
afterAll(() => t.close());

type Caller = TestTenant["admin"];
type TagAnswer = { id: number; name: string };

const newTag = (name: string, of: TestTenant = tenant) => created<TagAnswer>(of.admin, "/api/tags", { name });
const box = async (label: string, of: TestTenant = tenant) => (await newContainer(of.admin, { label, type: "box" })).uuid;
const assign = (caller: Caller, tagId: number, action: "add" | "remove", objectId: string, objectType = "CONTAINER") =>
  caller.request("POST", `/api/tags/${tagId}/${action}`, { objectId, objectType });
const read = async (caller: Caller, path: string) => {
  const answer = await caller.request("GET", path);
  if (answer.statusCode !== 200) throw new Error(`GET ${path} answered ${answer.statusCode}: ${answer.body}`);
  return answer.json();
};
const names = (tags: TagAnswer[]) => tags.map((tag) => tag.name);

describe("tagging content", () => {
  it("adds and removes tags on a container and answers its tags after each change", async () => {
    const urgent = await newTag("Urgent");
    const archive = await newTag("archive");
    const target = await box("Tagged box");
    expect(names((await assign(tenant.admin, urgent.id, "add", target)).json())).toEqual(["Urgent"]);
    const both = await assign(tenant.admin, archive.id, "add", target);
    expect(both.statusCode).toBe(200);
    expect(names(both.json())).toEqual(["archive", "Urgent"]);
    expect(names((await assign(tenant.admin, archive.id, "add", target)).json())).toEqual(["archive", "Urgent"]);
    expect(names(await read(tenant.admin, `/api/containers/${target}/tags`))).toEqual(["archive", "Urgent"]);

    expect(names((await assign(tenant.admin, urgent.id, "remove", target)).json())).toEqual(["archive"]);
    expect(names((await assign(tenant.admin, urgent.id, "remove", target)).json())).toEqual(["archive"]);
    expect(names(await read(tenant.admin, `/api/containers/${target}/tags`))).toEqual(["archive"]);
    const activity = (await read(tenant.admin, `/api/containers/${target}/activity`)).content.map(
      (item: { description: string }) => item.description,
    );
    expect(activity.slice(0, 3)).toEqual(["Removed the tag 'Urgent'", "Tagged 'archive'", "Tagged 'Urgent'"]);
    const entries = (await read(tenant.admin, `/api/containers/${target}/activity`)).content.slice(0, 3);
    expect(entries.map(({ action, params }: { action: string; params: unknown }) => ({ action, params }))).toEqual([
      { action: "untagged", params: { what: "untagged", tag: "Urgent" } },
      { action: "tagged", params: { what: "tagged", tag: "archive" } },
      { action: "tagged", params: { what: "tagged", tag: "Urgent" } },
    ]);
  });

  it("tags datastreams and lists a tag's live items with label, creation and creator, sortable and paged", async () => {
    const tag = await newTag("Project X");
    const holder = await box("b-holder");
    const alpha = await box("alpha box");
    const file = await insertDatastream(t, tenant, { containerIds: [holder], typeCode: "file", label: "Zeta file.bin" });
    for (const uuid of [holder, alpha]) await assign(tenant.admin, tag.id, "add", uuid);
    expect((await assign(tenant.admin, tag.id, "add", file, "DATASTREAM")).statusCode).toBe(200);
    expect(names(await read(tenant.admin, `/api/datastreams/${file}/tags`))).toEqual(["Project X"]);

    const page = await read(tenant.admin, `/api/tags/${tag.id}/items`);
    expect(page).toMatchObject({ totalElements: 3, number: 0 });
    expect(page.content.map((item: { label: string }) => item.label)).toEqual(["alpha box", "b-holder", "Zeta file.bin"]);
    expect(page.content[2]).toEqual({
      uuid: file,
      label: "Zeta file.bin",
      objectType: "DATASTREAM",
      type: { code: "file", name: "Type file" },
      color: null,
      createdAt: expect.any(String),
      createdBy: expect.objectContaining({ uuid: tenant.admin.uuid }),
      mimeType: "application/octet-stream",
      parentUuid: holder,
    });
    expect(page.content[0]).toMatchObject({ uuid: alpha, objectType: "CONTAINER", parentUuid: null, mimeType: null });

    const newestFirst = await read(tenant.admin, `/api/tags/${tag.id}/items?sort=createdAt&direction=desc&size=2`);
    expect(newestFirst.content.map((item: { uuid: string }) => item.uuid)).toEqual([file, alpha]);
    expect(newestFirst).toMatchObject({ totalPages: 2, last: false });

    await removeContainer(tenant.admin, holder);
    const afterTrash = await read(tenant.admin, `/api/tags/${tag.id}/items`);
    expect(afterTrash.content.map((item: { uuid: string }) => item.uuid)).toEqual([alpha]);
    expect(afterTrash.totalElements).toBe(1);
  });

  it("says which tag or item is missing", async () => {
    const tag = await newTag("Lonely");
    const target = await box("Untagged");
    const unknown = "0190a0a0-0000-7000-8000-000000000000";
    const noTag = await assign(tenant.admin, 999999, "add", target);
    expect(noTag.statusCode).toBe(404);
    expect(noTag.json().message).toBe("Tag 999999 not found");
    const noItem = await assign(tenant.admin, tag.id, "add", unknown, "DATASTREAM");
    expect(noItem.statusCode).toBe(404);
    expect(noItem.json().message).toBe(`Datastream ${unknown} not found`);
    expect((await tenant.admin.request("GET", "/api/tags/999999/items")).statusCode).toBe(404);
    expect((await tenant.admin.request("GET", `/api/containers/${unknown}/tags`)).statusCode).toBe(404);
    expect((await read(tenant.admin, `/api/tags/${tag.id}/items`)).content).toEqual([]);
  });
});

describe("access, tenants and bad input", () => {
  it("lets every signed-in user read and needs repox.store.content.edit to tag", async () => {
    const tag = await newTag("Readable");
    const target = await box("Read by a reader");
    await assign(tenant.admin, tag.id, "add", target);
    const file = await insertDatastream(t, tenant, { containerIds: [target], typeCode: "file", label: "read.bin" });
    for (const path of [`/api/containers/${target}/tags`, `/api/datastreams/${file}/tags`, `/api/tags/${tag.id}/items`]) {
      expect((await tenant.anonymous.request("GET", path)).statusCode, path).toBe(401);
    }
    const reader = await tenant.newUser({ permissions: [PERMISSIONS.tagsEdit] });
    expect(names(await read(reader, `/api/containers/${target}/tags`))).toEqual(["Readable"]);
    expect((await read(reader, `/api/tags/${tag.id}/items`)).totalElements).toBe(1);
    for (const action of ["add", "remove"] as const) {
      const answer = await assign(reader, tag.id, action, target);
      expect(answer.statusCode, action).toBe(403);
      expect(answer.json().message).toBe(`You do not have permission to do this (requires ${PERMISSIONS.contentEdit})`);
      expect((await assign(tenant.anonymous as Caller, tag.id, action, target)).statusCode).toBe(401);
    }
    const editor = await tenant.newUser({ permissions: [PERMISSIONS.contentEdit] });
    expect((await assign(editor, tag.id, "remove", target)).json()).toEqual([]);
  });

  it("keeps tenants apart: no tagging across tenants, in either direction", async () => {
    const mineTag = await newTag("Tenant A tag");
    const mine = await box("Tenant A box");
    const theirsTag = await newTag("Tenant B tag", other);
    const theirs = await box("Tenant B box", other);
    const myFile = await insertDatastream(t, tenant, { containerIds: [mine], typeCode: "file", label: "a.bin" });
    await assign(tenant.admin, mineTag.id, "add", mine);
    const attempts = [
      await assign(other.admin, mineTag.id, "add", theirs),
      await assign(other.admin, theirsTag.id, "add", mine),
      await assign(other.admin, mineTag.id, "remove", mine),
      await other.admin.request("GET", `/api/containers/${mine}/tags`),
      await other.admin.request("GET", `/api/tags/${mineTag.id}/items`),
      await assign(other.admin, theirsTag.id, "add", myFile, "DATASTREAM"),
      await other.admin.request("GET", `/api/datastreams/${myFile}/tags`),
    ];
    for (const answer of attempts) expect(answer.statusCode, answer.body).toBe(404);
    expect(names(await read(tenant.admin, `/api/containers/${mine}/tags`))).toEqual(["Tenant A tag"]);
    expect(await read(other.admin, `/api/containers/${theirs}/tags`)).toEqual([]);
  });

  it("answers 400 naming the field for bad input", async () => {
    const tag = await newTag("Strict");
    const target = await box("Strict target");
    const bad: [string, string, unknown, string][] = [
      ["POST", `/api/tags/${tag.id}/add`, { objectId: target, objectType: "FILE" }, "objectType"],
      ["POST", `/api/tags/${tag.id}/add`, { objectId: "nope", objectType: "CONTAINER" }, "objectId"],
      ["POST", `/api/tags/${tag.id}/remove`, {}, "objectId"],
      ["POST", `/api/tags/abc/add`, { objectId: target, objectType: "CONTAINER" }, "id"],
      ["POST", `/api/tags/99999999999/add`, { objectId: target, objectType: "CONTAINER" }, "id"],
      ["GET", `/api/tags/${tag.id}/items?sort=size`, undefined, "sort"],
      ["GET", `/api/tags/${tag.id}/items?size=0`, undefined, "size"],
      ["GET", "/api/containers/not-a-uuid/tags", undefined, "uuid"],
      ["GET", "/api/datastreams/not-a-uuid/tags", undefined, "uuid"],
    ];
    for (const [method, url, body, field] of bad) {
      const answer = await tenant.admin.request(method as "POST", url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(400);
      expect(answer.json().message, url).toContain(field);
    }
  });
});
