// SQL of WebDAV's own tables (migration 0029): write locks by share path, and dead properties per object.
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export type LockRow = {
  token: string;
  path: string;
  deep: boolean;
  exclusive: boolean;
  owner_xml: string;
  user_id: string;
  expires_at: Date;
};

const LOCK_COLUMNS = ["token", "path", "deep", "exclusive", "owner_xml", "user_id", "expires_at"] as const;

/**
 * Holds a name in a folder until the transaction ends: two MKCOLs of one new folder at once (rclone's parallel
 * transfers each make their file's folder) would otherwise both find it missing and make two namesakes.
 */
export async function lockName(trx: Trx, tenantId: string, folderId: string | null, name: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`webdav-name:${tenantId}:${folderId ?? ""}:${name}`}, 0))`.execute(trx);
}

/** Paths are share paths without a trailing slash: `/`, `/Letters`, `/Letters/a.txt`. */
const insidePattern = (path: string) => `${path === "/" ? "" : path.replace(/[\\%_]/g, "\\$&")}/%`;

function ancestorsOf(path: string): string[] {
  const segments = path.split("/").filter(Boolean);
  return ["/", ...segments.slice(0, -1).map((_, index) => `/${segments.slice(0, index + 1).join("/")}`)].filter((p) => p !== path);
}

/** Live locks on `path`, on a folder above it taken deep, or (with `below`) on anything inside it. */
export function listLocksCovering(trx: Trx, path: string, below: boolean): Promise<LockRow[]> {
  const folders = ancestorsOf(path);
  const inside = insidePattern(path);
  return trx
    .selectFrom("webdav_locks")
    .select(LOCK_COLUMNS)
    .where("expires_at", ">", sql<Date>`now()`)
    .where((eb) =>
      eb.or([
        eb("path", "=", path),
        ...(folders.length > 0 ? [eb.and([eb("deep", "=", true), eb("path", "in", folders)])] : []),
        ...(below ? [eb("path", "like", inside)] : []),
      ]),
    )
    .execute();
}

export function findLock(trx: Trx, token: string): Promise<LockRow | undefined> {
  return trx
    .selectFrom("webdav_locks")
    .select(LOCK_COLUMNS)
    .where("token", "=", token)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
}

export async function insertLock(trx: Trx, tenantId: string, lock: LockRow): Promise<void> {
  await trx.deleteFrom("webdav_locks").where("expires_at", "<=", sql<Date>`now()`).execute();
  await trx
    .insertInto("webdav_locks")
    .values({ tenant_id: tenantId, ...lock })
    .execute();
}

export async function refreshLock(trx: Trx, token: string, expiresAt: Date): Promise<void> {
  await trx.updateTable("webdav_locks").set({ expires_at: expiresAt }).where("token", "=", token).execute();
}

export async function deleteLock(trx: Trx, token: string): Promise<boolean> {
  const result = await trx.deleteFrom("webdav_locks").where("token", "=", token).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Locks go with what they covered when it is moved away or deleted. */
export async function deleteLocksAt(trx: Trx, path: string): Promise<void> {
  const inside = insidePattern(path);
  await trx
    .deleteFrom("webdav_locks")
    .where((eb) => eb.or([eb("path", "=", path), eb("path", "like", inside)]))
    .execute();
}

export type PropertyRow = { object_id: string; namespace: string; name: string; value_xml: string };

export function listProperties(trx: Trx, objectIds: readonly string[]): Promise<PropertyRow[]> {
  if (objectIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom("webdav_properties")
    .select(["object_id", "namespace", "name", "value_xml"])
    .where("object_id", "in", objectIds)
    .orderBy("object_id")
    .orderBy("namespace")
    .orderBy("name")
    .execute();
}

export async function countProperties(trx: Trx, objectId: string): Promise<number> {
  const row = await trx
    .selectFrom("webdav_properties")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("object_id", "=", objectId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function setProperty(trx: Trx, tenantId: string, row: PropertyRow): Promise<void> {
  await trx
    .insertInto("webdav_properties")
    .values({ tenant_id: tenantId, ...row })
    .onConflict((oc) => oc.columns(["tenant_id", "object_id", "namespace", "name"]).doUpdateSet({ value_xml: row.value_xml }))
    .execute();
}

export async function removeProperty(trx: Trx, objectId: string, namespace: string, name: string): Promise<void> {
  await trx
    .deleteFrom("webdav_properties")
    .where("object_id", "=", objectId)
    .where("namespace", "=", namespace)
    .where("name", "=", name)
    .execute();
}

/** A copy carries the dead properties of what it copies. */
export async function copyProperties(trx: Trx, tenantId: string, fromId: string, toId: string): Promise<void> {
  const rows = await listProperties(trx, [fromId]);
  if (rows.length === 0) return;
  await trx
    .insertInto("webdav_properties")
    .values(rows.map((row) => ({ ...row, tenant_id: tenantId, object_id: toId })))
    .execute();
}
