// Listing a tenant's objects in the S3 store (what the orphan sweep walks), against the real AWS SDK with an
// in-memory ListObjectsV2 that answers two keys a page.
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { S3Client } from "@aws-sdk/client-s3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { S3Settings } from "../../config.ts";
import { blobKey, type StoredFile } from "./blob-store.ts";
import { BlobStoreUnavailable } from "./errors.ts";
import { createS3BlobStore, s3ClientConfig } from "./s3-blob-store.ts";

const settings: S3Settings = {
  bucket: "repox-files",
  region: "eu-west-1",
  endpoint: "http://s3.test.invalid",
  accessKeyId: "test-key",
  secretAccessKey: "test-secret",
  forcePathStyle: true,
};
const PAGE_SIZE = 2;
const tenant = randomUUID();
const other = randomUUID();
const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const escapeXml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;");

type Request = { method: string; path: string; query: Record<string, string | string[] | null> };

/** A bucket that only lists: keys with their LastModified, in key order, PAGE_SIZE a page. */
function listingBucket(objects: Map<string, Date>, state: { failing: boolean; pages: number }) {
  async function handle(request: Request) {
    const respond = (statusCode: number, body: string) => ({
      response: { statusCode, headers: {}, body: Readable.from([Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${body}`)]) },
    });
    if (state.failing) return respond(500, "<Error><Code>InternalError</Code><Message>down</Message></Error>");
    if (request.method !== "GET" || request.query["list-type"] !== "2") throw new Error(`unexpected request ${request.method}`);
    state.pages++;
    const prefix = String(request.query.prefix ?? "");
    const start = Number(request.query["continuation-token"] ?? 0);
    const keys = [...objects.keys()].filter((key) => key.startsWith(prefix)).sort();
    const page = keys.slice(start, start + PAGE_SIZE);
    const truncated = start + PAGE_SIZE < keys.length;
    const contents = page
      .map(
        (key) =>
          `<Contents><Key>${escapeXml(key)}</Key><LastModified>${objects.get(key)?.toISOString()}</LastModified><Size>1</Size></Contents>`,
      )
      .join("");
    return respond(
      200,
      `<ListBucketResult><Name>${settings.bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
        `<IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${start + PAGE_SIZE}</NextContinuationToken>` : ""}` +
        `${contents}</ListBucketResult>`,
    );
  }
  return { handle, updateHttpClientConfig() {}, httpHandlerConfigs: () => ({}) };
}

let tempDir: string;
let objects: Map<string, Date>;
let state: { failing: boolean; pages: number };

function storeWith(keyPrefix?: string) {
  const client = new S3Client({ ...s3ClientConfig(settings), requestHandler: listingBucket(objects, state), maxAttempts: 1 });
  return createS3BlobStore({ settings, tempDir, client, ...(keyPrefix ? { keyPrefix } : {}) });
}

async function listed(files: AsyncIterable<StoredFile>): Promise<StoredFile[]> {
  const all: StoredFile[] = [];
  for await (const file of files) all.push(file);
  return all.sort((x, y) => x.sha256.localeCompare(y.sha256));
}

beforeEach(() => {
  tempDir = mkdtempSync(join(tmpdir(), "repox-s3-list-"));
  objects = new Map();
  state = { failing: false, pages: 0 };
});
afterEach(() => rm(tempDir, { recursive: true, force: true }));

describe("listing the S3 store", () => {
  it("answers every blob of the tenant with its time, page after page, and nothing of other tenants or prefixes", async () => {
    const mine = ["one", "two", "three"].map(sha);
    mine.forEach((sha256, index) => {
      objects.set(blobKey(tenant, sha256), new Date(Date.UTC(2024, 0, index + 1)));
    });
    objects.set(blobKey(other, sha("other tenant")), new Date());
    objects.set(`derivatives/${blobKey(tenant, sha("thumbnail"))}`, new Date(Date.UTC(2024, 5, 1)));
    objects.set(`${tenant}/notes/readme.txt`, new Date());

    const files = await listed(storeWith().listBlobs(tenant));
    expect(files).toEqual(
      mine
        .map((sha256, index) => ({ sha256, modifiedAt: new Date(Date.UTC(2024, 0, index + 1)) }))
        .sort((x, y) => x.sha256.localeCompare(y.sha256)),
    );
    expect(state.pages).toBe(2);

    expect(await listed(storeWith("derivatives/").listBlobs(tenant))).toEqual([
      { sha256: sha("thumbnail"), modifiedAt: new Date(Date.UTC(2024, 5, 1)) },
    ]);
  });

  it("answers nothing for a tenant without files, and the store's failure as unavailable", async () => {
    expect(await listed(storeWith().listBlobs(tenant))).toEqual([]);
    state.failing = true;
    await expect(listed(storeWith().listBlobs(tenant))).rejects.toBeInstanceOf(BlobStoreUnavailable);
  });
});
