// Resumable uploads with STORAGE=s3: partial uploads kept in the bucket of a real S3 server (s3rver over HTTP) by
// tus-bucket-store.ts, through the API. What any instance can resume is proven across two processes in
// scale-out.test.ts; here the store's own rules: chunks, a PATCH cut short, cancel, expiry.
import { randomBytes } from "node:crypto";
import { GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3Server, startS3Server } from "../../test/s3-server.ts";
import type { TestApp, TestTenant } from "../../test/test-app.ts";
import { CHUNK, createdUpload as createdTusUpload, uploadId as idOf, resumedAfterCut, sha256, TUS } from "../../test/tus-client.ts";
import { listeningFileApp } from "./testing.ts";
import { createPartialUploadStore, createResumableUploads } from "./tus.ts";

let s3: S3Server;
let t: TestApp;
let tenant: TestTenant;
let box: string;
let baseUrl: string;

beforeAll(async () => {
  s3 = await startS3Server();
  ({ t, tenant, box, baseUrl } = await listeningFileApp(s3.env));
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const createdUpload = (size: number) =>
  createdTusUpload(tenant.admin, size, { container: box, datastreamType: "file", filename: "big.bin" });

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
    const rest = await resumedAfterCut({ baseUrl, location, content, sent, tenantCode: tenant.code, caller: tenant.admin });
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
