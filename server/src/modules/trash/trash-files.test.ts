// The trash with files uploaded through the datastreams API: what storage shows and which files stay in the store.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { png } from "../../platform/media/test-media.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { blobFiles, newBox, setUpFileModel, storageUsed, uploadOne } from "../datastreams/testing.ts";
import { removeContainer, runJobs, trashItems } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await setUpFileModel(tenant.admin);
});
afterAll(() => t.close());

const removeDatastream = async (uuid: string, from: string) => {
  const answer = await tenant.admin.request("POST", `/api/datastreams/${uuid}/remove?from=${from}`);
  if (answer.statusCode !== 200) throw new Error(`datastream remove answered ${answer.statusCode}: ${answer.body}`);
  return answer.json();
};
const deleteForGood = async (objects: { objectType: string; objectId: string }[]) => {
  const answer = await tenant.admin.request("DELETE", "/api/trash/items", { objects });
  if (answer.statusCode !== 200) throw new Error(`delete answered ${answer.statusCode}: ${answer.body}`);
  return answer.json();
};

describe("files of items deleted for good", () => {
  it("stay while another datastream holds them and leave the store once the last one is deleted", async () => {
    const first = await newBox(tenant.admin, "First box of uploads");
    const second = await newBox(tenant.admin, "Second box of uploads");
    const picture = await png(80, 60);
    const shared = await uploadOne(tenant.admin, first, { name: "shared.png", content: picture, type: "image/png" });
    const copy = await uploadOne(tenant.admin, second, { name: "copy.png", content: picture, type: "image/png" });
    const single = await uploadOne(tenant.admin, first, { name: "single.txt", content: Buffer.from("only here"), type: "text/plain" });
    await runJobs(t);
    expect(shared.sha256).toBe(copy.sha256);
    expect(await storageUsed(tenant.admin)).toBe(picture.length + "only here".length);
    expect(await blobFiles(t, tenant.id)).toHaveLength(2);

    expect((await removeContainer(tenant.admin, first)).datastreams).toBe(2);
    expect(await deleteForGood([{ objectType: "CONTAINER", objectId: first }])).toEqual({ items: 1, containers: 1, datastreams: 2 });
    await runJobs(t);
    expect(await storageUsed(tenant.admin)).toBe(picture.length);
    const left = await blobFiles(t, tenant.id);
    expect(left).toHaveLength(1);
    expect(left[0]).toContain(copy.sha256);
    expect(left.join()).not.toContain(single.sha256);
    const thumbnail = await tenant.admin.request("GET", `/api/datastreams/${copy.uuid}/thumb/preview`);
    expect(thumbnail.statusCode).toBe(200);

    expect((await removeDatastream(copy.uuid, second)).trashed).toBe(true);
    expect((await trashItems(tenant.admin)).map((item) => [item.uuid, item.objectType])).toEqual([[copy.uuid, "DATASTREAM"]]);
    expect(await deleteForGood([{ objectType: "DATASTREAM", objectId: copy.uuid }])).toEqual({ items: 1, containers: 0, datastreams: 1 });
    await runJobs(t);
    expect(await storageUsed(tenant.admin)).toBe(0);
    expect(await blobFiles(t, tenant.id)).toEqual([]);
    expect((await tenant.admin.request("GET", `/api/datastreams/${copy.uuid}`)).statusCode).toBe(404);
  });

  it("brings a datastream removed from its last container back into a chosen container", async () => {
    const box = await newBox(tenant.admin, "Box of a removed file");
    const file = await uploadOne(tenant.admin, box, { name: "notes.txt", content: Buffer.from("notes"), type: "text/plain" });
    await removeDatastream(file.uuid, box);
    expect((await tenant.admin.request("GET", `/api/datastreams/${file.uuid}`)).statusCode).toBe(404);
    const destination = await newBox(tenant.admin, "Where the file comes back");
    const answer = await tenant.admin.request("POST", "/api/trash/items/restore", {
      container: destination,
      objects: [{ objectType: "DATASTREAM", objectId: file.uuid }],
    });
    expect(answer.statusCode).toBe(200);
    const restored = (await tenant.admin.request("GET", `/api/datastreams/${file.uuid}`)).json();
    expect(restored.membership.map((container: { uuid: string }) => container.uuid)).toEqual([destination]);
    const activity = (await tenant.admin.request("GET", `/api/datastreams/${file.uuid}/activity`)).json().content;
    expect(activity[0].description).toBe("Restored into 'Where the file comes back'");
    expect(activity[0]).toMatchObject({ action: "restored", params: { what: "restored", to: "Where the file comes back" } });
  });
});
