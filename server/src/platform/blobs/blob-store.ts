// The file store's contract. Files are content-addressed by sha-256 per tenant, so tenants never share bytes and a
// tenant storing the same file twice stores it once. A blob becomes visible only through a database row that
// references it, committed after `writeBlob` returns: never hold a transaction open while a file streams in.
import type { Readable } from "node:stream";
import type { WholeBlob, WholeReadOptions } from "./blob-reader.ts";
import { BlobRangeNotSatisfiable } from "./errors.ts";

/** `crc32`: of the bytes, when known (the store computes it on writing; exports need it). */
export type WrittenBlob = { sha256: string; size: number; mimeType: string; crc32?: number };

/** A file the store holds for a tenant, and when it was last written (the orphan sweep's grace period counts from it). */
export type StoredFile = { sha256: string; modifiedAt: Date };

/** Byte positions as in HTTP Range: `end` is inclusive; either may be left out. */
export type ByteRange = { start?: number | undefined; end?: number | undefined };

export type BlobStore = {
  /**
   * Streams `source` into the store while hashing, counting and sniffing it.
   * Throws BlobTooLarge past `maxBytes` and BlobUploadAborted when the source fails; neither leaves a file behind.
   */
  writeBlob(tenantId: string, source: Readable, options: { maxBytes: number }): Promise<WrittenBlob>;
  /** The blob's bytes (or a range of them). Throws BlobNotFound, or BlobRangeNotSatisfiable for a range past the end. */
  openBlob(tenantId: string, sha256: string, range?: ByteRange): Promise<Readable>;
  /**
   * A small blob's `size` bytes at once, with their CRC-32 (`options.crc32` when the blob keeps it, else computed),
   * read off the main thread (stores on a local disk only; exports use it for files up to WHOLE_READ_MAX_BYTES).
   * Throws BlobNotFound.
   */
  readWholeBlob?(tenantId: string, sha256: string, size: number, options?: WholeReadOptions): Promise<WholeBlob>;
  /**
   * The blob's own file, for readers that want a seekable path (libvips reads only the parts it needs); stores on a
   * local disk only. Throws BlobNotFound. The file is the store's: read it, never write or remove it.
   */
  localPath?(tenantId: string, sha256: string): Promise<string>;
  statBlob(tenantId: string, sha256: string): Promise<{ size: number } | undefined>;
  /** Removes the blob; a blob that is already gone is not an error. */
  deleteBlob(tenantId: string, sha256: string): Promise<void>;
  /** Every file the store holds for the tenant, in no particular order, read a folder or a page at a time. */
  listBlobs(tenantId: string): AsyncIterable<StoredFile>;
  /** Deletes uploads a crashed process left in the temporary folder; answers how many it removed. */
  sweepTempFiles(options?: { olderThanMs?: number }): Promise<number>;
};

/** Temporary files younger than this may belong to an upload still under way. */
export const TEMP_FILE_MAX_AGE_MS = 60 * 60 * 1000;

const SHA256 = /^[0-9a-f]{64}$/;
const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isSha256(value: string): boolean {
  return SHA256.test(value);
}

/** Tenant ids become folder names and object keys: only a uuid may. */
export function assertTenantId(tenantId: string): void {
  if (!TENANT_ID.test(tenantId)) throw new Error(`Not a tenant id: ${tenantId}`);
}

/**
 * `<tenant>/<aa>/<bb>/<sha256>`: the blob's place below the store's root (a folder or a bucket). Two levels of
 * fan-out keep folders small. The tenant id is a uuid, checked so that no value can reach outside the root.
 */
export function blobKey(tenantId: string, sha256: string): string {
  assertTenantId(tenantId);
  if (!isSha256(sha256)) throw new Error(`Not a sha-256 hex digest: ${sha256}`);
  return `${tenantId}/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

/** The first and last byte a range selects in a blob of `size` bytes; an `end` past the blob is cut to its end. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } {
  const start = range.start ?? 0;
  const end = Math.min(range.end ?? size - 1, size - 1);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || start >= size || end < start)
    throw new BlobRangeNotSatisfiable(size);
  return { start, end };
}
