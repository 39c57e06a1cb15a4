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

/** What each open inTenant transaction runs once it has committed (afterCommit). */
const committedWork = new WeakMap<Trx, (() => void)[]>();

export async function inTenant<T>(db: Db, tenantId: string, work: (trx: Trx) => Promise<T>): Promise<T> {
  const onCommit: (() => void)[] = [];
  const result = await db.transaction().execute(async (trx) => {
    committedWork.set(trx, onCommit);
    await enterTenant(trx, tenantId);
    return work(trx);
  });
  for (const done of onCommit) done();
  return result;
}

/**
 * Runs `done` once `trx` has committed, never if it rolls back: for in-memory state that must not be told of a change
 * before other transactions can read it. Only transactions opened by inTenant (every service's `ctx.db.transaction`)
 * can wait; for any other `done` runs at once, which suits only work that no request of this process can race.
 */
export function afterCommit(trx: Trx, done: () => void): void {
  const queue = committedWork.get(trx);
  if (queue) queue.push(done);
  else done();
}

/** The handle services get: a tenant-bound way to open a transaction. */
export type TenantDb = {
  tenantId: string;
  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T>;
};

export function tenantDb(db: Db, tenantId: string): TenantDb {
  return { tenantId, transaction: (work) => inTenant(db, tenantId, work) };
}

/**
 * A handle whose transactions all run in `trx`, already open: service calls made with it commit or roll back
 * together, as one (for work that needs several services' steps all or nothing, like WebDAV's MOVE).
 */
export function joinedDb(trx: Trx, tenantId: string): TenantDb {
  return { tenantId, transaction: (work) => work(trx) };
}
