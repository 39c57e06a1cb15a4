// SQL for stars and the personal lists: a user's stars, the ids of a page of Recent (what anyone changed last) and of
// Starred (what the user starred last), trashed items left out. The lists' rows are read through the containers service.
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { visible } from "../containers/visibility.repository.ts";

export type ObjectKind = "container" | "datastream";
export type Window = { offset: number; limit: number };

const TABLE = { container: "containers", datastream: "datastreams" } as const;

/** Sets or clears the user's star; answers whether that changed anything. */
export async function setStar(
  trx: Trx,
  star: { tenantId: string; userId: string; kind: ObjectKind; objectId: string },
  starred: boolean,
): Promise<boolean> {
  if (starred) {
    const inserted = await trx
      .insertInto("stars")
      .values({ tenant_id: star.tenantId, user_id: star.userId, object_type: star.kind, object_id: star.objectId })
      .onConflict((conflict) => conflict.columns(["tenant_id", "user_id", "object_type", "object_id"]).doNothing())
      .returning("object_id")
      .executeTakeFirst();
    return inserted !== undefined;
  }
  const deleted = await trx
    .deleteFrom("stars")
    .where("user_id", "=", star.userId)
    .where("object_type", "=", star.kind)
    .where("object_id", "=", star.objectId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** The user's stars on live items of a kind: the last starred first (index stars_list). */
export async function listStarredIds(trx: Trx, userId: string, kind: ObjectKind, window: Window): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select s.object_id as id from stars s
    join ${sql.table(TABLE[kind])} i on i.tenant_id = s.tenant_id and i.id = s.object_id and ${visible("i")}
    where s.user_id = ${userId} and s.object_type = ${kind}
    order by s.created_at desc, s.object_id
    offset ${window.offset} limit ${window.limit}`.execute(trx);
  return rows.map((row) => row.id);
}

export async function countStarred(trx: Trx, userId: string, kind: ObjectKind): Promise<number> {
  const { rows } = await sql<{ count: number }>`select count(*) as count from stars s
    join ${sql.table(TABLE[kind])} i on i.tenant_id = s.tenant_id and i.id = s.object_id and ${visible("i")}
    where s.user_id = ${userId} and s.object_type = ${kind}`.execute(trx);
  return Number(rows[0]?.count ?? 0);
}

/** Live items of a kind, the last changed (by anyone) first, id breaking ties (index containers_recent / datastreams_recent). */
export async function listRecentIds(trx: Trx, kind: ObjectKind, window: Window): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select i.id from ${sql.table(TABLE[kind])} i where ${visible("i")}
    order by i.modified_at desc, i.id desc
    offset ${window.offset} limit ${window.limit}`.execute(trx);
  return rows.map((row) => row.id);
}

export async function countRecent(trx: Trx, kind: ObjectKind): Promise<number> {
  const { rows } = await sql<{ count: number }>`select count(*) as count from ${sql.table(TABLE[kind])} i
    where ${visible("i")}`.execute(trx);
  return Number(rows[0]?.count ?? 0);
}
