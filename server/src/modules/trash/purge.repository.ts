// SQL for purging files: whether any datastream or story asset of the tenant still holds a blob, and deleting the
// blob's row once none does (nor a story export or a guide's sized logo or cover, whose file may be the same bytes).
// Runs in tenant transactions.
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { blobIsHeld } from "../storage/blob-holders.repository.ts";

/** `missing`: no row (purged already); `used`: a datastream (live or trashed), asset, export or guide holds it; `unused`: none. */
export type BlobUse = { state: "missing" } | { state: "used" | "unused"; mimeType: string };

export async function findBlobUse(trx: Trx, sha256: string): Promise<BlobUse> {
  const row = await trx
    .selectFrom("blobs as b")
    .select(["b.mime_type", blobIsHeld.as("used")])
    .where("b.sha256", "=", sha256)
    .executeTakeFirst();
  if (!row) return { state: "missing" };
  return { state: row.used ? "used" : "unused", mimeType: row.mime_type };
}

/** Deletes the blob's row unless a datastream, asset, story export or guide holds it (again); answers whether it did. */
export async function deleteUnusedBlob(trx: Trx, sha256: string): Promise<boolean> {
  const row = await trx
    .deleteFrom("blobs as b")
    .where("b.sha256", "=", sha256)
    .where(sql<boolean>`not ${blobIsHeld}`)
    .returning("b.sha256")
    .executeTakeFirst();
  return row !== undefined;
}
