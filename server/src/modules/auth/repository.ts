// SQL for single-use password reset tokens (stored as SHA-256 hashes, never in clear).
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export async function insertResetToken(
  trx: Trx,
  row: { tenant_id: string; token_hash: string; user_id: string; expires_at: Date },
): Promise<void> {
  await trx.insertInto("password_resets").values(row).execute();
}

/** Marks the token used and returns its user, only if it was unused and unexpired. */
export async function consumeResetToken(trx: Trx, tokenHash: string): Promise<string | undefined> {
  const row = await trx
    .updateTable("password_resets")
    .set({ used_at: new Date() })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date())
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id;
}

/** After a successful reset, every other link still out for the same user stops working too. */
export async function revokeResetTokens(trx: Trx, userId: string): Promise<void> {
  await trx
    .updateTable("password_resets")
    .set({ used_at: new Date() })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
}
