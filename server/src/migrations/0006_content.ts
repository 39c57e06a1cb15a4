// The content area: containers and datastreams, the graph that places them (containers in containers, datastreams in
// containers), their property values, stars, tag assignments and the activity log. Map of the tables and the rules
// other areas rely on: docs/content-schema.md.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

// The parent key of containers at the top level ("ROOT"): the nil uuid, never a uuid v7, so never a container's id.
const ROOT_PARENT_KEY = "00000000-0000-0000-0000-000000000000";

// Who did something: the column keeps its value's meaning after the user is deleted (it becomes null), so a user
// with content can still be deleted. `set null (column)` leaves tenant_id, which leads the key, untouched.
const byUser = (column: string) =>
  sql.raw(`foreign key (tenant_id, ${column}) references users(tenant_id, id) on delete set null (${column})`);

// Rows that belong to a container or a datastream (values, stars, tag assignments) name it by object_type and
// object_id. Two generated columns split the id by kind so each can carry a foreign key that deletes the row with its
// object; the partial indexes serve that delete and the per-object reads (`where container_id = ...`).
const objectColumns = sql.raw(`object_type text not null check (object_type in ('container', 'datastream')),
    object_id uuid not null,
    container_id uuid generated always as (case when object_type = 'container' then object_id end) stored,
    datastream_id uuid generated always as (case when object_type = 'datastream' then object_id end) stored`);
const objectKeys = sql.raw(`foreign key (tenant_id, container_id) references containers(tenant_id, id) on delete cascade,
    foreign key (tenant_id, datastream_id) references datastreams(tenant_id, id) on delete cascade`);

async function indexObjects(db: Kysely<unknown>, table: string): Promise<void> {
  for (const kind of ["container", "datastream"]) {
    await sql`create index ${sql.raw(`${table}_${kind}`)} on ${sql.table(table)} (tenant_id, ${sql.raw(`${kind}_id`)})
      where ${sql.raw(`${kind}_id`)} is not null`.execute(db);
  }
}

/** Indexes both content tables share: by type, recent changes, trash, label search, creator. */
async function indexContentTable(db: Kysely<unknown>, table: "containers" | "datastreams"): Promise<void> {
  const name = (suffix: string) => sql.raw(`${table}_${suffix}`);
  const on = sql.table(table);
  await sql`create index ${name("type")} on ${on} (tenant_id, type_id)`.execute(db);
  // "Recent" lists: what anyone changed last, newest first (spec 1 §2 Recent).
  await sql`create index ${name("recent")} on ${on} (tenant_id, modified_at desc, id desc) where deleted_at is null`.execute(db);
  await sql`create index ${name("trash")} on ${on} (tenant_id, deleted_at desc, id) where deleted_at is not null`.execute(db);
  await sql`create index ${name("label_search")} on ${on} using gin (tenant_id, repox_search_fold(label) gin_trgm_ops)`.execute(db);
  await sql`create index ${name("created_by")} on ${on} (tenant_id, created_by)`.execute(db);
}

/**
 * Triggers keeping a placement table's copies of its item (folded label, creation time, not trashed) current: filled
 * on insert from the item, rewritten when the item's label or trash state changes. The copies are only ever written
 * here, so no code path can forget them.
 */
async function copyIntoPlacements(
  db: Kysely<unknown>,
  names: { placements: string; item: string; itemColumn: string; prefix: string },
): Promise<void> {
  const { placements, item, itemColumn, prefix } = names;
  const fill = sql.raw(`${placements}_fill`);
  const follow = sql.raw(`${item}_follow_${placements}`);
  await sql`create function ${fill}() returns trigger language plpgsql as $$
    begin
      select repox_search_fold(i.label), i.created_at, i.deleted_at is null
        into new.${sql.raw(prefix)}_sort_key, new.${sql.raw(prefix)}_created_at, new.${sql.raw(prefix)}_visible
        from ${sql.raw(item)} i where i.tenant_id = new.tenant_id and i.id = new.${sql.raw(itemColumn)};
      return new;
    end $$`.execute(db);
  await sql`create trigger ${fill} before insert on ${sql.table(placements)} for each row execute function ${fill}()`.execute(db);
  await sql`create function ${follow}() returns trigger language plpgsql as $$
    begin
      update ${sql.raw(placements)} set ${sql.raw(prefix)}_sort_key = repox_search_fold(new.label),
          ${sql.raw(prefix)}_visible = new.deleted_at is null
        where tenant_id = new.tenant_id and ${sql.raw(itemColumn)} = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger ${follow} after update of label, deleted_at on ${sql.table(item)} for each row
    when (old.label is distinct from new.label or (old.deleted_at is null) <> (new.deleted_at is null))
    execute function ${follow}()`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table containers (
    tenant_id uuid not null references tenants(id),
    id uuid not null,
    label text not null check (char_length(label) between 1 and 255 and label ~ '\\S'),
    type_id integer not null,
    -- Pins the kind in the foreign key: a container's type is a container type.
    type_kind text not null default 'container' check (type_kind = 'container'),
    color text check (color ~ '^#([0-9a-f]{3}|[0-9a-f]{6})$'),
    published boolean not null default false,
    published_at timestamptz,
    created_by uuid,
    created_at timestamptz not null default now(),
    modified_by uuid,
    modified_at timestamptz not null default now(),
    deleted_at timestamptz,
    deleted_by uuid check (deleted_by is null or deleted_at is not null),
    primary key (tenant_id, id),
    foreign key (tenant_id, type_id, type_kind) references content_types(tenant_id, id, kind),
    ${byUser("created_by")},
    ${byUser("modified_by")},
    ${byUser("deleted_by")}
  )`.execute(db);
  await indexContentTable(db, "containers");

  await sql`create table datastreams (
    tenant_id uuid not null references tenants(id),
    id uuid not null,
    label text not null check (char_length(label) between 1 and 255 and label ~ '\\S'),
    type_id integer not null,
    type_kind text not null default 'datastream' check (type_kind = 'datastream'),
    blob_sha256 text not null,
    mime_type text not null,
    filesize bigint not null check (filesize >= 0),
    color text check (color ~ '^#([0-9a-f]{3}|[0-9a-f]{6})$'),
    published boolean not null default false,
    published_at timestamptz,
    created_by uuid,
    created_at timestamptz not null default now(),
    modified_by uuid,
    modified_at timestamptz not null default now(),
    deleted_at timestamptz,
    deleted_by uuid check (deleted_by is null or deleted_at is not null),
    primary key (tenant_id, id),
    foreign key (tenant_id, type_id, type_kind) references content_types(tenant_id, id, kind),
    foreign key (tenant_id, blob_sha256) references blobs(tenant_id, sha256),
    ${byUser("created_by")},
    ${byUser("modified_by")},
    ${byUser("deleted_by")}
  )`.execute(db);
  await indexContentTable(db, "datastreams");
  // Which datastreams hold a blob: storage lists and removing blobs nothing refers to any more.
  await sql`create index datastreams_blob on datastreams (tenant_id, blob_sha256)`.execute(db);

  // Containers inside containers. A container may sit in several parents (links); parent_id null is the top level,
  // which parent_key spells as ROOT_PARENT_KEY so the top level is a parent like any other in the key and indexes.
  // child_sort_key, child_created_at and child_visible copy the child's folded label, creation time and "not in the
  // trash" (triggers below keep them current), so a page of a folder of 10 000 is read from one index in label or
  // date order and counted without visiting the children.
  await sql`create table container_edges (
    tenant_id uuid not null references tenants(id),
    parent_id uuid,
    parent_key uuid not null generated always as (coalesce(parent_id, '${sql.raw(ROOT_PARENT_KEY)}'::uuid)) stored,
    child_id uuid not null,
    child_sort_key text collate "C" not null,
    child_created_at timestamptz not null,
    child_visible boolean not null,
    created_at timestamptz not null default now(),
    primary key (tenant_id, parent_key, child_id),
    check (parent_id is distinct from child_id),
    foreign key (tenant_id, parent_id) references containers(tenant_id, id) on delete cascade,
    foreign key (tenant_id, child_id) references containers(tenant_id, id) on delete cascade
  )`.execute(db);
  // The parents of a container (paths, the cycle check walking up).
  await sql`create index container_edges_child on container_edges (tenant_id, child_id)`.execute(db);
  await sql`create index container_edges_by_label on container_edges (tenant_id, parent_key, child_sort_key, child_id)
    where child_visible`.execute(db);
  await sql`create index container_edges_by_created on container_edges (tenant_id, parent_key, child_created_at, child_id)
    where child_visible`.execute(db);

  // Datastreams inside containers; a datastream may sit in several containers, never at the top level. The datastream_*
  // columns are copies kept by triggers, as for container_edges.
  await sql`create table datastream_memberships (
    tenant_id uuid not null references tenants(id),
    container_id uuid not null,
    datastream_id uuid not null,
    datastream_sort_key text collate "C" not null,
    datastream_created_at timestamptz not null,
    datastream_visible boolean not null,
    created_at timestamptz not null default now(),
    primary key (tenant_id, container_id, datastream_id),
    foreign key (tenant_id, container_id) references containers(tenant_id, id) on delete cascade,
    foreign key (tenant_id, datastream_id) references datastreams(tenant_id, id) on delete cascade
  )`.execute(db);
  await sql`create index datastream_memberships_datastream on datastream_memberships (tenant_id, datastream_id)`.execute(db);
  await sql`create index datastream_memberships_by_label
    on datastream_memberships (tenant_id, container_id, datastream_sort_key, datastream_id) where datastream_visible`.execute(db);
  await sql`create index datastream_memberships_by_created
    on datastream_memberships (tenant_id, container_id, datastream_created_at, datastream_id) where datastream_visible`.execute(db);
  await copyIntoPlacements(db, { placements: "container_edges", item: "containers", itemColumn: "child_id", prefix: "child" });
  await copyIntoPlacements(db, {
    placements: "datastream_memberships",
    item: "datastreams",
    itemColumn: "datastream_id",
    prefix: "datastream",
  });

  // One row per property instance: a repeatable property given three times has positions 0, 1 and 2. `value` is the
  // normalised {values, qualifiers} that validatePropertyValue answers; empty instances are not stored. Property
  // keys never change, and a property holding values cannot be deleted (no cascade).
  await sql`create table property_values (
    tenant_id uuid not null references tenants(id),
    ${objectColumns},
    property_key text not null,
    position integer not null check (position >= 0),
    value jsonb not null,
    primary key (tenant_id, object_type, object_id, property_key, position),
    foreign key (tenant_id, property_key) references properties(tenant_id, property_key),
    ${objectKeys}
  )`.execute(db);
  await sql`create index property_values_property on property_values (tenant_id, property_key)`.execute(db);
  await indexObjects(db, "property_values");

  // Stars are each user's own.
  await sql`create table stars (
    tenant_id uuid not null references tenants(id),
    user_id uuid not null,
    ${objectColumns},
    created_at timestamptz not null default now(),
    primary key (tenant_id, user_id, object_type, object_id),
    foreign key (tenant_id, user_id) references users(tenant_id, id) on delete cascade,
    ${objectKeys}
  )`.execute(db);
  // A user's starred containers or datastreams, last starred first.
  await sql`create index stars_list on stars (tenant_id, user_id, object_type, created_at desc, object_id)`.execute(db);
  await indexObjects(db, "stars");

  await sql`create table tag_assignments (
    tenant_id uuid not null references tenants(id),
    tag_id integer not null,
    ${objectColumns},
    created_at timestamptz not null default now(),
    primary key (tenant_id, tag_id, object_type, object_id),
    foreign key (tenant_id, tag_id) references tags(tenant_id, id) on delete cascade,
    ${objectKeys}
  )`.execute(db);
  await indexObjects(db, "tag_assignments");

  // Every change to content (and later surveys, screens, websites) appends here. Kept when its object is deleted for
  // good, so object_id has no foreign key and object_type is open to the areas that come later.
  await sql`create table activity (
    tenant_id uuid not null references tenants(id),
    id bigint generated always as identity,
    object_type text not null check (object_type ~ '^[a-z][a-z_]{0,49}$'),
    object_id uuid not null,
    user_id uuid,
    action text not null check (action ~ '^[a-z][a-z_]{0,49}$'),
    description text not null,
    created_at timestamptz not null default now(),
    primary key (tenant_id, id),
    ${byUser("user_id")}
  )`.execute(db);
  await sql`create index activity_object on activity (tenant_id, object_type, object_id, id desc)`.execute(db);
  await sql`create index activity_user on activity (tenant_id, user_id)`.execute(db);

  for (const table of [
    "containers",
    "datastreams",
    "container_edges",
    "datastream_memberships",
    "property_values",
    "stars",
    "tag_assignments",
    "activity",
  ]) {
    await protectTenantTable(db, table);
  }
}
