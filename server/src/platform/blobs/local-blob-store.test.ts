import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { crc32 } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BlobStore } from "./blob-store.ts";
import { BlobNotFound, BlobRangeNotSatisfiable, BlobTooLarge, BlobUploadAborted } from "./errors.ts";
import { createLocalBlobStore } from "./local-blob-store.ts";
import { largePng, SAMPLES } from "./test-samples.ts";

const MB = 1024 * 1024;
const tenantA = randomUUID();
const tenantB = randomUUID();

let root: string;
let store: BlobStore;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "repox-blobs-"));
  store = createLocalBlobStore(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const blobPath = (tenantId: string, sha: string) => join(root, tenantId, sha.slice(0, 2), sha.slice(2, 4), sha);
const tempFiles = () => readdir(join(root, "tmp")).catch(() => []);

/** A source that sends `bytes` in chunks of `chunkSize`, as a request body would arrive. */
function chunked(bytes: Buffer, chunkSize = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < bytes.length; offset += chunkSize) yield bytes.subarray(offset, offset + chunkSize);
    })(),
  );
}

/** A source that sends `before` bytes, then fails the way a dropped connection does. */
function failingAfter(before: number): Readable {
  return Readable.from(
    (async function* () {
      yield randomBytes(before);
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    })(),
  );
}

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("local blob store: writing", () => {
  it("stores a streamed file under its tenant and sha-256, and answers hash, size and type", async () => {
    const bytes = largePng(3 * MB);
    const blob = await store.writeBlob(tenantA, chunked(bytes), { maxBytes: 10 * MB });
    // No CRC-32 past the whole-read size: exports stream such files and checksum them as they go.
    expect(blob).toEqual({ sha256: sha256(bytes), size: bytes.length, mimeType: "image/png" });
    expect(await readFile(blobPath(tenantA, blob.sha256))).toEqual(bytes);
    const small = SAMPLES.pdf;
    expect(await store.writeBlob(tenantA, chunked(small), { maxBytes: MB })).toEqual({
      sha256: sha256(small),
      size: small.length,
      mimeType: "application/pdf",
      crc32: crc32(small),
    });
    expect(await tempFiles()).toEqual([]);
  });

  it("stores identical content once per tenant", async () => {
    const bytes = Buffer.from("same content twice\n");
    const first = await store.writeBlob(tenantA, chunked(bytes), { maxBytes: MB });
    const before = await stat(blobPath(tenantA, first.sha256));
    const second = await store.writeBlob(tenantA, chunked(bytes, 3), { maxBytes: MB });
    expect(second).toEqual(first);
    const after = await stat(blobPath(tenantA, first.sha256));
    expect(after.ino).toBe(before.ino);
    expect(await readdir(join(root, tenantA, first.sha256.slice(0, 2), first.sha256.slice(2, 4)))).toEqual([first.sha256]);
    expect(await tempFiles()).toEqual([]);
  });

  it.each([
    ["a PDF", SAMPLES.pdf, "application/pdf"],
    ["an MP4 video", SAMPLES.mp4, "video/mp4"],
    ["plain text", Buffer.from("Just some notes.\n"), "text/plain"],
    ["unknown bytes", Buffer.from([0, 1, 2, 3, 250, 251, 252, 0]), "application/octet-stream"],
  ])("sniffs %s from its first bytes", async (_name, head, expected) => {
    const blob = await store.writeBlob(tenantA, chunked(head, 5), { maxBytes: MB });
    expect(blob.mimeType).toBe(expected);
  });

  it("accepts a file of exactly maxBytes", async () => {
    const blob = await store.writeBlob(tenantA, chunked(randomBytes(1000), 100), { maxBytes: 1000 });
    expect(blob.size).toBe(1000);
  });

  it("refuses a file past maxBytes with a 413 message and leaves neither a blob nor a temporary file", async () => {
    const bytes = randomBytes(2 * MB + 1);
    const write = store.writeBlob(tenantA, chunked(bytes), { maxBytes: 2 * MB });
    await expect(write).rejects.toBeInstanceOf(BlobTooLarge);
    await expect(write).rejects.toMatchObject({ status: 413, message: "The file is larger than the limit of 2 MB." });
    expect(await tempFiles()).toEqual([]);
    expect(await readdir(root)).toEqual(["tmp"]);
  });

  it("removes the temporary file and stores nothing when the sender disconnects mid-way", async () => {
    const write = store.writeBlob(tenantA, failingAfter(256 * 1024), { maxBytes: 10 * MB });
    await expect(write).rejects.toBeInstanceOf(BlobUploadAborted);
    await expect(write).rejects.toMatchObject({ status: 400 });
    expect(await tempFiles()).toEqual([]);
    expect(await readdir(root)).toEqual(["tmp"]);
  });

  it("keeps tenants apart: the same file is stored for each tenant separately", async () => {
    const bytes = Buffer.from("shared by two organisations");
    const a = await store.writeBlob(tenantA, chunked(bytes), { maxBytes: MB });
    const b = await store.writeBlob(tenantB, chunked(bytes), { maxBytes: MB });
    expect(a.sha256).toBe(b.sha256);
    expect(blobPath(tenantA, a.sha256)).not.toBe(blobPath(tenantB, b.sha256));
    await store.deleteBlob(tenantA, a.sha256);
    await expect(store.openBlob(tenantA, a.sha256)).rejects.toBeInstanceOf(BlobNotFound);
    expect(await text(await store.openBlob(tenantB, b.sha256))).toBe("shared by two organisations");
  });

  it("refuses a tenant id that is not a uuid, so no value can leave the store's folder", async () => {
    await expect(store.writeBlob("../../etc", chunked(Buffer.from("x")), { maxBytes: MB })).rejects.toThrow("Not a tenant id");
    expect(await readdir(root)).toEqual([]);
  });
});

describe("local blob store: reading", () => {
  const bytes = Buffer.from("0123456789abcdef");
  let sha: string;
  beforeEach(async () => {
    sha = (await store.writeBlob(tenantA, chunked(bytes), { maxBytes: MB })).sha256;
  });

  it("reads the whole blob", async () => {
    expect(await read(await store.openBlob(tenantA, sha))).toEqual(bytes);
  });

  it.each([
    [{ start: 2, end: 5 }, "2345"],
    [{ start: 10 }, "abcdef"],
    [{ end: 3 }, "0123"],
    [{ start: 14, end: 1000 }, "ef"],
    [{ start: 15, end: 15 }, "f"],
  ])("reads the range %j", async (range, expected) => {
    expect(await text(await store.openBlob(tenantA, sha, range))).toBe(expected);
  });

  it.each([[{ start: 16 }], [{ start: 5, end: 4 }], [{ start: -1 }]])("refuses the range %j with 416", async (range) => {
    const open = store.openBlob(tenantA, sha, range);
    await expect(open).rejects.toBeInstanceOf(BlobRangeNotSatisfiable);
    await expect(open).rejects.toMatchObject({ status: 416, size: 16 });
  });

  it("answers 404 for unknown content, another tenant's content and a malformed hash", async () => {
    await expect(store.openBlob(tenantA, "a".repeat(64))).rejects.toBeInstanceOf(BlobNotFound);
    await expect(store.openBlob(tenantB, sha)).rejects.toMatchObject({ status: 404 });
    await expect(store.openBlob(tenantA, "../../x")).rejects.toBeInstanceOf(BlobNotFound);
  });

  it("stats and deletes, and deleting twice is not an error", async () => {
    expect(await store.statBlob(tenantA, sha)).toEqual({ size: 16 });
    expect(await store.statBlob(tenantB, sha)).toBeUndefined();
    await store.deleteBlob(tenantA, sha);
    await store.deleteBlob(tenantA, sha);
    expect(await store.statBlob(tenantA, sha)).toBeUndefined();
  });
});

describe("local blob store: temporary files", () => {
  it("sweeps uploads left for over an hour and keeps younger ones", async () => {
    const tmp = join(root, "tmp");
    await mkdir(tmp, { recursive: true });
    await writeFile(join(tmp, "crashed.part"), "half a file");
    await writeFile(join(tmp, "in-progress.part"), "still coming");
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(join(tmp, "crashed.part"), twoHoursAgo, twoHoursAgo);

    expect(await store.sweepTempFiles()).toBe(1);
    expect(await readdir(tmp)).toEqual(["in-progress.part"]);
  });

  it("sweeps nothing when no upload ever started", async () => {
    expect(await store.sweepTempFiles()).toBe(0);
  });
});
