import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { png } from "../../platform/media/test-media.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import {
  created,
  datastreamTypeBody,
  getContainer,
  insertDatastream,
  newContainer,
  newContainerType,
  propertyValue,
  setUpLibraryModel,
} from "../containers/testing.ts";
import { isFileStored, recordedBytes, removeContainer, runJobs, storedDatastream, trashItems } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await setUpLibraryModel(tenant.admin);
  await created(tenant.admin, "/api/datastream_types", datastreamTypeBody("photo"));
  await newContainerType(tenant.admin, "album", { datastreamAcceptance: "photo" });
});
afterAll(() => t.close());

const box = async (label: string, to?: string) => (await newContainer(tenant.admin, { label, type: "box" }, to)).uuid;
const link = async (uuid: string, to: string) => {
  const answer = await tenant.admin.request("POST", `/api/containers/${uuid}/link?to=${to}`);
  if (answer.statusCode !== 200) throw new Error(`link answered ${answer.statusCode}: ${answer.body}`);
};
const datastream = (label: string, containerIds: string[]) => insertDatastream(t, tenant, { containerIds, typeCode: "file", label });
const status = async (uuid: string) => (await tenant.admin.request("GET", `/api/containers/${uuid}`)).statusCode;
const datastreamsIn = async (uuid: string) =>
  (await tenant.admin.request("GET", `/api/containers/${uuid}/datastreams`)).json().content.map((item: { uuid: string }) => item.uuid);
const restore = (container: string, objects: { objectType: string; objectId: string }[]) =>
  tenant.admin.request("POST", "/api/trash/items/restore", { container, objects });
const deleteForGood = (objects: { objectType: string; objectId: string }[]) =>
  tenant.admin.request("DELETE", "/api/trash/items", { objects });
const container = (objectId: string) => ({ objectType: "CONTAINER", objectId });
const activityOf = async (uuid: string) =>
  (await tenant.admin.request("GET", `/api/containers/${uuid}/activity`))
    .json()
    .content.map((item: { description: string }) => item.description);
const paramsOf = async (uuid: string) =>
  (await tenant.admin.request("GET", `/api/containers/${uuid}/activity`)).json().content.map((item: { params: unknown }) => item.params);

describe("removing a container from one of its places", () => {
  it("keeps a container with another parent there, with everything below it", async () => {
    const first = await box("First parent");
    const second = await box("Second parent");
    const linked = await box("Linked box", first);
    await link(linked, second);
    const below = await box("Below the linked box", linked);

    expect(await removeContainer(tenant.admin, linked, first)).toEqual({ removed: true, trashed: false, containers: 0, datastreams: 0 });
    const after = await getContainer(tenant.admin, linked);
    expect(after.parents.map((parent) => parent.uuid)).toEqual([second]);
    expect((await getContainer(tenant.admin, first)).childCount).toBe(0);
    expect(await status(below)).toBe(200);
    expect((await trashItems(tenant.admin)).map((item) => item.uuid)).not.toContain(linked);
    expect((await activityOf(linked))[0]).toBe("Removed from 'First parent'");
  });

  it("removes from the top level with from=ROOT and keeps the container in its parent", async () => {
    const parent = await box("Parent of a top-level box");
    const both = await box("At the top and in a parent");
    await link(both, parent);
    expect((await removeContainer(tenant.admin, both, "root")).trashed).toBe(false);
    expect(await getContainer(tenant.admin, both)).toMatchObject({ atRoot: false, parents: [{ uuid: parent }] });
  });

  it("asks which place when the container has several and none is named", async () => {
    const first = await box("Place one");
    const twoPlaces = await box("Two places", first);
    await link(twoPlaces, "ROOT");
    const answer = await tenant.admin.request("POST", `/api/containers/${twoPlaces}/remove`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe("from: 'Two places' is in more than one place; say which one to remove it from");
    expect(await getContainer(tenant.admin, twoPlaces)).toMatchObject({ atRoot: true, parents: [{ uuid: first }] });
  });

  it("refuses to remove a container from a place it is not in", async () => {
    const somewhere = await box("Somewhere");
    const elsewhere = await box("Elsewhere");
    const child = await box("Not in elsewhere", somewhere);
    const wrongParent = await tenant.admin.request("POST", `/api/containers/${child}/remove?from=${elsewhere}`);
    expect(wrongParent.statusCode).toBe(409);
    expect(wrongParent.json().message).toBe("'Not in elsewhere' is not in 'Elsewhere'");
    const notAtTop = await tenant.admin.request("POST", `/api/containers/${child}/remove?from=ROOT`);
    expect(notAtTop.statusCode).toBe(409);
    expect(notAtTop.json().message).toBe("'Not in elsewhere' is not at the top level");
    expect(await status(child)).toBe(200);
  });
});

describe("removing a container from its last place", () => {
  it("moves it to the trash with what only it leads to, and leaves what is linked elsewhere", async () => {
    // top -> a -> b (also top -> a2 -> b: two ways, both through top); a -> kept (also in other) -> keptChild
    const top = await box("Top to trash");
    const a = await box("A below top", top);
    const a2 = await box("A2 below top", top);
    const b = await box("B below A and A2", a);
    await link(b, a2);
    const other = await box("Other top box");
    const kept = await box("Kept, linked elsewhere", a);
    await link(kept, other);
    const keptChild = await box("Below the kept box", kept);
    const onlyInB = await datastream("only-in-b.bin", [b]);
    const alsoInOther = await datastream("also-in-other.bin", [a, other]);
    const inKept = await datastream("in-kept.bin", [kept]);
    const inA2AndB = await datastream("in-a2-and-b.bin", [a2, b]);

    expect(await removeContainer(tenant.admin, top)).toEqual({ removed: true, trashed: true, containers: 3, datastreams: 2 });

    for (const gone of [top, a, a2, b]) expect(await status(gone)).toBe(404);
    for (const live of [other, kept, keptChild]) expect(await status(live)).toBe(200);
    expect((await getContainer(tenant.admin, kept)).paths).toEqual([{ nodes: [{ uuid: other, label: "Other top box" }] }]);
    expect(await datastreamsIn(other)).toEqual([alsoInOther]);
    expect(await datastreamsIn(kept)).toEqual([inKept]);
    const trashedDatastreams = await inTenant(t.db, tenant.id, (trx) =>
      trx.selectFrom("datastreams").select("id").where("deleted_at", "is not", null).where("trashed_with", "=", top).execute(),
    );
    expect(trashedDatastreams.map((row) => row.id).sort()).toEqual([onlyInB, inA2AndB].sort());

    const listed = (await trashItems(tenant.admin)).filter((item) => [top, a, a2, b].includes(item.uuid));
    expect(listed).toEqual([
      {
        uuid: top,
        label: "Top to trash",
        objectType: "CONTAINER",
        type: { code: "box", name: "Type box" },
        deletedAt: expect.any(String),
        deletedBy: { uuid: tenant.admin.uuid, firstname: expect.any(String), lastname: expect.any(String), email: expect.any(String) },
        containerCount: 3,
        datastreamCount: 2,
      },
    ]);
  });

  it("restores a removed container into a chosen container with everything it took", async () => {
    const top = await box("Top to restore");
    const child = await box("Child to restore", top);
    const file = await datastream("restored.bin", [child]);
    await removeContainer(tenant.admin, top);
    const destination = await box("Restore destination");

    const answer = await restore(destination, [container(top)]);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ items: 1, containers: 2, datastreams: 1 });
    expect((await getContainer(tenant.admin, top)).paths).toEqual([{ nodes: [{ uuid: destination, label: "Restore destination" }] }]);
    expect((await getContainer(tenant.admin, top)).children.map((item) => item.uuid)).toEqual([child]);
    expect(await datastreamsIn(child)).toEqual([file]);
    expect((await trashItems(tenant.admin)).map((item) => item.uuid)).not.toContain(top);
    expect((await activityOf(top)).slice(0, 2)).toEqual([
      "Restored into 'Restore destination'",
      "Removed from the top level and moved to the trash with 1 container and 1 datastream inside",
    ]);
    expect((await paramsOf(top)).slice(0, 2)).toEqual([
      { what: "restored", to: "Restore destination" },
      { what: "containerTrashed", from: null, containers: 1, datastreams: 1 },
    ]);
  });

  it("restores to the top level (ROOT) a container whose type is allowed there", async () => {
    const top = await box("Back to the top");
    await removeContainer(tenant.admin, top);
    expect((await restore("ROOT", [container(top)])).statusCode).toBe(200);
    expect(await getContainer(tenant.admin, top)).toMatchObject({ atRoot: true, parents: [] });
  });

  it("does not bring back a container that went to the trash on its own when its old parent comes back", async () => {
    const parent = await box("Old parent");
    const middle = await box("Middle, linked elsewhere", parent);
    const elsewhere = await box("Elsewhere for middle");
    await link(middle, elsewhere);
    await removeContainer(tenant.admin, parent);
    expect(await status(middle)).toBe(200);
    // middle leaves its last live place; its placement under the trashed parent goes with it
    expect((await removeContainer(tenant.admin, middle, elsewhere)).trashed).toBe(true);
    expect((await restore("ROOT", [container(parent)])).statusCode).toBe(200);
    expect((await getContainer(tenant.admin, parent)).childCount).toBe(0);
    expect((await trashItems(tenant.admin)).map((item) => item.uuid)).toContain(middle);
  });
});

describe("restore rules", () => {
  it("refuses a destination whose type does not accept the container, and ROOT for types not allowed there", async () => {
    const shelf = (
      await newContainer(tenant.admin, { label: "A shelf", type: "shelf", properties: [{ key: "title", value: propertyValue("S") }] })
    ).uuid;
    const trashedBox = await box("Box that shelves refuse");
    await removeContainer(tenant.admin, trashedBox);
    const refused = await restore(shelf, [container(trashedBox)]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "A container of type 'Type box' cannot be restored into 'A shelf': type 'Type shelf' does not accept it",
    );

    const book = (
      await newContainer(tenant.admin, { label: "A book", type: "book", properties: [{ key: "title", value: propertyValue("B") }] }, shelf)
    ).uuid;
    const chapter = (await newContainer(tenant.admin, { label: "A chapter", type: "chapter" }, book)).uuid;
    await removeContainer(tenant.admin, chapter);
    const atTop = await restore("ROOT", [container(chapter)]);
    expect(atTop.statusCode).toBe(400);
    expect(atTop.json().message).toBe("A container of type 'Type chapter' cannot be restored to the top level");
    expect((await restore(book, [container(chapter)])).statusCode).toBe(200);
  });

  it("refuses to restore a container into a container that would then be inside it", async () => {
    const top = await box("Cycle top");
    const middle = await box("Cycle middle", top);
    const linkedBelow = await box("Linked below middle", middle);
    const anchor = await box("Anchor of the linked box");
    await link(linkedBelow, anchor);
    await removeContainer(tenant.admin, top);
    expect(await status(linkedBelow)).toBe(200);
    const answer = await restore(linkedBelow, [container(top)]);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe("'Cycle top' cannot be restored into itself or into a container inside it");
    expect((await trashItems(tenant.admin)).map((item) => item.uuid)).toContain(top);
  });

  it("restores every item or none", async () => {
    const good = await box("Good to restore");
    const shelfRefused = await box("Refused by a shelf");
    await removeContainer(tenant.admin, good);
    await removeContainer(tenant.admin, shelfRefused);
    const shelf = (
      await newContainer(tenant.admin, { label: "Picky shelf", type: "shelf", properties: [{ key: "title", value: propertyValue("P") }] })
    ).uuid;
    expect((await restore(shelf, [container(good), container(shelfRefused)])).statusCode).toBe(400);
    expect((await trashItems(tenant.admin)).map((item) => item.uuid)).toEqual(expect.arrayContaining([good, shelfRefused]));
  });

  it("says why an item cannot be restored on its own, is not in the trash, or does not exist", async () => {
    const top = await box("Takes a child along");
    const child = await box("Taken along", top);
    await removeContainer(tenant.admin, top);
    const destination = await box("Any destination");
    const taken = await restore(destination, [container(child)]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("'Taken along' went to the trash with 'Takes a child along': restore or delete that item instead");
    const live = await restore(destination, [container(destination)]);
    expect(live.statusCode).toBe(409);
    expect(live.json().message).toBe("'Any destination' is not in the trash");
    const unknown = "0190a0a0-0000-7000-8000-000000000000";
    const missing = await restore(destination, [container(unknown)]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(`Container ${unknown} not found`);
    const trashedDestination = await restore(top, [container(top)]);
    expect(trashedDestination.statusCode).toBe(404);
    expect(trashedDestination.json().message).toBe(`Container ${top} not found`);
  });

  it("restores a datastream removed from its last container into a chosen container, never to the top level", async () => {
    const album = (await newContainer(tenant.admin, { label: "Photo album", type: "album" })).uuid;
    const holder = await box("Datastream holder");
    const file = await datastream("loose.bin", [holder]);
    // What the datastreams area does when the last membership goes: the datastream alone to the trash.
    await inTenant(t.db, tenant.id, async (trx) => {
      await trx.deleteFrom("datastream_memberships").where("datastream_id", "=", file).execute();
      await trx
        .updateTable("datastreams")
        .set({ deleted_at: sql<Date>`now()`, deleted_by: tenant.admin.uuid })
        .where("id", "=", file)
        .execute();
    });
    const listed = (await trashItems(tenant.admin)).find((item) => item.uuid === file);
    expect(listed).toMatchObject({ objectType: "DATASTREAM", label: "loose.bin", type: { code: "file" }, containerCount: 0 });

    const object = { objectType: "DATASTREAM", objectId: file };
    const atTop = await restore("ROOT", [object]);
    expect(atTop.statusCode).toBe(400);
    expect(atTop.json().message).toBe("Select a different destination: a datastream cannot be restored to the top level");
    const refused = await restore(album, [object]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "A datastream of type 'Type file' cannot be restored into 'Photo album': type 'Type album' does not accept it",
    );
    const destination = await box("Home for the file");
    expect((await restore(destination, [object])).json()).toEqual({ items: 1, containers: 0, datastreams: 1 });
    expect(await datastreamsIn(destination)).toEqual([file]);
  });
});

describe("the trash list", () => {
  it("lists only what people removed, newest first, sortable by label and type, paged", async () => {
    const list = await t.newTenant();
    await setUpLibraryModel(list.admin);
    const make = async (label: string, type = "box") =>
      (await newContainer(list.admin, { label, type, properties: type === "shelf" ? [{ key: "title", value: propertyValue("x") }] : [] }))
        .uuid;
    const zulu = await make("Zulu");
    await newContainer(list.admin, { label: "Child of zulu", type: "box" }, zulu);
    const alpha = await make("alpha", "shelf");
    const mike = await make("Mike");
    for (const uuid of [zulu, alpha, mike]) await removeContainer(list.admin, uuid);

    expect((await trashItems(list.admin)).map((item) => item.label)).toEqual(["Mike", "alpha", "Zulu"]);
    expect((await trashItems(list.admin, "sort=label")).map((item) => item.label)).toEqual(["Zulu", "Mike", "alpha"]);
    expect((await trashItems(list.admin, "sort=label&direction=asc")).map((item) => item.label)).toEqual(["alpha", "Mike", "Zulu"]);
    expect((await trashItems(list.admin, "sort=type&direction=desc")).map((item) => item.type.name)[0]).toBe("Type shelf");
    const page = (await list.admin.request("GET", "/api/trash/items?sort=label&direction=asc&page=1&size=2")).json();
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2, number: 1, size: 2, last: true, numberOfElements: 1 });
    expect(page.content.map((item: { label: string }) => item.label)).toEqual(["Zulu"]);
  });
});

describe("deleting for good", () => {
  it("deletes the rows at once and frees a file only when no datastream holds it any more", async () => {
    const files = await t.newTenant();
    await setUpLibraryModel(files.admin);
    const first = (await newContainer(files.admin, { label: "First holder", type: "box" })).uuid;
    const second = (await newContainer(files.admin, { label: "Second holder", type: "box" })).uuid;
    const inner = (await newContainer(files.admin, { label: "Inner", type: "box" }, first)).uuid;
    const shared = Buffer.from("the same bytes in two datastreams");
    const picture = await png(64, 48);
    const a = await storedDatastream(t, files, { containerIds: [inner], label: "shared-a.bin", content: shared });
    const b = await storedDatastream(t, files, { containerIds: [second], label: "shared-b.bin", content: shared });
    const own = await storedDatastream(t, files, { containerIds: [first], label: "picture.png", content: picture });
    await t.services.media.makeDerivatives({ tenantId: files.id, sha256: own.sha256, mimeType: "image/png" });
    const derivativesOf = (sha256: string) =>
      inTenant(t.db, files.id, (trx) => trx.selectFrom("derivatives").select("kind").where("source_sha256", "=", sha256).execute());
    expect(await derivativesOf(own.sha256)).toHaveLength(2);
    expect(await recordedBytes(t, files)).toBe(shared.length + picture.length);

    await removeContainer(files.admin, first);
    const answer = await files.admin.request("DELETE", "/api/trash/items", { objects: [container(first)] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ items: 1, containers: 2, datastreams: 2 });
    expect(await trashItems(files.admin)).toEqual([]);
    const left = await inTenant(t.db, files.id, (trx) => trx.selectFrom("datastreams").select("id").execute());
    expect(left.map((row) => row.id)).toEqual([b.id]);
    expect((await files.admin.request("GET", `/api/containers/${inner}`)).statusCode).toBe(404);

    await runJobs(t);
    expect(await isFileStored(t, files, a.sha256)).toBe(true);
    expect(await isFileStored(t, files, own.sha256)).toBe(false);
    expect(await derivativesOf(own.sha256)).toEqual([]);
    expect(await recordedBytes(t, files)).toBe(shared.length);
    expect((await files.admin.request("GET", `/api/containers/${second}/datastreams`)).json().content[0].uuid).toBe(b.id);

    await removeContainer(files.admin, second);
    await deleteForGoodAs(files, [container(second)]);
    await runJobs(t);
    expect(await isFileStored(t, files, b.sha256)).toBe(false);
    expect(await recordedBytes(t, files)).toBe(0);
    const jobs = await t.db.selectFrom("jobs").select(["status", "error"]).where("kind", "=", "trash.purge-files").execute();
    expect(jobs.length).toBeGreaterThanOrEqual(2);
    expect(jobs.every((job) => job.status === "done")).toBe(true);
  });

  it("deletes only the items named, and an item that went with another only with that one", async () => {
    const one = await box("Deleted one");
    const two = await box("Kept in the trash");
    const taken = await box("Child goes with its parent", two);
    await removeContainer(tenant.admin, one);
    await removeContainer(tenant.admin, two);
    const alone = await deleteForGood([container(taken)]);
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toBe(
      "'Child goes with its parent' went to the trash with 'Kept in the trash': restore or delete that item instead",
    );
    expect((await deleteForGood([container(one)])).statusCode).toBe(200);
    const listed = (await trashItems(tenant.admin)).map((item) => item.uuid);
    expect(listed).toContain(two);
    expect(listed).not.toContain(one);
    expect((await restore("ROOT", [container(two)])).json()).toEqual({ items: 1, containers: 2, datastreams: 0 });
    expect(await status(taken)).toBe(200);
  });

  it("refuses to delete a live item for good", async () => {
    const live = await box("Live, not in the trash");
    const answer = await deleteForGood([container(live)]);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe("'Live, not in the trash' is not in the trash");
    expect(await status(live)).toBe(200);
  });
});

async function deleteForGoodAs(of: TestTenant, objects: { objectType: string; objectId: string }[]) {
  const answer = await of.admin.request("DELETE", "/api/trash/items", { objects });
  if (answer.statusCode !== 200) throw new Error(`delete answered ${answer.statusCode}: ${answer.body}`);
}
