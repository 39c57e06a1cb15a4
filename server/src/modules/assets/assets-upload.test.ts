import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { png, sidewaysJpeg } from "../../platform/media/test-media.ts";
import { multipart } from "../../test/multipart.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { blobFiles, newTenantWithQuota, setUploadLimit, storageUsed, tempFiles, windowsProgram } from "../datastreams/testing.ts";
import { distinctPng, imageData, imagesOfEveryKind, uploadAsset, uploadAssetRequest } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
});
afterAll(() => t.close());

async function assetCount(): Promise<number> {
  return inTenant(t.db, tenant.id, async (trx) => {
    const row = await trx
      .selectFrom("assets")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  });
}

/** Answers the refusal of an upload and checks it stored nothing: no asset row, no file, no temporary file. */
async function refused(files: Parameters<typeof uploadAssetRequest>[1], data?: unknown, options = {}) {
  const assetsBefore = await assetCount();
  const filesBefore = await blobFiles(t, tenant.id);
  const answer = await uploadAssetRequest(tenant.admin, files, data, options);
  expect(await assetCount()).toBe(assetsBefore);
  expect(await blobFiles(t, tenant.id)).toEqual(filesBefore);
  expect(await tempFiles(t)).toEqual([]);
  return { status: answer.statusCode, message: answer.json().message as string };
}

describe("uploading an image", () => {
  it("accepts each allowed kind (.png .jpeg .jpg .gif .bmp), sniffed from the bytes, with its dimensions", async () => {
    for (const { file, mimeType, width, height } of await imagesOfEveryKind()) {
      const asset = await uploadAsset(tenant.admin, file, imageData(`Picture ${file.name}`));
      expect(asset).toMatchObject({
        label: `Picture ${file.name}`,
        type: "IMAGE",
        properties: [],
        mimeType,
        filesize: file.content.length,
        width,
        height,
        createdBy: { uuid: tenant.admin.uuid },
        thumbnail: { status: "pending", url: null },
      });
      expect(asset.downloadUrl).toMatch(new RegExp(`^/api/assets/${asset.uuid}/download\\?tenant=${tenant.code}&exp=\\d+&uid=`));
      const download = await tenant.admin.request("GET", `/api/assets/${asset.uuid}/download`);
      expect(download.rawPayload).toEqual(file.content);
    }
  });

  it("names the asset after its file without a label, and reads data after the file or sent as a JSON blob", async () => {
    const first = await uploadAssetRequest(tenant.admin, [{ name: "C:\\photos\\sunset.png", content: await distinctPng() }], {
      type: "IMAGE",
      properties: [],
    });
    expect([first.statusCode, first.json().label]).toEqual([201, "sunset.png"]);
    const last = await uploadAssetRequest(tenant.admin, [{ name: "later.png", content: await distinctPng() }], imageData("Data last"), {
      dataLast: true,
    });
    expect([last.statusCode, last.json().label]).toEqual([201, "Data last"]);
    const blob = await uploadAssetRequest(tenant.admin, [{ name: "blob.png", content: await distinctPng() }], imageData("As blob"), {
      dataAsBlob: true,
    });
    expect([blob.statusCode, blob.json().label]).toEqual([201, "As blob"]);
  });

  it("gives a sideways JPEG the dimensions a browser shows it with (EXIF orientation)", async () => {
    const asset = await uploadAsset(tenant.admin, { name: "turned.jpg", content: await sidewaysJpeg(60, 20) });
    expect([asset.width, asset.height]).toEqual([20, 60]);
  });

  it("records the file once in the blob store and counts it in the storage used", async () => {
    const before = await storageUsed(tenant.admin);
    const bytes = await png(64, 64, 1);
    const asset = await uploadAsset(tenant.admin, { name: "counted.png", content: bytes });
    expect(await storageUsed(tenant.admin)).toBe(before + bytes.length);
    const again = await uploadAsset(tenant.admin, { name: "counted-again.png", content: bytes });
    expect(again.uuid).not.toBe(asset.uuid);
    expect(await storageUsed(tenant.admin)).toBe(before + bytes.length);
    expect((await blobFiles(t, tenant.id)).filter((path) => path.endsWith(sha256(bytes)))).toHaveLength(1);
  });
});

describe("refused uploads store nothing", () => {
  it("refuses text renamed .png, whatever Content-Type it claims", async () => {
    const text = { name: "notes.png", content: Buffer.from("just some notes, not a picture\n"), type: "image/png" };
    expect(await refused([text], imageData())).toEqual({
      status: 400,
      message: "'notes.png' is not a PNG image: its content is text/plain. Only .png, .jpeg, .jpg, .gif and .bmp images can be uploaded",
    });
    const program = { name: "kitten.gif", content: windowsProgram(), type: "image/gif" };
    expect((await refused([program], imageData())).message).toBe(
      "'kitten.gif' is not a GIF image: its content is application/x-msdownload. Only .png, .jpeg, .jpg, .gif and .bmp images can be uploaded",
    );
  });

  it("refuses an image whose bytes are another kind than its name says", async () => {
    expect(await refused([{ name: "photo.jpg", content: await png(10, 10) }], imageData())).toEqual({
      status: 400,
      message: "'photo.jpg' is a PNG image, not a JPEG image as its name says: rename it or upload another image",
    });
  });

  it("refuses names without an accepted extension before reading the bytes", async () => {
    expect(await refused([{ name: "notes.txt", content: Buffer.from("hello\n") }], imageData())).toEqual({
      status: 400,
      message: "Only .png, .jpeg, .jpg, .gif and .bmp images can be uploaded: 'notes.txt' is not one of them",
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await refused([{ name: "logo.svg", content: svg }], imageData())).status).toBe(400);
    expect((await refused([{ name: ".png", content: await png(5, 5) }], imageData())).status).toBe(400);
  });

  it("refuses two files, even two good images", async () => {
    const files = [
      { name: "one.png", content: await distinctPng() },
      { name: "two.png", content: await distinctPng() },
    ];
    expect(await refused(files, imageData())).toEqual({
      status: 400,
      message: "Upload exactly one image: the request holds more than one file",
    });
    expect((await refused(files, imageData(), { dataLast: true })).status).toBe(400);
  });

  it("refuses an upload without the data part, or without the file", async () => {
    expect(await refused([{ name: "lonely.png", content: await distinctPng() }], undefined)).toEqual({
      status: 400,
      message: "The upload needs a 'data' part: JSON {type: 'IMAGE', label, properties: []}",
    });
    expect(await refused([], imageData())).toEqual({
      status: 400,
      message: "Choose an image to upload: the request holds no 'file' part",
    });
  });

  it("refuses bad data, naming what is wrong", async () => {
    const file = async () => [{ name: "ok.png", content: await distinctPng() }];
    const cases: [unknown, string][] = [
      ["{not json", "The 'data' part is not valid JSON"],
      [{ type: "VIDEO", properties: [] }, "Invalid data: type must be IMAGE"],
      [{ properties: [] }, "Invalid data: type must be IMAGE"],
      [{ type: "IMAGE", properties: [{ key: "x", value: "y" }] }, "Invalid data: properties must be an empty list"],
      [{ type: "IMAGE", label: "x".repeat(256), properties: [] }, "Invalid data: label must be at most 255 characters"],
      [{ type: "IMAGE", label: "   ", properties: [] }, "Invalid data: label is required"],
      [["IMAGE"], "Invalid data: must be a JSON object {type, label, properties}"],
    ];
    for (const [data, message] of cases) {
      expect(await refused(await file(), data)).toEqual({ status: 400, message });
    }
    expect((await refused(await file(), { type: "IMAGE", properties: [], owner: "me" })).message).toMatch(/^Invalid data: .*owner/);
  });

  it("refuses a file sent under another part name, and a request that is not multipart", async () => {
    expect(await refused([{ name: "ok.png", content: await distinctPng() }], imageData(), { fileField: "image" })).toEqual({
      status: 400,
      message: "Send the image in a part named 'file', not 'image'",
    });
    const json = await tenant.admin.request("POST", "/api/assets", { type: "IMAGE", properties: [] });
    expect([json.statusCode, json.json().message]).toEqual([
      400,
      "Send the image as multipart/form-data: a 'file' part with the image and a 'data' part (JSON)",
    ]);
  });

  it("refuses an image larger than the upload size setting with 413", async () => {
    const limited = await t.newTenant();
    await setUploadLimit(limited.admin, 1000);
    const big = await png(200, 200, 0);
    expect(big.length).toBeGreaterThan(1000);
    const body = await multipart([{ name: "big.png", content: big }], imageData());
    const answer = await limited.admin.request("POST", "/api/assets", body.payload, { "content-type": body.contentType });
    expect([answer.statusCode, answer.json().message]).toEqual([413, "The file is larger than the limit of 1000 bytes."]);
    expect(await blobFiles(t, limited.id)).toEqual([]);
    const small = await uploadAssetRequest(limited.admin, [{ name: "small.png", content: await png(4, 4) }], imageData());
    expect(small.statusCode).toBe(201);
  });

  it("refuses an image past the storage quota with 413", async () => {
    const small = await newTenantWithQuota(t, 200);
    const answer = await uploadAssetRequest(small.admin, [{ name: "big.png", content: await png(100, 100, 0) }], imageData());
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toMatch(/^Not enough storage space: the upload needs .* but only 200 B of the 200 B quota is free\.$/);
    expect(await blobFiles(t, small.id)).toEqual([]);
  });

  it("refuses a body cut short in the middle of the image with 400", async () => {
    const body = await multipart([{ name: "cut.png", content: await png(300, 300, 0) }], imageData());
    const cut = body.payload.subarray(0, Math.floor(body.payload.length / 2));
    const assetsBefore = await assetCount();
    const answer = await tenant.admin.request("POST", "/api/assets", cut, { "content-type": body.contentType });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/interrupted|not a valid multipart/);
    expect(await assetCount()).toBe(assetsBefore);
    expect(await tempFiles(t)).toEqual([]);
  });
});
