// SQL for purging files: whether any datastream or story asset of the tenant still holds a blob, and deleting the
// blob's row once none does (nor a story export or a guide's sized logo or cover, whose file may be the same bytes).
// Runs in tenant transactions.
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

/** `missing`: no row (purged already); `used`: a datastream (live or trashed), asset, export or guide holds it; `unused`: none. */
export type BlobUse = { state: "missing" } | { state: "used" | "unused"; mimeType: string };

export async function findBlobUse(trx: Trx, sha256: string): Promise<BlobUse> {
  const row = await trx
    .selectFrom("blobs as b")
    .select([
      "b.mime_type",
      sql<boolean>`(exists (select 1 from datastreams d where d.tenant_id = b.tenant_id and d.blob_sha256 = b.sha256)
        or exists (select 1 from assets a where a.tenant_id = b.tenant_id and a.blob_sha256 = b.sha256)
        or exists (select 1 from story_exports e where e.tenant_id = b.tenant_id and e.blob_sha256 = b.sha256)
        or exists (select 1 from guides g where g.tenant_id = b.tenant_id and (g.logo_sha256 = b.sha256 or g.cover_sha256 = b.sha256)))`.as(
        "used",
      ),
    ])
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
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("datastreams as d")
            .select("d.id")
            .whereRef("d.tenant_id", "=", "b.tenant_id")
            .whereRef("d.blob_sha256", "=", "b.sha256"),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("assets as a").select("a.id").whereRef("a.tenant_id", "=", "b.tenant_id").whereRef("a.blob_sha256", "=", "b.sha256"),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("story_exports as e")
            .select("e.id")
            .whereRef("e.tenant_id", "=", "b.tenant_id")
            .whereRef("e.blob_sha256", "=", "b.sha256"),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("guides as g")
            .select("g.id")
            .whereRef("g.tenant_id", "=", "b.tenant_id")
            .where((eb) => eb.or([eb("g.logo_sha256", "=", eb.ref("b.sha256")), eb("g.cover_sha256", "=", eb.ref("b.sha256"))])),
        ),
      ),
    )
    .returning("b.sha256")
    .executeTakeFirst();
  return row !== undefined;
}
