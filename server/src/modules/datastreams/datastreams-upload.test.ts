import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdf, png, testPatternVideo } from "../../platform/media/test-media.ts";
import { multipart } from "../../test/multipart.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { newContainer } from "../containers/testing.ts";
import {
  blobFiles,
  getDatastream,
  newBox,
  newTenantWithQuota,
  setUpFileModel,
  setUploadLimit,
  storageUsed,
  tempFiles,
  upload,
  uploadOne,
  uploadRequest,
  windowsProgram,
} from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let box: string;

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await setUpFileModel(tenant.admin);
  box = await newBox(tenant.admin);
});
afterAll(() => t.close());

async function datastreamCount(): Promise<number> {
  const answer = await tenant.admin.request("GET", `/api/containers/${box}/datastreams`);
  return answer.json().totalElements;
}

describe("uploading files", () => {
  it("stores a PNG, names it after the file, and answers it as the API shows it", async () => {
    const bytes = await png(40, 30);
    const [created] = await upload(tenant.admin, box, [{ name: "holiday.png", content: bytes, type: "image/png" }]);
    expect(created).toMatchObject({
      label: "holiday.png",
      type: { code: "file", name: "Type file" },
      mimeType: "image/png",
      filesize: bytes.length,
      sha256: sha256(bytes),
      membership: [{ uuid: box, label: "Box" }],
      createdBy: { uuid: tenant.admin.uuid },
      starred: false,
      thumbnail: { status: "pending", url: null },
    });
    expect(await getDatastream(tenant.admin, created?.uuid ?? "")).toEqual(created);
    const download = await tenant.admin.request("GET", `/api/datastreams/${created?.uuid}/download`);
    expect(download.rawPayload).toEqual(bytes);
  });

  it("stores several files at once (PNG, PDF, MP4), each named after its own file", async () => {
    const files = [
      { name: "scan.png", content: await png(20, 20) },
      { name: "report.pdf", content: pdf() },
      { name: "clip.mp4", content: await testPatternVideo() },
    ];
    const created = await upload(tenant.admin, box, files, { type: "file", label: "ignored with several files" });
    expect(created.map((one) => [one.label, one.mimeType, one.filesize])).toEqual([
      ["scan.png", "image/png", files[0]?.content.length],
      ["report.pdf", "application/pdf", files[1]?.content.length],
      ["clip.mp4", "video/mp4", files[2]?.content.length],
    ]);
  });

  it("takes the label from the data part for a single file, and the data part after the files too", async () => {
    const [first] = await upload(tenant.admin, box, [{ name: "a.txt", content: Buffer.from("first notes\n") }], {
      type: "file",
      label: "Meeting notes",
    });
    expect(first?.label).toBe("Meeting notes");
    const body = await multipart([{ name: "b.txt", content: Buffer.from("second notes\n") }], { type: "file" }, { dataLast: true });
    const answer = await tenant.admin.request("POST", `/api/datastreams?to=${box}`, body.payload, { "content-type": body.contentType });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()[0]).toMatchObject({ label: "b.txt", mimeType: "text/plain" });
  });

  it("reads a data part sent as a JSON blob, as FormData sends a Blob", async () => {
    const answer = await uploadRequest(
      tenant.admin,
      box,
      [{ name: "c.txt", content: Buffer.from("third\n") }],
      { type: "file" },
      { dataAsBlob: true },
    );
    expect(answer.statusCode).toBe(201);
    expect(answer.json()[0].label).toBe("c.txt");
  });

  it("sniffs the type from the bytes: a program renamed .png and sent as image/png stays a program", async () => {
    const created = await uploadOne(tenant.admin, box, { name: "kitten.png", content: windowsProgram(), type: "image/png" });
    expect(created.mimeType).toBe("application/x-msdownload");
    expect(created.label).toBe("kitten.png");
  });

  it("keeps the file name's last segment only and enqueues the thumbnail job once per content", async () => {
    const bytes = await png(10, 10, 9);
    const [one, two] = await upload(tenant.admin, box, [
      { name: "C:\\Users\\ann\\same.png", content: bytes },
      { name: "../same-again.png", content: bytes },
    ]);
    expect([one?.label, two?.label]).toEqual(["same.png", "same-again.png"]);
    const jobs = await t.db.selectFrom("jobs").select("payload").where("kind", "=", "media.derivatives").execute();
    expect(jobs.filter((job) => (job.payload as { sha256: string }).sha256 === sha256(bytes))).toHaveLength(1);
  });

  it("records the upload in the datastream's activity", async () => {
    const created = await uploadOne(tenant.admin, box, { name: "logged.txt", content: Buffer.from("log me\n") });
    const activity = (await tenant.admin.request("GET", `/api/datastreams/${created.uuid}/activity`)).json();
    expect(activity.content).toMatchObject([{ action: "created", description: "Uploaded into 'Box'", user: { uuid: tenant.admin.uuid } }]);
  });
});

describe("upload rules", () => {
  it("refuses a type the container does not accept, and stores nothing", async () => {
    const album = (await newContainer(tenant.admin, { label: "Album", type: "album" })).uuid;
    const before = await blobFiles(t, tenant.id);
    const answer = await uploadRequest(tenant.admin, album, [{ name: "doc.txt", content: randomBytes(64) }], { type: "file" });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(
      "A datastream of type 'Type file' cannot be created in 'Album': type 'Type album' does not accept it",
    );
    expect(await blobFiles(t, tenant.id)).toEqual(before);
  });

  it("refuses an empty mandatory property with the spec's message", async () => {
    const answer = await uploadRequest(tenant.admin, box, [{ name: "p.png", content: await png(8, 8) }], { type: "photo" });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe("There are required fields need to be filled in order to save");
    const ok = await uploadRequest(tenant.admin, box, [{ name: "p.png", content: await png(8, 8) }], {
      type: "photo",
      properties: [{ key: "caption", value: JSON.stringify({ values: "A sunset", qualifiers: [] }) }],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()[0].properties).toMatchObject([{ key: "caption", value: '{"values":"A sunset","qualifiers":[]}', mandatory: true }]);
  });

  it("refuses an unknown type, an unknown container, the top level and a trashed container", async () => {
    const file = [{ name: "x.txt", content: Buffer.from("x") }];
    const unknownType = await uploadRequest(tenant.admin, box, file, { type: "nope" });
    expect([unknownType.statusCode, unknownType.json().message]).toEqual([400, "type: no datastream type with code 'nope'"]);
    const missing = "0191e6d2-0000-7000-8000-000000000000";
    const unknownContainer = await uploadRequest(tenant.admin, missing, file, { type: "file" });
    expect([unknownContainer.statusCode, unknownContainer.json().message]).toEqual([404, `Container ${missing} not found`]);
    const top = await uploadRequest(tenant.admin, "ROOT", file, { type: "file" });
    expect([top.statusCode, top.json().message]).toEqual([
      400,
      "Select a different destination: files cannot be uploaded to the top level",
    ]);
    const old = await newBox(tenant.admin, "Old box");
    expect((await tenant.admin.request("POST", `/api/containers/${old}/remove`)).statusCode).toBe(200);
    const trashed = await uploadRequest(tenant.admin, old, file, { type: "file" });
    expect([trashed.statusCode, trashed.json().message]).toEqual([404, `Container ${old} not found`]);
  });

  it("answers 400 for a request that is not multipart, malformed multipart, a missing data part and bad JSON in it", async () => {
    const file = [{ name: "x.txt", content: Buffer.from("x") }];
    const json = await tenant.admin.request("POST", `/api/datastreams?to=${box}`, { type: "file" });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/^Send the files as multipart\/form-data/);
    const broken = await tenant.admin.request(
      "POST",
      `/api/datastreams?to=${box}`,
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nhalf a file',
      {
        "content-type": "multipart/form-data; boundary=xyz",
      },
    );
    expect([broken.statusCode, broken.json().message]).toEqual([
      400,
      "The upload was interrupted before the file was complete. Please try again.",
    ]);
    const garbage = await tenant.admin.request("POST", `/api/datastreams?to=${box}`, "no parts in here at all", {
      "content-type": "multipart/form-data; boundary=xyz",
    });
    expect([garbage.statusCode, garbage.json().message]).toEqual([400, "The upload is not a valid multipart/form-data request"]);
    const noBoundary = await tenant.admin.request("POST", `/api/datastreams?to=${box}`, "whatever", {
      "content-type": "multipart/form-data",
    });
    expect(noBoundary.statusCode).toBe(400);
    const noData = await uploadRequest(tenant.admin, box, file, undefined);
    expect([noData.statusCode, noData.json().message]).toEqual([
      400,
      "The upload needs a 'data' part: JSON with the datastream type, label and properties",
    ]);
    const badJson = await uploadRequest(tenant.admin, box, file, "{ type: file");
    expect([badJson.statusCode, badJson.json().message]).toEqual([400, "The 'data' part is not valid JSON"]);
    const badBlobJson = await uploadRequest(tenant.admin, box, file, "{ type: file", { dataAsBlob: true });
    expect([badBlobJson.statusCode, badBlobJson.json().message]).toEqual([400, "The 'data' part is not valid JSON"]);
    const wrongShape = await uploadRequest(tenant.admin, box, file, { type: 42, label: "" });
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json().message).toMatch(/^Invalid data: type /);
    const noFile = await uploadRequest(tenant.admin, box, [], { type: "file" });
    expect([noFile.statusCode, noFile.json().message]).toEqual([400, "Choose at least one file to upload"]);
    expect(await tempFiles(t)).toEqual([]);
  });

  it("refuses a file past the upload size limit with 413, leaving no row, no blob and no temporary file", async () => {
    const limited = await t.newTenant();
    await setUpFileModel(limited.admin);
    const target = await newBox(limited.admin);
    await setUploadLimit(limited.admin, 100_000);
    const fits = await uploadRequest(limited.admin, target, [{ name: "fits.bin", content: randomBytes(100_000) }], { type: "file" });
    expect(fits.statusCode).toBe(201);
    const usedBefore = await storageUsed(limited.admin);
    const blobsBefore = await blobFiles(t, limited.id);
    const answer = await uploadRequest(
      limited.admin,
      target,
      [
        { name: "small.bin", content: randomBytes(1000) },
        { name: "big.bin", content: randomBytes(100_001) },
      ],
      { type: "file" },
    );
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ status: 413, error: "Payload Too Large", message: "The file is larger than the limit of 97.7 KB." });
    expect((await limited.admin.request("GET", `/api/containers/${target}/datastreams`)).json().totalElements).toBe(1);
    expect(await storageUsed(limited.admin)).toBe(usedBefore);
    expect(await blobFiles(t, limited.id)).toEqual(blobsBefore);
    expect(await tempFiles(t)).toEqual([]);
  });

  it("refuses an upload past the tenant's quota with 413, leaving nothing stored", async () => {
    const small = await newTenantWithQuota(t, 50_000);
    await setUpFileModel(small.admin);
    const target = (await newContainer(small.admin, { label: "Quota box", type: "box" })).uuid;
    const first = randomBytes(30_000);
    await uploadOne(small.admin, target, { name: "first.bin", content: first });
    expect(await storageUsed(small.admin)).toBe(30_000);
    const answer = await uploadRequest(small.admin, target, [{ name: "second.bin", content: randomBytes(30_000) }], { type: "file" });
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toBe(
      "Not enough storage space: the upload needs 29.3 KB but only 19.53 KB of the 48.83 KB quota is free.",
    );
    expect(await storageUsed(small.admin)).toBe(30_000);
    expect(await blobFiles(t, small.id)).toEqual([`${sha256(first).slice(0, 2)}/${sha256(first).slice(2, 4)}/${sha256(first)}`]);
    expect((await small.admin.request("GET", `/api/containers/${target}/datastreams`)).json().totalElements).toBe(1);
    // The same content again costs nothing: it is stored once.
    const again = await uploadRequest(small.admin, target, [{ name: "copy.bin", content: first }], { type: "file" });
    expect(again.statusCode).toBe(201);
    expect(await storageUsed(small.admin)).toBe(30_000);
  });

  it("makes nothing visible when a rule fails after the files were stored (data after the files)", async () => {
    const before = await datastreamCount();
    const blobsBefore = await blobFiles(t, tenant.id);
    const answer = await uploadRequest(
      tenant.admin,
      box,
      [{ name: "late.bin", content: randomBytes(5000) }],
      { type: "nope" },
      { dataLast: true },
    );
    expect(answer.statusCode).toBe(400);
    expect(await datastreamCount()).toBe(before);
    expect(await blobFiles(t, tenant.id)).toEqual(blobsBefore);
  });
});
