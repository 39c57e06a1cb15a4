// Tags: coloured labels, unique by name (any case) within a scope of one tenant.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Tables that assign tags (containers later) reference (tenant_id, id) with `on delete cascade`, so deleting a
  // tag removes its assignments in the same statement.
  await sql`create table tags (
    tenant_id uuid not null references tenants(id),
    id integer generated always as identity,
    name text not null,
    description text not null default '',
    color text not null default '#000000',
    scope text not null default 'store',
    created_at timestamptz not null default now(),
    modified_at timestamptz not null default now(),
    primary key (tenant_id, id)
  )`.execute(db);
  await sql`create unique index tags_scope_name on tags (tenant_id, scope, lower(name))`.execute(db);
  await protectTenantTable(db, "tags");
}
