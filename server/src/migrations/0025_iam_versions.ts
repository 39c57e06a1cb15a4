// A version of each tenant's IAM data, so the server may keep signed-in users' principals (user, locked state,
// sessions' start, permission codes) in memory and know when to read them again (modules/iam/principal-cache.ts).
// Triggers give the tenant a new version in the same transaction as any change a principal is read from, whichever
// code makes it: a user added, removed, renamed, locked or unlocked, a password set (sessions_valid_after), a
// membership or a group's permission added or removed. A group deleted removes its memberships and permissions by
// cascade, which fires their triggers; a group's name or description is in no principal.
//
// Versions come from one sequence, as in migration 0015: never the same number twice, not even after a rollback.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence iam_version`.execute(db);
  await sql`create table iam_versions (
    tenant_id uuid primary key references tenants(id),
    version bigint not null
  )`.execute(db);
  await protectTenantTable(db, "iam_versions");
  await sql`insert into iam_versions (tenant_id, version) select id, nextval('iam_version') from tenants`.execute(db);

  // Per row, so the tenant is the row's own even for a writer outside any tenant; IAM changes are rare.
  await sql`create function iam_changed() returns trigger language plpgsql as $$
    declare
      v_tenant uuid;
    begin
      if tg_op = 'DELETE' then v_tenant := old.tenant_id; else v_tenant := new.tenant_id; end if;
      insert into iam_versions (tenant_id, version) values (v_tenant, nextval('iam_version'))
        on conflict (tenant_id) do update set version = excluded.version;
      return null;
    end $$`.execute(db);
  await sql`create trigger users_changes_iam after insert or delete or update of username, locked, sessions_valid_after
    on users for each row execute function iam_changed()`.execute(db);
  for (const table of ["group_members", "group_permissions"]) {
    await sql`create trigger ${sql.raw(`${table}_changes_iam`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function iam_changed()`.execute(db);
  }
}
