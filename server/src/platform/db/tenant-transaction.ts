// Every tenant-scoped read and write runs here: a transaction as the non-superuser role `repox_app`
// with `app.tenant_id` set, so row-level security hides other tenants even from a query that forgets its filter.
import { sql, type Transaction } from "kysely";
import type { Db } from "./database.ts";
import type { Database } from "./schema.ts";

export const APP_ROLE = "repox_app";

export type Trx = Transaction<Database>;

/** Switches an open transaction to the app role and one tenant until it ends. */
export async function enterTenant(trx: Trx, tenantId: string): Promise<void> {
  await sql`select set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${tenantId}, true)`.execute(trx);
}

export function inTenant<T>(db: Db, tenantId: string, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await enterTenant(trx, tenantId);
    return work(trx);
  });
}

/** The handle services get: a tenant-bound way to open a transaction. */
export type TenantDb = {
  tenantId: string;
  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T>;
};

export function tenantDb(db: Db, tenantId: string): TenantDb {
  return { tenantId, transaction: (work) => inTenant(db, tenantId, work) };
}
