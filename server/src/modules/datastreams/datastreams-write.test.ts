import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { newContainer } from "../containers/testing.ts";
import { blobFiles, type DatastreamAnswer, getDatastream, newBox, setUpFileModel, storageUsed, uploadOne } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let boxA: string;
let boxB: string;
let boxC: string;
let album: string;
let file: DatastreamAnswer;

const caption = (text: string) => JSON.stringify({ values: text, qualifiers: [] });

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await setUpFileModel(tenant.admin);
  boxA = await newBox(tenant.admin, "A");
  boxB = await newBox(tenant.admin, "B");
  boxC = await newBox(tenant.admin, "C");
  album = (await newContainer(tenant.admin, { label: "Album", type: "album" })).uuid;
});
afterAll(() => t.close());
beforeEach(async () => {
  file = await uploadOne(tenant.admin, boxA, { name: "report.txt", content: Buffer.from(`report ${Math.random()}\n`) });
});

const labelsIn = async (container: string) =>
  (await tenant.admin.request("GET", `/api/containers/${container}/datastreams`)).json().content.map((item: { uuid: string }) => item.uuid);

const activityOf = async (uuid: string) =>
  (await tenant.admin.request("GET", `/api/datastreams/${uuid}/activity`))
    .json()
    .content.map((item: { description: string }) => item.description);
const paramsOf = async (uuid: string) =>
  (await tenant.admin.request("GET", `/api/datastreams/${uuid}/activity`)).json().content.map((item: { params: unknown }) => item.params);

describe("editing a datastream", () => {
  it("renames it, records the change and answers 400 for an empty label", async () => {
    const renamed = await tenant.admin.request("PUT", `/api/datastreams/${file.uuid}/label`, { label: "  Final report  " });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().label).toBe("Final report");
    const empty = await tenant.admin.request("PUT", `/api/datastreams/${file.uuid}/label`, { label: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Invalid body: label is required");
    expect(await activityOf(file.uuid)).toEqual(["Renamed from 'report.txt' to 'Final report'", "Uploaded into 'A'"]);
    expect(await paramsOf(file.uuid)).toEqual([
      { what: "renamed", from: "report.txt", to: "Final report" },
      { what: "uploaded", container: "A" },
    ]);
  });

  it("sets and clears the colour, refusing a colour that is not hex with the spec's message", async () => {
    const colored = await tenant.admin.request("PUT", `/api/datastreams/${file.uuid}/color`, { color: "#ABC" });
    expect(colored.json().color).toBe("#abc");
    const wrong = await tenant.admin.request("PUT", `/api/datastreams/${file.uuid}/color`, { color: "blue" });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, "Invalid hex color value: blue"]);
    const cleared = await tenant.admin.request("PUT", `/api/datastreams/${file.uuid}/color`, { color: null });
    expect(cleared.json().color).toBeNull();
    expect((await activityOf(file.uuid)).slice(0, 2)).toEqual(["Removed the colour", "Set the colour to #abc"]);
  });

  it("updates label and property values, keeps the type and requires mandatory values", async () => {
    const photo = await uploadOne(
      tenant.admin,
      boxA,
      { name: "p.txt", content: Buffer.from("photo-ish\n") },
      {
        type: "photo",
        properties: [{ key: "caption", value: caption("Before") }],
      },
    );
    const updated = await tenant.admin.request("PUT", `/api/datastreams/${photo.uuid}`, {
      label: "Sunset",
      properties: [{ key: "caption", value: caption("After") }],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      label: "Sunset",
      type: { code: "photo" },
      properties: [{ key: "caption", value: caption("After") }],
    });
    const emptied = await tenant.admin.request("PUT", `/api/datastreams/${photo.uuid}`, { label: "Sunset", properties: [] });
    expect([emptied.statusCode, emptied.json().message]).toEqual([400, "There are required fields need to be filled in order to save"]);
    const retyped = await tenant.admin.request("PUT", `/api/datastreams/${photo.uuid}`, { label: "x", type: "file", properties: [] });
    expect([retyped.statusCode, retyped.json().message]).toEqual([
      400,
      "The type of a datastream cannot change after it is uploaded (it is 'photo')",
    ]);
    const noLabel = await tenant.admin.request("PUT", `/api/datastreams/${photo.uuid}`, { label: "", properties: [] });
    expect(noLabel.statusCode).toBe(400);
    const otherId = await tenant.admin.request("PUT", `/api/datastreams/${photo.uuid}`, { id: file.uuid, label: "x", properties: [] });
    expect([otherId.statusCode, otherId.json().message]).toEqual([400, "id in the body does not match the path"]);
    expect(await activityOf(photo.uuid)).toEqual(["Renamed from 'p.txt' to 'Sunset'; Changed Label of caption", "Uploaded into 'A'"]);
    expect((await paramsOf(photo.uuid))[0]).toEqual({
      what: "updated",
      renamed: { from: "p.txt", to: "Sunset" },
      fields: ["Label of caption"],
    });
  });

  it("answers 404 for an unknown datastream and 400 for a malformed uuid", async () => {
    const unknown = "0191e6d2-0000-7000-8000-000000000000";
    const missing = await tenant.admin.request("GET", `/api/datastreams/${unknown}`);
    expect([missing.statusCode, missing.json().message]).toEqual([404, `Datastream ${unknown} not found`]);
    expect((await tenant.admin.request("GET", "/api/datastreams/not-a-uuid")).statusCode).toBe(400);
  });
});

describe("moving, linking and removing", () => {
  it("moves from one container to another, keeping its other containers", async () => {
    await tenant.admin.request("POST", `/api/datastreams/${file.uuid}/link?to=${boxC}`);
    const moved = await tenant.admin.request("POST", `/api/datastreams/${file.uuid}/move`, { from: boxA, to: boxB });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().membership.map((container: { label: string }) => container.label)).toEqual(["B", "C"]);
    expect(await labelsIn(boxA)).not.toContain(file.uuid);
    expect(await labelsIn(boxB)).toContain(file.uuid);
    expect((await activityOf(file.uuid))[0]).toBe("Moved from 'A' to 'B'");
  });

  it("refuses ROOT, the same place, a container it is not in, and a container that does not accept it", async () => {
    const move = (body: unknown) => tenant.admin.request("POST", `/api/datastreams/${file.uuid}/move`, body);
    for (const [body, status, message] of [
      [{ from: boxA, to: "ROOT" }, 400, "Select a different destination"],
      [{ from: boxA, to: boxA }, 400, "Select a different destination"],
      [{ from: boxB, to: boxC }, 409, "'report.txt' is not in 'B'"],
      [{ from: "ROOT", to: boxC }, 409, "'report.txt' is not at the top level: files are always in a container"],
      [
        { from: boxA, to: album },
        400,
        "A datastream of type 'Type file' cannot be moved into 'Album': type 'Type album' does not accept it",
      ],
    ] as const) {
      const answer = await move(body);
      expect([answer.statusCode, answer.json().message], JSON.stringify(body)).toEqual([status, message]);
    }
    const link = (to: string) => tenant.admin.request("POST", `/api/datastreams/${file.uuid}/link?to=${to}`);
    expect((await link("ROOT")).json()).toMatchObject({ status: 400, message: "Select a different destination" });
    expect((await link(boxA)).json()).toMatchObject({ status: 409, message: "'report.txt' is already in 'A'" });
    expect((await link(album)).statusCode).toBe(400);
    expect((await getDatastream(tenant.admin, file.uuid)).membership).toEqual([{ uuid: boxA, label: "A" }]);
  });

  it("links into a second container; removing it from one keeps it in the other", async () => {
    const linked = await tenant.admin.request("POST", `/api/datastreams/${file.uuid}/link?to=${boxB}`);
    expect(linked.json().membership).toEqual([
      { uuid: boxA, label: "A" },
      { uuid: boxB, label: "B" },
    ]);
    const removed = await tenant.admin.request("POST", `/api/datastreams/${file.uuid}/remove?from=${boxA}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ uuid: file.uuid, trashed: false, membership: [{ uuid: boxB, label: "B" }] });
    expect(await labelsIn(boxA)).not.toContain(file.uuid);
    expect(await labelsIn(boxB)).toContain(file.uuid);
    expect((await getDatastream(tenant.admin, file.uuid)).membership).toEqual([{ uuid: boxB, label: "B" }]);
    expect((await activityOf(file.uuid)).slice(0, 2)).toEqual(["Removed from 'A'", "Linked into 'B'"]);
    expect((await paramsOf(file.uuid)).slice(0, 2)).toEqual([
      { what: "removed", from: "A" },
      { what: "linked", to: "B" },
    ]);
  });

  it("puts the file in the trash when its last container lets it go; it still counts as storage", async () => {
    const used = await storageUsed(tenant.admin);
    const removed = await tenant.admin.request("POST", `/api/datastreams/${file.uuid}/remove?from=${boxA}`);
    expect(removed.json()).toEqual({ uuid: file.uuid, trashed: true, membership: [] });
    expect((await tenant.admin.request("GET", `/api/datastreams/${file.uuid}`)).statusCode).toBe(404);
    expect(await labelsIn(boxA)).not.toContain(file.uuid);
    const row = await t.db
      .selectFrom("datastreams")
      .select(["deleted_at", "deleted_by"])
      .where("id", "=", file.uuid)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.deleted_by).toBe(tenant.admin.uuid);
    expect(await storageUsed(tenant.admin)).toBe(used);
    const again = await tenant.admin.request("POST", `/api/datastreams/${file.uuid}/remove?from=${boxA}`);
    expect(again.statusCode).toBe(404);
  });

  it("removes a file from every container at once when no container is named", async () => {
    await tenant.admin.request("POST", `/api/datastreams/${file.uuid}/link?to=${boxB}`);
    const removed = await tenant.admin.request("POST", `/api/datastreams/${file.uuid}/remove`);
    expect(removed.json()).toEqual({ uuid: file.uuid, trashed: true, membership: [] });
    expect(await labelsIn(boxB)).not.toContain(file.uuid);
    const memberships = await t.db
      .selectFrom("datastream_memberships")
      .select("container_id")
      .where("datastream_id", "=", file.uuid)
      .execute();
    expect(memberships).toEqual([]);
  });

  it("answers 409 when removing from a container the file is not in", async () => {
    const answer = await tenant.admin.request("POST", `/api/datastreams/${file.uuid}/remove?from=${boxC}`);
    expect([answer.statusCode, answer.json().message]).toEqual([409, "'report.txt' is not in 'C'"]);
  });
});

describe("the trash takes a removed file", () => {
  it("lists it, restores it only into the chosen container, and frees its bytes when it is deleted for good", async () => {
    await tenant.admin.request("POST", `/api/datastreams/${file.uuid}/link?to=${boxB}`);
    await tenant.admin.request("POST", `/api/datastreams/${file.uuid}/remove`);
    const trash = (await tenant.admin.request("GET", "/api/trash/items?size=200")).json();
    expect(trash.content).toEqual(expect.arrayContaining([expect.objectContaining({ uuid: file.uuid, objectType: "DATASTREAM" })]));
    const restored = await tenant.admin.request("POST", "/api/trash/items/restore", {
      container: boxC,
      objects: [{ objectType: "DATASTREAM", objectId: file.uuid }],
    });
    expect(restored.statusCode).toBe(200);
    expect((await getDatastream(tenant.admin, file.uuid)).membership).toEqual([{ uuid: boxC, label: "C" }]);

    const used = await storageUsed(tenant.admin);
    await tenant.admin.request("POST", `/api/datastreams/${file.uuid}/remove`);
    const deleted = await tenant.admin.request("DELETE", "/api/trash/items", {
      objects: [{ objectType: "DATASTREAM", objectId: file.uuid }],
    });
    expect(deleted.statusCode).toBe(200);
    expect(await storageUsed(tenant.admin)).toBe(used - file.filesize);
    while (await t.services.jobs.runNextJob()) {
      // The purge job removes the file once no datastream holds it.
    }
    const blob = await t.db.selectFrom("blobs").select("sha256").where("sha256", "=", file.sha256).execute();
    expect(blob).toEqual([]);
    expect((await blobFiles(t, tenant.id)).some((name) => name.endsWith(file.sha256))).toBe(false);
  });
});
