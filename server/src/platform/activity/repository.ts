// SQL for the activity log. Runs inside tenant transactions.
import type { Trx } from "../db/tenant-transaction.ts";

export type NewActivity = {
  tenant_id: string;
  object_type: string;
  object_id: string;
  user_id: string | null;
  action: string;
  description: string;
  /** ActivityParams as JSON text. */
  params: string;
};

export async function insertActivity(trx: Trx, entry: NewActivity): Promise<void> {
  await trx.insertInto("activity").values(entry).execute();
}

/** Many entries in few statements (bulk changes such as an import). */
export async function insertActivities(trx: Trx, entries: readonly NewActivity[]): Promise<void> {
  const chunk = 1000;
  for (let start = 0; start < entries.length; start += chunk) {
    await trx
      .insertInto("activity")
      .values(entries.slice(start, start + chunk))
      .execute();
  }
}

export type ActivityRow = {
  id: number;
  created_at: Date;
  action: string;
  description: string;
  params: unknown;
  user_id: string | null;
  username: string | null;
  firstname: string | null;
  lastname: string | null;
};

/** Newest first; the id breaks ties between changes made in one transaction (same created_at). */
export function listActivity(
  trx: Trx,
  objectType: string,
  objectId: string,
  page: { offset: number; limit: number },
): Promise<ActivityRow[]> {
  return trx
    .selectFrom("activity as a")
    .leftJoin("users as u", (join) => join.onRef("u.tenant_id", "=", "a.tenant_id").onRef("u.id", "=", "a.user_id"))
    .select(["a.id", "a.created_at", "a.action", "a.description", "a.params", "a.user_id", "u.username", "u.firstname", "u.lastname"])
    .where("a.object_type", "=", objectType)
    .where("a.object_id", "=", objectId)
    .orderBy("a.id", "desc")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countActivity(trx: Trx, objectType: string, objectId: string): Promise<number> {
  const { count } = await trx
    .selectFrom("activity")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("object_type", "=", objectType)
    .where("object_id", "=", objectId)
    .executeTakeFirstOrThrow();
  return Number(count);
}
