// SQL for the `blobs` table: the record that makes a stored file visible to its tenant. Runs in tenant transactions.
import { sql } from "kysely";
import type { Trx } from "../db/tenant-transaction.ts";
import type { WrittenBlob } from "./blob-store.ts";

/** Records a blob written by the store; recording the same content again changes nothing. */
export async function recordBlob(trx: Trx, tenantId: string, blob: WrittenBlob): Promise<void> {
  await trx
    .insertInto("blobs")
    .values({
      tenant_id: tenantId,
      sha256: blob.sha256,
      size: blob.size,
      mime_type: blob.mimeType,
      // The column is signed (migration 0013); `| 0` keeps the same 32 bits.
      crc32: blob.crc32 === undefined ? null : blob.crc32 | 0,
    })
    .onConflict((conflict) => conflict.columns(["tenant_id", "sha256"]).doNothing())
    .execute();
}

export async function findBlob(trx: Trx, sha256: string): Promise<WrittenBlob | undefined> {
  const row = await trx.selectFrom("blobs").select(["sha256", "size", "mime_type"]).where("sha256", "=", sha256).executeTakeFirst();
  return row && { sha256: row.sha256, size: Number(row.size), mimeType: row.mime_type };
}

/** Which of these blobs have a row (the orphan sweep leaves those files alone). */
export async function recordedBlobs(trx: Trx, sha256s: readonly string[]): Promise<Set<string>> {
  if (sha256s.length === 0) return new Set();
  const rows = await trx
    .selectFrom("blobs")
    .select("sha256")
    .where("sha256", "in", [...sha256s])
    .execute();
  return new Set(rows.map((row) => row.sha256));
}

/** First key of a blob's lock: "RPXB". The second is the hash of tenant and sha-256. */
const BLOB_LOCK_CLASS = 0x52505842;

/**
 * Holds a lock on one blob of the tenant until the transaction ends. Purging a file takes it while deleting the row
 * and the file; a transaction recording an upload whose file the store already held (writeBlob found it) takes it
 * before recording, then checks the file is still there (statBlob), so a purge cannot delete bytes it now needs.
 */
export async function lockBlob(trx: Trx, tenantId: string, sha256: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${BLOB_LOCK_CLASS}, hashtext(${`${tenantId}:${sha256}`}))`.execute(trx);
}
