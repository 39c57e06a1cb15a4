// The content model: namespaces, qualifiers, property groups, properties, and container and datastream types
// (one table with a kind) with their properties and acceptance lists. References inside the model are foreign keys
// without cascade, so nothing in use can be deleted and nothing is left dangling.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table property_namespaces (
    tenant_id uuid not null references tenants(id),
    id integer generated always as identity,
    code text not null,
    name text not null,
    prefix text not null default '',
    url text not null default '',
    primary key (tenant_id, id)
  )`.execute(db);
  await sql`create unique index property_namespaces_code on property_namespaces (tenant_id, lower(code))`.execute(db);

  await sql`create table property_qualifiers (
    tenant_id uuid not null references tenants(id),
    id integer generated always as identity,
    qualifier_key text not null,
    qualifier_name text not null,
    qualifier_type text not null default 'enum',
    qualifier_details text not null default '{}',
    description text not null default '',
    external_source text not null default '',
    primary key (tenant_id, id)
  )`.execute(db);
  await sql`create unique index property_qualifiers_key on property_qualifiers (tenant_id, lower(qualifier_key))`.execute(db);

  await sql`create table property_groups (
    tenant_id uuid not null references tenants(id),
    id integer generated always as identity,
    name text not null,
    description text not null default '',
    primary key (tenant_id, id)
  )`.execute(db);
  await sql`create unique index property_groups_name on property_groups (tenant_id, lower(name))`.execute(db);

  await sql`create table properties (
    tenant_id uuid not null references tenants(id),
    id integer generated always as identity,
    property_key text not null,
    display_name text not null,
    property_type text not null,
    property_details text not null default '{}',
    description text not null default '',
    namespace_id integer,
    group_id integer,
    mandatory boolean not null default false,
    editable boolean not null default true,
    repeatable boolean not null default false,
    position integer not null default 0,
    created_at timestamptz not null default now(),
    modified_at timestamptz not null default now(),
    primary key (tenant_id, id),
    unique (tenant_id, property_key),
    foreign key (tenant_id, namespace_id) references property_namespaces(tenant_id, id),
    foreign key (tenant_id, group_id) references property_groups(tenant_id, id)
  )`.execute(db);
  await sql`create index properties_namespace on properties (tenant_id, namespace_id)`.execute(db);
  await sql`create index properties_group on properties (tenant_id, group_id)`.execute(db);

  await sql`create table property_qualifier_links (
    tenant_id uuid not null,
    property_id integer not null,
    qualifier_id integer not null,
    position integer not null default 0,
    primary key (tenant_id, property_id, qualifier_id),
    foreign key (tenant_id, property_id) references properties(tenant_id, id) on delete cascade,
    foreign key (tenant_id, qualifier_id) references property_qualifiers(tenant_id, id)
  )`.execute(db);
  await sql`create index property_qualifier_links_qualifier on property_qualifier_links (tenant_id, qualifier_id)`.execute(db);

  await sql`create table content_types (
    tenant_id uuid not null references tenants(id),
    id integer generated always as identity,
    kind text not null check (kind in ('container', 'datastream')),
    code text not null,
    name text not null,
    layout text not null default 'DEFAULT',
    allowed_at_root boolean not null default false,
    created_at timestamptz not null default now(),
    modified_at timestamptz not null default now(),
    primary key (tenant_id, id),
    unique (tenant_id, kind, code),
    -- Lets later tables pin the kind in their foreign key (a container's type must be a container type).
    unique (tenant_id, id, kind)
  )`.execute(db);

  await sql`create table content_type_acceptance (
    tenant_id uuid not null,
    type_id integer not null,
    accepted_type_id integer not null,
    position integer not null default 0,
    primary key (tenant_id, type_id, accepted_type_id),
    foreign key (tenant_id, type_id) references content_types(tenant_id, id) on delete cascade,
    foreign key (tenant_id, accepted_type_id) references content_types(tenant_id, id)
  )`.execute(db);
  await sql`create index content_type_acceptance_accepted on content_type_acceptance (tenant_id, accepted_type_id)`.execute(db);

  await sql`create table content_type_properties (
    tenant_id uuid not null,
    type_id integer not null,
    property_id integer not null,
    group_id integer,
    position integer not null default 0,
    mandatory boolean not null default false,
    editable boolean not null default true,
    repeatable boolean not null default false,
    primary key (tenant_id, type_id, property_id),
    foreign key (tenant_id, type_id) references content_types(tenant_id, id) on delete cascade,
    foreign key (tenant_id, property_id) references properties(tenant_id, id),
    foreign key (tenant_id, group_id) references property_groups(tenant_id, id)
  )`.execute(db);
  await sql`create index content_type_properties_property on content_type_properties (tenant_id, property_id)`.execute(db);
  await sql`create index content_type_properties_group on content_type_properties (tenant_id, group_id)`.execute(db);

  for (const table of [
    "property_namespaces",
    "property_qualifiers",
    "property_groups",
    "properties",
    "property_qualifier_links",
    "content_types",
    "content_type_acceptance",
    "content_type_properties",
  ]) {
    await protectTenantTable(db, table);
  }
}
