// The blob store for several instances: objects in one S3-compatible bucket, keyed <tenant>/<aa>/<bb>/<sha256> like
// the local layout. An upload is spooled to a local temporary file first, because the key is the hash of the whole
// file; only then is it sent (multipart when large), unless the bucket already holds that content.
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable } from "node:stream";
import type { S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import type { S3Settings } from "../../config.ts";
import { assertTenantId, type BlobStore, type ByteRange, blobKey, isSha256, type StoredFile } from "./blob-store.ts";
import { BlobNotFound, BlobRangeNotSatisfiable, BlobStoreUnavailable } from "./errors.ts";
import { s3Sdk } from "./s3-sdk.ts";
import { spoolToTempFile, sweepTempDir } from "./spool.ts";

const MIN_PART_BYTES = 8 * 1024 * 1024;
/** S3 allows 10 000 parts; staying below leaves room for rounding. */
const MAX_PARTS = 9_000;

function httpStatusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function nameOf(err: unknown): string | undefined {
  return err instanceof Error ? err.name : undefined;
}

function isNotFound(err: unknown): boolean {
  return httpStatusOf(err) === 404 || nameOf(err) === "NoSuchKey" || nameOf(err) === "NotFound";
}

/** S3's failures in the project's typed errors: a missing object, a range past its end, or the store failing. */
function toBlobError(err: unknown, sha256: string): Error {
  if (isNotFound(err)) return new BlobNotFound(sha256);
  if (httpStatusOf(err) === 416 || nameOf(err) === "InvalidRange") return new BlobRangeNotSatisfiable();
  return new BlobStoreUnavailable(err);
}

/** `bytes=a-b` for a GetObject Range; S3 would answer the whole object for a reversed range, so refuse it here. */
function rangeHeader(range: ByteRange): string {
  const start = range.start ?? 0;
  const end = range.end;
  if (!Number.isSafeInteger(start) || start < 0 || (end !== undefined && (!Number.isSafeInteger(end) || end < start))) {
    throw new BlobRangeNotSatisfiable();
  }
  return `bytes=${start}-${end ?? ""}`;
}

export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  const credentials =
    settings.accessKeyId && settings.secretAccessKey
      ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
      : undefined;
  return {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    // Without keys the SDK's default chain applies (instance role, AWS_* variables, profiles).
    ...(credentials ? { credentials } : {}),
    // Many S3-compatible servers reject the checksum headers the SDK adds by default.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}

/** `keyPrefix` puts a second store in the same bucket (derivatives/…) beside the blobs, whose keys start with a uuid. */
export function createS3BlobStore(options: { settings: S3Settings; tempDir: string; client?: S3Client; keyPrefix?: string }): BlobStore {
  const { bucket } = options.settings;
  const keyOf = (tenantId: string, sha256: string) => `${options.keyPrefix ?? ""}${blobKey(tenantId, sha256)}`;
  let made: S3Client | undefined;
  const s3 = async () => {
    const sdk = await s3Sdk();
    made ??= options.client ?? new sdk.S3Client(s3ClientConfig(options.settings));
    return { sdk, client: made };
  };

  async function objectSize(key: string, sha256: string): Promise<number | undefined> {
    const { sdk, client } = await s3();
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw toBlobError(err, sha256);
    }
  }

  /** The tenant's objects a page (up to 1000 keys) at a time; keys outside the blob layout are left out. */
  async function* objectsOf(tenantId: string): AsyncGenerator<StoredFile> {
    assertTenantId(tenantId);
    const { sdk, client } = await s3();
    let token: string | undefined;
    do {
      const command = new sdk.ListObjectsV2Command({
        Bucket: bucket,
        Prefix: `${options.keyPrefix ?? ""}${tenantId}/`,
        ContinuationToken: token,
      });
      const page = await client.send(command).catch((err: unknown) => {
        throw new BlobStoreUnavailable(err);
      });
      for (const object of page.Contents ?? []) {
        const sha256 = object.Key?.slice(object.Key.lastIndexOf("/") + 1) ?? "";
        if (isSha256(sha256) && object.Key === keyOf(tenantId, sha256) && object.LastModified) {
          yield { sha256, modifiedAt: object.LastModified };
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    async writeBlob(tenantId, source, { maxBytes }) {
      assertTenantId(tenantId);
      const { tempPath, ...blob } = await spoolToTempFile(options.tempDir, source, maxBytes);
      const key = keyOf(tenantId, blob.sha256);
      try {
        if ((await objectSize(key, blob.sha256)) !== undefined) return blob;
        const { sdk, client } = await s3();
        const upload = new sdk.Upload({
          client,
          params: { Bucket: bucket, Key: key, Body: createReadStream(tempPath), ContentType: blob.mimeType, ContentLength: blob.size },
          partSize: Math.max(MIN_PART_BYTES, Math.ceil(blob.size / MAX_PARTS)),
          queueSize: 4,
        });
        await upload.done().catch((err: unknown) => {
          throw toBlobError(err, blob.sha256);
        });
        return blob;
      } finally {
        await rm(tempPath, { force: true });
      }
    },

    async openBlob(tenantId, sha256, range) {
      if (!isSha256(sha256)) throw new BlobNotFound(sha256);
      const { sdk, client } = await s3();
      const command = new sdk.GetObjectCommand({
        Bucket: bucket,
        Key: keyOf(tenantId, sha256),
        ...(range ? { Range: rangeHeader(range) } : {}),
      });
      const response = await client.send(command).catch((err: unknown) => {
        throw toBlobError(err, sha256);
      });
      if (!(response.Body instanceof Readable)) throw new BlobStoreUnavailable(new Error("S3 answered without a readable body"));
      return response.Body;
    },

    async statBlob(tenantId, sha256) {
      if (!isSha256(sha256)) return undefined;
      const size = await objectSize(keyOf(tenantId, sha256), sha256);
      return size === undefined ? undefined : { size };
    },

    async deleteBlob(tenantId, sha256) {
      if (!isSha256(sha256)) return;
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: keyOf(tenantId, sha256) })).catch((err: unknown) => {
        if (!isNotFound(err)) throw toBlobError(err, sha256);
      });
    },

    listBlobs: objectsOf,

    sweepTempFiles(sweep) {
      return sweepTempDir(options.tempDir, sweep?.olderThanMs);
    },
  };
}
