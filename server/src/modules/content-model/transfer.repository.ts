// SQL for import: each item of a content-model file is tried under a savepoint, so a refused item leaves nothing
// behind while the rest of the file goes on in the same transaction.
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export async function withSavepoint<T>(trx: Trx, work: () => Promise<T>): Promise<T> {
  await sql`savepoint content_model_item`.execute(trx);
  try {
    const result = await work();
    await sql`release savepoint content_model_item`.execute(trx);
    return result;
  } catch (error) {
    await sql`rollback to savepoint content_model_item`.execute(trx);
    throw error;
  }
}
