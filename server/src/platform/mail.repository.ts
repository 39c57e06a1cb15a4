// SQL for the mail outbox. Runs inside tenant transactions.
import type { Trx } from "./db/tenant-transaction.ts";

export async function insertOutboxMessage(
  trx: Trx,
  message: { tenant_id: string; recipient: string; subject: string; body: string },
): Promise<number> {
  const row = await trx.insertInto("mail_outbox").values(message).returning("id").executeTakeFirstOrThrow();
  return Number(row.id);
}

export function findOutboxMessage(trx: Trx, id: number) {
  return trx.selectFrom("mail_outbox").select(["recipient", "subject", "body"]).where("id", "=", id).executeTakeFirst();
}

/** How the delivery went: `sent`, `logged` (no SMTP_URL) or `failed` with the error. */
export async function recordDelivery(trx: Trx, id: number, outcome: { status: string; error: string | null }): Promise<void> {
  await trx
    .updateTable("mail_outbox")
    .set({ ...outcome, sent_at: new Date() })
    .where("id", "=", id)
    .execute();
}
