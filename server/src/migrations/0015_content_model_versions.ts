// A version of each tenant's content model, so the server may keep the model's types in memory and check with one
// short read that they are still current (modules/content-model/type-cache.ts). Any change to a table a type's
// description is read from gives the tenant a new version.
//
// Versions come from one sequence, which never hands out a number twice, not even after a rollback: a version seen
// inside a transaction that then rolled back can never name another state of the model.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

/** What a type's description (types.service.ts `findType`) is read from. */
const MODEL_TABLES = [
  "content_types",
  "content_type_acceptance",
  "content_type_properties",
  "properties",
  "property_groups",
  "property_namespaces",
  "property_qualifiers",
  "property_qualifier_links",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence content_model_version`.execute(db);
  await sql`create table content_model_versions (
    tenant_id uuid primary key references tenants(id),
    version bigint not null
  )`.execute(db);
  await protectTenantTable(db, "content_model_versions");
  await sql`insert into content_model_versions (tenant_id, version) select id, nextval('content_model_version') from tenants`.execute(db);

  // Per row, so the tenant is the row's own even for a writer outside any tenant; models change seldom.
  await sql`create function content_model_changed() returns trigger language plpgsql as $$
    declare
      v_tenant uuid;
    begin
      if tg_op = 'DELETE' then v_tenant := old.tenant_id; else v_tenant := new.tenant_id; end if;
      insert into content_model_versions (tenant_id, version) values (v_tenant, nextval('content_model_version'))
        on conflict (tenant_id) do update set version = excluded.version;
      return null;
    end $$`.execute(db);
  for (const table of MODEL_TABLES) {
    await sql`create trigger ${sql.raw(`${table}_changes_model`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function content_model_changed()`.execute(db);
  }
}
