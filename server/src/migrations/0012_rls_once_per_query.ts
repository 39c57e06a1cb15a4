// Tenant isolation policies read the session's tenant once per statement instead of once per row. Written as
// `tenant_id = app_tenant_id()`, the function was inlined and evaluated for every row a scan filtered: counting the
// 10 000 children of a folder spent two thirds of its 8 ms reading the setting. Wrapped in a sub-select it becomes
// an init plan, computed once and compared like a constant (still usable as an index condition).
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ table: string }>`select tablename as table from pg_policies
    where schemaname = current_schema() and policyname = 'tenant_isolation' and tablename <> 'tenants'
    order by tablename`.execute(db);
  for (const { table } of rows) {
    await sql`alter policy tenant_isolation on ${sql.table(table)}
      using (tenant_id = (select app_tenant_id())) with check (tenant_id = (select app_tenant_id()))`.execute(db);
  }
  await sql`alter policy tenant_isolation on tenants using (id = (select app_tenant_id()))`.execute(db);
}
