// SQL for storage figures: the bytes a tenant's files take (each file once, however many datastreams, assets or story
// exports hold it), the per-tenant lock that serialises quota checks with the uploads they admit, and the datastreams
// by size. Runs inside
// tenant transactions; the trashed datastreams count too, until the trash is emptied.
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { labelSortKey, visible } from "../containers/visibility.repository.ts";
import { personJson } from "../iam/people.repository.ts";
import { blobIsHeld } from "./blob-holders.repository.ts";

/** First key of the quota lock: "RPXQ". The second is the tenant's hash, so tenants never wait for each other. */
const QUOTA_LOCK_CLASS = 0x52505851;

/** Holds the tenant's quota lock until the transaction ends: two uploads cannot both fit in the same free bytes. */
export async function lockQuota(trx: Trx, tenantId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${QUOTA_LOCK_CLASS}, hashtext(${tenantId}))`.execute(trx);
}

export async function usedBytes(trx: Trx): Promise<number> {
  const row = await trx
    .selectFrom("blobs as b")
    .select(sql<string>`coalesce(sum(b.size), 0)`.as("used"))
    .where(blobIsHeld)
    .executeTakeFirstOrThrow();
  return Number(row.used);
}

/** Which of `sha256s` some datastream or asset already holds: storing them again costs nothing. */
export async function heldBlobs(trx: Trx, sha256s: readonly string[]): Promise<Set<string>> {
  if (sha256s.length === 0) return new Set();
  const rows = await trx
    .selectFrom("blobs as b")
    .select("b.sha256")
    .where("b.sha256", "in", [...sha256s])
    .where(blobIsHeld)
    .execute();
  return new Set(rows.map((row) => row.sha256));
}

/** A page of the tenant's datastreams, largest file first, then newest first (index datastreams_by_size). */
export function listItems(trx: Trx, page: { offset: number; limit: number }) {
  return trx
    .selectFrom("datastreams as d")
    .select(["d.id", "d.label", "d.filesize", "d.mime_type", "d.created_at", "d.deleted_at"])
    .select([
      personJson("d.tenant_id", "d.created_by").as("created_by"),
      sql<{ id: string; label: string } | null>`(select json_build_object('id', c.id, 'label', c.label)
        from datastream_memberships m join containers c on c.tenant_id = m.tenant_id and c.id = m.container_id
        where m.tenant_id = d.tenant_id and m.datastream_id = d.id and ${visible("c")}
        order by ${labelSortKey("c")}, c.id limit 1)`.as("container"),
    ])
    .orderBy("d.filesize", "desc")
    .orderBy("d.id", "desc")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export type StorageItemRow = Awaited<ReturnType<typeof listItems>>[number];

export async function countItems(trx: Trx): Promise<number> {
  const { count } = await trx
    .selectFrom("datastreams")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}
