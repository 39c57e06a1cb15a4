// Resumable uploads with STORAGE=s3: partial uploads kept in the bucket of a real S3 server (s3rver over HTTP) by
// tus-bucket-store.ts, through the API. What any instance can resume is proven across two processes in
// scale-out.test.ts; here the store's own rules: chunks, a PATCH cut short, cancel, expiry.
import { createHash, randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3Server, startS3Server } from "../../test/s3-server.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { newBox, setUpFileModel } from "./testing.ts";
import { createPartialUploadStore, createResumableUploads } from "./tus.ts";

let s3: S3Server;
let t: TestApp;
let tenant: TestTenant;
let box: string;
let baseUrl: string;

const TUS = { "tus-resumable": "1.0.0" };
const CHUNK = { ...TUS, "content-type": "application/offset+octet-stream" };
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const idOf = (location: string) => location.split("/").pop() ?? "";

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp(s3.env);
  tenant = await t.newTenant();
  await setUpFileModel(tenant.admin);
  box = await newBox(tenant.admin);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

async function createdUpload(size: number): Promise<string> {
  const metadata = `container ${Buffer.from(box).toString("base64")},datastreamType ${Buffer.from("file").toString("base64")},filename ${Buffer.from("big.bin").toString("base64")}`;
  const answer = await tenant.admin.request("POST", "/api/uploads/tus", undefined, {
    ...TUS,
    "upload-length": String(size),
    "upload-metadata": metadata,
  });
  if (answer.statusCode !== 201) throw new Error(`tus create answered ${answer.statusCode}: ${answer.body}`);
  return answer.headers.location as string;
}

const offsetOf = async (location: string) => (await tenant.admin.request("HEAD", location, undefined, TUS)).headers["upload-offset"];

describe("resumable uploads kept in the bucket", () => {
  it("keeps each PATCH as an object from its offset, and leaves nothing in the bucket once the datastream exists", async () => {
    const content = randomBytes(250_000);
    const location = await createdUpload(content.length);
    const id = idOf(location);
    expect(await s3.keys("tus/")).toEqual([`tus/${id}/info`]);
    const first = await tenant.admin.request("PATCH", location, content.subarray(0, 100_000), { ...CHUNK, "upload-offset": "0" });
    expect([first.statusCode, first.headers["upload-offset"]]).toEqual([204, "100000"]);
    expect(await s3.keys("tus/")).toEqual([`tus/${id}/0000000000000000`, `tus/${id}/info`]);
    const wrongOffset = await tenant.admin.request("PATCH", location, content.subarray(0, 10), { ...CHUNK, "upload-offset": "0" });
    expect(wrongOffset.statusCode).toBe(409);

    const last = await tenant.admin.request("PATCH", location, content.subarray(100_000), { ...CHUNK, "upload-offset": "100000" });
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ filesize: content.length, sha256: sha256(content) });
    const download = await tenant.admin.request("GET", `/api/datastreams/${last.json().uuid}/download`);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(await s3.keys("tus/")).toEqual([]);
  });

  it("keeps the bytes of a PATCH cut short, so the upload resumes after them", async () => {
    const content = randomBytes(2 * 1024 * 1024);
    const location = await createdUpload(content.length);
    const sent = 768 * 1024;
    await new Promise<void>((resolve) => {
      const cut = httpRequest(`${baseUrl}${location}`, {
        method: "PATCH",
        headers: {
          ...CHUNK,
          "upload-offset": "0",
          "content-length": String(content.length),
          "x-tenantid": tenant.code,
          authorization: `Bearer ${tenant.admin.token}`,
        },
      });
      cut.on("error", () => resolve());
      cut.write(content.subarray(0, sent), () => setTimeout(() => cut.destroy(), 200));
      cut.on("close", () => resolve());
    });
    // What the server received goes to the bucket after the connection is gone: wait until the offset settles.
    let offset = "";
    for (let tries = 0; tries < 50; tries++) {
      const now = await offsetOf(location);
      if (now === offset && now !== "0") break;
      offset = now as string;
      await sleep(100);
    }
    const received = Number(offset);
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThanOrEqual(sent);
    const rest = await tenant.admin.request("PATCH", location, content.subarray(received), { ...CHUNK, "upload-offset": offset });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ filesize: content.length, sha256: sha256(content) });
  });

  it("deletes a cancelled upload's objects, and expired uploads", async () => {
    const cancelled = await createdUpload(100);
    await tenant.admin.request("PATCH", cancelled, randomBytes(40), { ...CHUNK, "upload-offset": "0" });
    expect((await tenant.admin.request("DELETE", cancelled, undefined, TUS)).statusCode).toBe(204);
    expect((await tenant.admin.request("HEAD", cancelled, undefined, TUS)).statusCode).toBe(404);
    expect(await s3.keys(`tus/${idOf(cancelled)}/`)).toEqual([]);

    const stale = await createdUpload(100);
    await tenant.admin.request("PATCH", stale, randomBytes(40), { ...CHUNK, "upload-offset": "0" });
    const infoKey = `tus/${idOf(stale)}/info`;
    const stored = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: infoKey }));
    const info = JSON.parse((await stored.Body?.transformToString()) ?? "{}");
    const dayAndHourAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await s3.client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: infoKey, Body: JSON.stringify({ ...info, creation_date: dayAndHourAgo }) }),
    );
    const gone = await tenant.admin.request("PATCH", stale, randomBytes(60), { ...CHUNK, "upload-offset": "40" });
    expect(gone.statusCode).toBe(410);
    const fresh = await createdUpload(100);
    expect(await createResumableUploads(createPartialUploadStore(t.config), t.services.datastreams).sweepExpired()).toBe(1);
    expect(await s3.keys("tus/")).toEqual([`tus/${idOf(fresh)}/info`]);
  });
});
