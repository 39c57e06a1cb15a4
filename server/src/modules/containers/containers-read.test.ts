import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { getContainer, insertDatastream, newContainer, propertyValue, setUpLibraryModel } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await setUpLibraryModel(tenant.admin);
});
afterAll(() => t.close());

const title = (text: string) => ({ key: "title", value: propertyValue(text) });
const labelsOf = (page: { content: { label: string }[] }) => page.content.map((item) => item.label);

async function list(url: string) {
  const answer = await tenant.admin.request("GET", url);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** Stars and trash have their own areas; these tests set their rows directly to see how reads treat them. */
async function star(userId: string, objectId: string, objectType: "container" | "datastream" = "container") {
  await inTenant(t.db, tenant.id, (trx) =>
    trx.insertInto("stars").values({ tenant_id: tenant.id, user_id: userId, object_type: objectType, object_id: objectId }).execute(),
  );
}
async function trash(table: "containers" | "datastreams", id: string) {
  await inTenant(t.db, tenant.id, (trx) =>
    trx.updateTable(table).set({ deleted_at: sql<Date>`now()`, deleted_by: tenant.admin.uuid }).where("id", "=", id).execute(),
  );
}

describe("reading a container", () => {
  it("answers every path of a linked container, its parents, siblings and children", async () => {
    const shelf = await newContainer(tenant.admin, { label: "Shelf 1", type: "shelf", properties: [title("1")] });
    const box = await newContainer(tenant.admin, { label: "Box X", type: "box" });
    const book = await newContainer(tenant.admin, { label: "Book B", type: "book", properties: [title("B")] }, shelf.uuid);
    await newContainer(tenant.admin, { label: "Book A", type: "book", properties: [title("A")] }, shelf.uuid);
    const linked = await tenant.admin.request("POST", `/api/containers/${book.uuid}/link?to=${box.uuid}`);
    expect(linked.statusCode).toBe(200);
    const chapter = await newContainer(tenant.admin, { label: "Chapter 1", type: "chapter" }, book.uuid);

    const read = await getContainer(tenant.admin, book.uuid);
    expect(read.paths).toEqual([{ nodes: [{ uuid: shelf.uuid, label: "Shelf 1" }] }, { nodes: [{ uuid: box.uuid, label: "Box X" }] }]);
    expect(read.parents).toEqual([
      { uuid: box.uuid, label: "Box X" },
      { uuid: shelf.uuid, label: "Shelf 1" },
    ]);
    expect(read.atRoot).toBe(false);
    expect(read.childCount).toBe(1);
    expect(read.children.map((child) => child.uuid)).toEqual([chapter.uuid]);
    expect(read.siblings.map((sibling) => sibling.label)).toEqual(["Book A"]);

    const deep = await getContainer(tenant.admin, chapter.uuid);
    expect(deep.paths.map((path) => path.nodes.map((node) => node.label))).toEqual([
      ["Shelf 1", "Book B"],
      ["Box X", "Book B"],
    ]);
    expect(deep.siblings).toEqual([]);
  });

  it("answers 404 for a container that does not exist", async () => {
    const missing = "0190b1a0-0000-7000-8000-0000000000bb";
    const answer = await tenant.admin.request("GET", `/api/containers/${missing}`);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ status: 404, error: "Not Found", message: `Container ${missing} not found` });
  });
});

describe("folder lists", () => {
  let folder: string;
  const labels = ["banana", "Ábaco", "apple", "Cherry", "apricot"];

  beforeAll(async () => {
    folder = (await newContainer(tenant.admin, { label: "Fruit", type: "box" })).uuid;
    for (const label of labels) await newContainer(tenant.admin, { label, type: "box" }, folder);
  });

  it("pages children by label with accents and case ignored, both ways", async () => {
    const first = await list(`/api/containers/${folder}/children?size=2`);
    expect(labelsOf(first)).toEqual(["Ábaco", "apple"]);
    expect(first).toMatchObject({ number: 0, size: 2, totalElements: 5, totalPages: 3, first: true, last: false, empty: false });
    expect(first.pageable).toEqual({ pageNumber: 0, pageSize: 2 });
    expect(labelsOf(await list(`/api/containers/${folder}/children?size=2&page=2`))).toEqual(["Cherry"]);
    expect(labelsOf(await list(`/api/containers/${folder}/children?direction=desc`))).toEqual([
      "Cherry",
      "banana",
      "apricot",
      "apple",
      "Ábaco",
    ]);
  });

  it("sorts children by creation time", async () => {
    expect(labelsOf(await list(`/api/containers/${folder}/children?sort=createdAt`))).toEqual(labels);
    expect(labelsOf(await list(`/api/containers/${folder}/children?sort=createdAt&direction=desc`))).toEqual([...labels].reverse());
  });

  it("sorts the caller's starred children first, and shows each caller their own stars", async () => {
    const children = (await list(`/api/containers/${folder}/children`)).content as { uuid: string; label: string }[];
    const cherry = children.find((child) => child.label === "Cherry");
    await star(tenant.admin.uuid, cherry?.uuid ?? "");
    const starredFirst = await list(`/api/containers/${folder}/children?sort=starred&direction=desc`);
    expect(labelsOf(starredFirst)).toEqual(["Cherry", "Ábaco", "apple", "apricot", "banana"]);
    expect(starredFirst.content[0].starred).toBe(true);
    expect(starredFirst.content[1].starred).toBe(false);
    expect(labelsOf(await list(`/api/containers/${folder}/children?sort=starred&direction=asc`))).toEqual([
      "Ábaco",
      "apple",
      "apricot",
      "banana",
      "Cherry",
    ]);
    const reader = await tenant.newUser();
    const theirs = await reader.request("GET", `/api/containers/${folder}/children?sort=starred&direction=desc`);
    expect(labelsOf(theirs.json())[0]).toBe("Ábaco");
    expect(theirs.json().content.every((child: { starred: boolean }) => !child.starred)).toBe(true);
  });

  it("filters children by a text in the label, accents, case and wildcards taken literally", async () => {
    expect(labelsOf(await list(`/api/containers/${folder}/children?q=AP`))).toEqual(["apple", "apricot"]);
    expect(labelsOf(await list(`/api/containers/${folder}/children?q=abac`))).toEqual(["Ábaco"]);
    const none = await list(`/api/containers/${folder}/children?q=%25`);
    expect(none).toMatchObject({ content: [], totalElements: 0, empty: true });
    expect(labelsOf(await list(`/api/containers/${folder}/children?q=_`))).toEqual([]);
  });

  it("lists the top level, only what sits there", async () => {
    const own = await t.newTenant();
    await setUpLibraryModel(own.admin);
    const top = await newContainer(own.admin, { label: "Top", type: "box" });
    await newContainer(own.admin, { label: "Inner", type: "box" }, top.uuid);
    const page = (await own.admin.request("GET", "/api/containers?sort=label")).json();
    expect(labelsOf(page)).toEqual(["Top"]);
    expect(page.content[0]).toMatchObject({ childCount: 1, datastreamCount: 0 });
  });

  it("lists a container's datastreams paged and sorted, and counts them", async () => {
    const holder = await newContainer(tenant.admin, { label: "Holder", type: "box" });
    for (const label of ["b.pdf", "A.txt", "c.png"])
      await insertDatastream(t, tenant, { containerIds: [holder.uuid], typeCode: "file", label });
    const page = await list(`/api/containers/${holder.uuid}/datastreams?size=2`);
    expect(labelsOf(page)).toEqual(["A.txt", "b.pdf"]);
    expect(page.totalElements).toBe(3);
    expect(page.content[0]).toMatchObject({
      type: { code: "file", name: "Type file" },
      mimeType: "application/octet-stream",
      filesize: 100,
      starred: false,
      thumbnailStatus: "pending",
      createdBy: { uuid: tenant.admin.uuid },
    });
    expect(labelsOf(await list(`/api/containers/${holder.uuid}/datastreams?sort=createdAt&direction=desc`))).toEqual([
      "c.png",
      "A.txt",
      "b.pdf",
    ]);
    expect(labelsOf(await list(`/api/containers/${holder.uuid}/datastreams?q=PNG`))).toEqual(["c.png"]);
    const read = await getContainer(tenant.admin, holder.uuid);
    expect(read.datastreamCount).toBe(3);
    expect(read.datastreams.map((datastream) => datastream.label)).toEqual(["A.txt", "b.pdf", "c.png"]);
  });

  it("refuses a bad sort, direction or page with 400", async () => {
    for (const query of ["sort=size", "direction=up", "page=-1", "size=0", "size=100000", `q=${"x".repeat(300)}`]) {
      const answer = await tenant.admin.request("GET", `/api/containers/${folder}/children?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().message).toMatch(/^Invalid querystring: /);
    }
  });
});

describe("trashed items", () => {
  it("leave every read: the container itself, folder lists and counts", async () => {
    const parent = await newContainer(tenant.admin, { label: "Trash parent", type: "box" });
    const kept = await newContainer(tenant.admin, { label: "Kept", type: "box" }, parent.uuid);
    const gone = await newContainer(tenant.admin, { label: "Gone", type: "box" }, parent.uuid);
    const file = await insertDatastream(t, tenant, { containerIds: [parent.uuid], typeCode: "file", label: "gone.bin" });
    await trash("containers", gone.uuid);
    await trash("datastreams", file);

    expect((await tenant.admin.request("GET", `/api/containers/${gone.uuid}`)).statusCode).toBe(404);
    expect((await tenant.admin.request("PUT", `/api/containers/${gone.uuid}/label`, { label: "Back" })).statusCode).toBe(404);
    const read = await getContainer(tenant.admin, parent.uuid);
    expect(read.children.map((child) => child.uuid)).toEqual([kept.uuid]);
    expect(read).toMatchObject({ childCount: 1, datastreamCount: 0, datastreams: [] });
    expect((await list(`/api/containers/${parent.uuid}/children`)).totalElements).toBe(1);
    expect((await list(`/api/containers/${parent.uuid}/datastreams`)).totalElements).toBe(0);
  });
});

describe("container report", () => {
  it("counts the containers and datastreams below, and each file's bytes once", async () => {
    const root = await newContainer(tenant.admin, { label: "Report root", type: "box" });
    const left = await newContainer(tenant.admin, { label: "Left", type: "box" }, root.uuid);
    const right = await newContainer(tenant.admin, { label: "Right", type: "box" }, root.uuid);
    const shared = await newContainer(tenant.admin, { label: "Shared", type: "box" }, left.uuid);
    await tenant.admin.request("POST", `/api/containers/${shared.uuid}/link?to=${right.uuid}`);
    const trashed = await newContainer(tenant.admin, { label: "Trashed", type: "box" }, right.uuid);
    const same = Buffer.alloc(1000, 1);
    await insertDatastream(t, tenant, { containerIds: [root.uuid], typeCode: "file", label: "one", content: same });
    await insertDatastream(t, tenant, { containerIds: [left.uuid], typeCode: "file", label: "same bytes", content: same });
    await insertDatastream(t, tenant, {
      containerIds: [left.uuid, shared.uuid],
      typeCode: "file",
      label: "in two",
      content: Buffer.alloc(2048, 2),
    });
    await insertDatastream(t, tenant, {
      containerIds: [shared.uuid],
      typeCode: "file",
      label: "big",
      content: Buffer.alloc(1024 * 1024, 3),
    });
    await insertDatastream(t, tenant, { containerIds: [trashed.uuid], typeCode: "file", label: "hidden", content: Buffer.alloc(5000, 4) });
    await trash("containers", trashed.uuid);

    const answer = await tenant.admin.request("POST", `/api/containers/${root.uuid}/reports`);
    expect(answer.statusCode).toBe(200);
    const bytes = 1000 + 2048 + 1024 * 1024;
    expect(answer.json()).toEqual({
      label: "Report root",
      containerCount: 3,
      datastreamCount: 4,
      totalStorageSpace: bytes,
      totalStorageSpaceHR: "1 MB",
    });
    const leaf = (await tenant.admin.request("POST", `/api/containers/${shared.uuid}/reports`)).json();
    expect(leaf).toEqual({
      label: "Shared",
      containerCount: 0,
      datastreamCount: 2,
      totalStorageSpace: 2048 + 1024 * 1024,
      totalStorageSpaceHR: "1 MB",
    });
  });
});

describe("container activity", () => {
  it("records every change, newest first, paged, with who did it", async () => {
    const user = await tenant.newUser({ permissions: ["repox.store.content.edit"] });
    const first = await newContainer(tenant.admin, { label: "First home", type: "box" });
    const second = await newContainer(tenant.admin, { label: "Second home", type: "box" });
    const subject = await newContainer(user, { label: "Logged", type: "box" });
    const changes: [string, string, unknown?][] = [
      ["PUT", `/api/containers/${subject.uuid}/label`, { label: "Logged 2" }],
      ["PUT", `/api/containers/${subject.uuid}/color`, { color: "#abc" }],
      ["PUT", `/api/containers/${subject.uuid}/color`, { color: null }],
      ["POST", `/api/containers/${subject.uuid}/link?to=${first.uuid}`],
      ["POST", `/api/containers/${subject.uuid}/move`, { from: first.uuid, to: second.uuid }],
      ["POST", `/api/containers/${subject.uuid}/move`, { from: "ROOT", to: first.uuid }],
      ["PUT", `/api/containers/${subject.uuid}`, { id: subject.uuid, label: "Logged 3", properties: [] }],
    ];
    for (const [method, url, body] of changes) {
      const answer = await user.request(method as "PUT" | "POST", url, body);
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(200);
    }

    const page = await list(`/api/containers/${subject.uuid}/activity?size=4`);
    expect(page).toMatchObject({ totalElements: 8, totalPages: 2, size: 4, number: 0 });
    expect(page.content.map((item: { description: string }) => item.description)).toEqual([
      "Renamed from 'Logged 2' to 'Logged 3'",
      "Moved from the top level to 'First home'",
      "Moved from 'First home' to 'Second home'",
      "Linked into 'First home'",
    ]);
    expect(page.content.map(({ action, params }: { action: string; params: unknown }) => ({ action, params }))).toEqual([
      { action: "updated", params: { what: "updated", renamed: { from: "Logged 2", to: "Logged 3" }, fields: [] } },
      { action: "moved", params: { what: "moved", from: null, to: "First home" } },
      { action: "moved", params: { what: "moved", from: "First home", to: "Second home" } },
      { action: "linked", params: { what: "linked", to: "First home" } },
    ]);
    expect(page.content[0]).toMatchObject({ action: "updated", user: { uuid: user.uuid, username: user.username } });
    expect(new Date(page.content[0].createdAt).toISOString()).toBe(page.content[0].createdAt);
    const rest = await list(`/api/containers/${subject.uuid}/activity?size=4&page=1`);
    expect(rest.content.map((item: { action: string }) => item.action)).toEqual(["colored", "colored", "renamed", "created"]);
    expect(rest.content.map((item: { description: string }) => item.description)).toEqual([
      "Removed the colour",
      "Set the colour to #abc",
      "Renamed from 'Logged' to 'Logged 2'",
      "Created at the top level",
    ]);
    expect(rest.content.map((item: { params: unknown }) => item.params)).toEqual([
      { what: "colorRemoved" },
      { what: "colorSet", color: "#abc" },
      { what: "renamed", from: "Logged", to: "Logged 2" },
      { what: "created", parent: null },
    ]);
    expect((await list(`/api/containers/${subject.uuid}/activity`)).size).toBe(20);
  });

  it("records nothing for a save that changes nothing", async () => {
    const quiet = await newContainer(tenant.admin, { label: "Quiet", type: "box" });
    await tenant.admin.request("PUT", `/api/containers/${quiet.uuid}`, { id: quiet.uuid, label: "Quiet", properties: [] });
    await tenant.admin.request("PUT", `/api/containers/${quiet.uuid}/label`, { label: "Quiet" });
    await tenant.admin.request("PUT", `/api/containers/${quiet.uuid}/color`, { color: null });
    expect((await list(`/api/containers/${quiet.uuid}/activity`)).totalElements).toBe(1);
  });
});
