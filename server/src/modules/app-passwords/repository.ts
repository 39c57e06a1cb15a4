// SQL for app passwords (migration 0028).
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export type AppPasswordRow = { id: string; name: string; created_at: Date; last_used_at: Date | null };

const LISTED = ["id", "name", "created_at", "last_used_at"] as const;

export function listAppPasswords(trx: Trx, userId: string): Promise<AppPasswordRow[]> {
  return trx.selectFrom("app_passwords").select(LISTED).where("user_id", "=", userId).orderBy("created_at").orderBy("id").execute();
}

export async function countAppPasswords(trx: Trx, userId: string): Promise<number> {
  const { count } = await trx
    .selectFrom("app_passwords")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export function insertAppPassword(
  trx: Trx,
  row: { tenant_id: string; user_id: string; name: string; secret_hash: string },
): Promise<AppPasswordRow> {
  return trx.insertInto("app_passwords").values(row).returning(LISTED).executeTakeFirstOrThrow();
}

/** Only the caller's own: another user's id deletes nothing. */
export async function deleteAppPassword(trx: Trx, userId: string, id: string): Promise<boolean> {
  const result = await trx.deleteFrom("app_passwords").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function findBySecretHash(trx: Trx, userId: string, secretHash: string) {
  return trx
    .selectFrom("app_passwords")
    .select(["id", "last_used_at"])
    .where("secret_hash", "=", secretHash)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function touchAppPassword(trx: Trx, id: string, at: Date): Promise<void> {
  await trx.updateTable("app_passwords").set({ last_used_at: at }).where("id", "=", id).execute();
}

/** Serialises a user's creations until the transaction ends, so two at once cannot both pass the count. */
export async function lockUserAppPasswords(trx: Trx, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`app-passwords:${userId}`}, 0))`.execute(trx);
}
