// Row-level security helpers for migrations: every tenant table gets the same policy and grants.
import { type Kysely, sql } from "kysely";
import { APP_ROLE } from "./tenant-transaction.ts";

/** Enables and forces RLS on a table with a `tenant_id` column and lets the app role use it. */
export async function protectTenantTable(db: Kysely<unknown>, table: string): Promise<void> {
  const name = sql.table(table);
  await sql`alter table ${name} enable row level security`.execute(db);
  await sql`alter table ${name} force row level security`.execute(db);
  // The sub-select reads the tenant once per statement, not once per row (migration 0012).
  await sql`create policy tenant_isolation on ${name}
    using (tenant_id = (select app_tenant_id())) with check (tenant_id = (select app_tenant_id()))`.execute(db);
  await sql`grant select, insert, update, delete on ${name} to ${sql.raw(APP_ROLE)}`.execute(db);
}
