// The S3 store against the real AWS SDK (signing, serialisation, lib-storage's multipart upload, error parsing) with
// only the HTTP handler replaced by an in-memory bucket: no S3 server runs here.
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { buffer, text } from "node:stream/consumers";
import { crc32 } from "node:zlib";
import { S3Client } from "@aws-sdk/client-s3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { S3Settings } from "../../config.ts";
import type { BlobStore } from "./blob-store.ts";
import { BlobNotFound, BlobRangeNotSatisfiable, BlobStoreUnavailable } from "./errors.ts";
import { createS3BlobStore, s3ClientConfig } from "./s3-blob-store.ts";
import { largePng, SAMPLES } from "./test-samples.ts";

type SentRequest = {
  method: string;
  hostname: string;
  path: string;
  query: Record<string, string | string[] | null>;
  headers: Record<string, string>;
  body?: unknown;
};
type Answer = { statusCode: number; headers: Record<string, string>; body: Readable };

const xml = (body: string) => Readable.from([Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${body}`)]);
const errorXml = (code: string) => xml(`<Error><Code>${code}</Code><Message>${code}</Message></Error>`);

async function bodyBytes(body: unknown): Promise<Buffer> {
  if (body === undefined || body === null) return Buffer.alloc(0);
  if (typeof body === "string" || body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof Readable) return buffer(body);
  throw new Error("unexpected request body");
}

/** An in-memory bucket that answers as S3 does, keyed by the request path; `failWith` makes every call fail. */
function fakeBucket() {
  const objects = new Map<string, { bytes: Buffer; contentType: string | undefined }>();
  const parts = new Map<string, Buffer[]>();
  const requests: SentRequest[] = [];
  const state = { failWith: undefined as { status: number; code: string } | undefined };

  function answer(status: number, headers: Record<string, string> = {}, body: Readable = Readable.from([])): { response: Answer } {
    return { response: { statusCode: status, headers, body } };
  }

  async function handle(request: SentRequest): Promise<{ response: Answer }> {
    requests.push(request);
    if (state.failWith) return answer(state.failWith.status, {}, errorXml(state.failWith.code));
    const key = decodeURIComponent(request.path);
    const uploadId = request.query.uploadId as string | undefined;
    const body = await bodyBytes(request.body);
    if (request.method === "POST" && "uploads" in request.query) {
      parts.set("u1", []);
      return answer(200, {}, xml(`<InitiateMultipartUploadResult><UploadId>u1</UploadId></InitiateMultipartUploadResult>`));
    }
    if (request.method === "PUT" && uploadId) {
      const list = parts.get(uploadId) ?? [];
      list[Number(request.query.partNumber) - 1] = body;
      return answer(200, { etag: `"part-${request.query.partNumber}"` });
    }
    if (request.method === "POST" && uploadId) {
      objects.set(key, { bytes: Buffer.concat(parts.get(uploadId) ?? []), contentType: undefined });
      return answer(200, {}, xml(`<CompleteMultipartUploadResult><ETag>"done"</ETag></CompleteMultipartUploadResult>`));
    }
    if (request.method === "PUT") {
      objects.set(key, { bytes: body, contentType: request.headers["content-type"] });
      return answer(200, { etag: '"put"' });
    }
    const object = objects.get(key);
    if (request.method === "DELETE") {
      objects.delete(key);
      return answer(204);
    }
    if (!object) return request.method === "HEAD" ? answer(404) : answer(404, {}, errorXml("NoSuchKey"));
    if (request.method === "HEAD") return answer(200, { "content-length": String(object.bytes.length) });
    const range = request.headers.range?.match(/^bytes=(\d+)-(\d*)$/);
    if (!range) return answer(200, { "content-length": String(object.bytes.length) }, Readable.from([object.bytes]));
    const start = Number(range[1]);
    if (start >= object.bytes.length) return answer(416, {}, errorXml("InvalidRange"));
    const end = Math.min(range[2] ? Number(range[2]) : object.bytes.length - 1, object.bytes.length - 1);
    const slice = object.bytes.subarray(start, end + 1);
    return answer(206, { "content-range": `bytes ${start}-${end}/${object.bytes.length}` }, Readable.from([slice]));
  }

  return { objects, requests, state, handler: { handle, updateHttpClientConfig() {}, httpHandlerConfigs: () => ({}) } };
}

const settings: S3Settings = {
  bucket: "repox-files",
  region: "eu-west-1",
  endpoint: "http://s3.test.invalid",
  accessKeyId: "test-key",
  secretAccessKey: "test-secret",
  forcePathStyle: true,
};
const tenant = randomUUID();
const MB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

let tempDir: string;
let bucket: ReturnType<typeof fakeBucket>;
let store: BlobStore;

function storeWith(overrides: Partial<S3Settings> = {}): BlobStore {
  const client = new S3Client({ ...s3ClientConfig({ ...settings, ...overrides }), requestHandler: bucket.handler, maxAttempts: 1 });
  return createS3BlobStore({ settings: { ...settings, ...overrides }, tempDir, client });
}

beforeEach(() => {
  tempDir = mkdtempSync(join(tmpdir(), "repox-s3-"));
  bucket = fakeBucket();
  store = storeWith();
});
afterEach(() => rm(tempDir, { recursive: true, force: true }));

describe("S3 blob store", () => {
  it("uploads to <bucket>/<tenant>/<aa>/<bb>/<sha256> with the sniffed content type, and removes its temporary file", async () => {
    const blob = await store.writeBlob(tenant, Readable.from([SAMPLES.pdf]), { maxBytes: MB });
    const sha = sha256(SAMPLES.pdf);
    expect(blob).toEqual({ sha256: sha, size: SAMPLES.pdf.length, mimeType: "application/pdf", crc32: crc32(SAMPLES.pdf) });
    const put = bucket.requests.find((request) => request.method === "PUT");
    expect(put?.path).toBe(`/repox-files/${tenant}/${sha.slice(0, 2)}/${sha.slice(2, 4)}/${sha}`);
    expect(put?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/eu-west-1\/s3\/aws4_request/);
    expect(bucket.objects.get(put?.path ?? "")).toEqual({ bytes: SAMPLES.pdf, contentType: "application/pdf" });
    expect(await readdir(tempDir)).toEqual([]);
  });

  it("addresses the bucket by host name when path style is off", async () => {
    await storeWith({ forcePathStyle: false }).writeBlob(tenant, Readable.from([Buffer.from("hello")]), { maxBytes: MB });
    const put = bucket.requests.find((request) => request.method === "PUT");
    expect(put?.hostname).toBe("repox-files.s3.test.invalid");
    expect(put?.path).toMatch(new RegExp(`^/${tenant}/[0-9a-f]{2}/[0-9a-f]{2}/[0-9a-f]{64}$`));
  });

  it("keeps a store with a key prefix apart from the blobs in the same bucket", async () => {
    const client = new S3Client({ ...s3ClientConfig(settings), requestHandler: bucket.handler, maxAttempts: 1 });
    const derivatives = createS3BlobStore({ settings, tempDir, client, keyPrefix: "derivatives/" });
    const { sha256: sha } = await derivatives.writeBlob(tenant, Readable.from([SAMPLES.png]), { maxBytes: MB });
    expect([...bucket.objects.keys()]).toEqual([`/repox-files/derivatives/${tenant}/${sha.slice(0, 2)}/${sha.slice(2, 4)}/${sha}`]);
    expect(await buffer(await derivatives.openBlob(tenant, sha))).toEqual(SAMPLES.png);
    await expect(store.openBlob(tenant, sha)).rejects.toBeInstanceOf(BlobNotFound);
    await derivatives.deleteBlob(tenant, sha);
    expect(bucket.objects.size).toBe(0);
  });

  it("does not upload content the bucket already holds", async () => {
    await store.writeBlob(tenant, Readable.from([Buffer.from("twice")]), { maxBytes: MB });
    await store.writeBlob(tenant, Readable.from([Buffer.from("twice")]), { maxBytes: MB });
    expect(bucket.requests.map((request) => request.method)).toEqual(["HEAD", "PUT", "HEAD"]);
    expect(await readdir(tempDir)).toEqual([]);
  });

  it("sends a large file as a multipart upload whose parts add up to the file", async () => {
    const bytes = largePng(9 * MB);
    const blob = await store.writeBlob(tenant, Readable.from([bytes]), { maxBytes: 20 * MB });
    expect(blob.mimeType).toBe("image/png");
    const partNumbers = bucket.requests.filter((request) => request.query.partNumber).map((request) => request.query.partNumber);
    expect(partNumbers).toEqual(["1", "2"]);
    const [stored] = [...bucket.objects.values()];
    expect(stored && sha256(stored.bytes)).toBe(blob.sha256);
  });

  it("reads whole objects and ranges, mapping a range past the end to 416 and a reversed one before any request", async () => {
    const { sha256: sha } = await store.writeBlob(tenant, Readable.from([Buffer.from("0123456789")]), { maxBytes: MB });
    expect(await text(await store.openBlob(tenant, sha))).toBe("0123456789");
    expect(await text(await store.openBlob(tenant, sha, { start: 3, end: 5 }))).toBe("345");
    expect(bucket.requests.at(-1)?.headers.range).toBe("bytes=3-5");
    expect(await text(await store.openBlob(tenant, sha, { start: 8 }))).toBe("89");
    await expect(store.openBlob(tenant, sha, { start: 10 })).rejects.toBeInstanceOf(BlobRangeNotSatisfiable);
    const sent = bucket.requests.length;
    await expect(store.openBlob(tenant, sha, { start: 5, end: 4 })).rejects.toMatchObject({ status: 416 });
    expect(bucket.requests.length).toBe(sent);
  });

  it("answers missing objects as not found and deletes idempotently", async () => {
    const { sha256: sha } = await store.writeBlob(tenant, Readable.from([Buffer.from("bye")]), { maxBytes: MB });
    expect(await store.statBlob(tenant, sha)).toEqual({ size: 3 });
    await store.deleteBlob(tenant, sha);
    await store.deleteBlob(tenant, sha);
    expect(await store.statBlob(tenant, sha)).toBeUndefined();
    await expect(store.openBlob(tenant, sha)).rejects.toBeInstanceOf(BlobNotFound);
    await expect(store.openBlob(randomUUID(), sha)).rejects.toMatchObject({ status: 404 });
  });

  it("maps a failing S3 to 'store unavailable' and still removes the temporary file", async () => {
    bucket.state.failWith = { status: 503, code: "SlowDown" };
    await expect(store.writeBlob(tenant, Readable.from([Buffer.from("x")]), { maxBytes: MB })).rejects.toBeInstanceOf(BlobStoreUnavailable);
    expect(await readdir(tempDir)).toEqual([]);
    bucket.state.failWith = { status: 500, code: "InternalError" };
    await expect(store.openBlob(tenant, "a".repeat(64))).rejects.toBeInstanceOf(BlobStoreUnavailable);
  });
});
