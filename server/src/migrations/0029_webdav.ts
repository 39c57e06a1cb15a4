// WebDAV (issue 16, docs/standards.md "WebDAV"): what the protocol keeps that the content model has no place for.
//
// webdav_locks: write locks clients take (LOCK/UNLOCK), by the share path they cover, so every instance sees them;
// expired rows are ignored and removed when a lock on the same tenant is next taken.
// webdav_properties: dead properties clients set with PROPPATCH, per container or datastream, as XML text.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table webdav_locks (
    tenant_id uuid not null references tenants(id),
    token text not null,
    path text not null,
    deep boolean not null,
    exclusive boolean not null,
    owner_xml text not null default '',
    user_id uuid not null,
    expires_at timestamptz not null,
    primary key (tenant_id, token)
  )`.execute(db);
  await sql`create index webdav_locks_by_path on webdav_locks (tenant_id, path)`.execute(db);
  await protectTenantTable(db, "webdav_locks");

  await sql`create table webdav_properties (
    tenant_id uuid not null references tenants(id),
    object_id uuid not null,
    namespace text not null,
    name text not null,
    value_xml text not null,
    primary key (tenant_id, object_id, namespace, name)
  )`.execute(db);
  await protectTenantTable(db, "webdav_properties");
}
