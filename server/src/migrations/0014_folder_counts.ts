// Folder counts kept, not counted. A folder's live children and datastreams were counted on every read from its
// placements: 10 000 index entries each for a folder of 10 000, a fifth of `GET /api/containers/{uuid}` on PGlite.
// Now triggers on the placement tables record each change of a folder's count as a row of `folder_counts`, and a
// folder's count is the sum of its rows.
//
// Rows are only ever inserted by writers, so writers into one folder never wait on a shared counter row and a
// transaction changing several folders takes no row locks that could deadlock. When a folder has more than
// FOLD_AFTER rows, the writer's trigger folds them into one: it deletes the rows no other transaction holds
// (`for update skip locked`) and inserts their sum, so two folds never take the same row and never wait for each
// other. A folder whose rows sum to nothing keeps no row once folded; a container deleted for good takes its rows.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

/** Rows a folder may gather before a writer folds them; a read sums at most about this many. */
const FOLD_AFTER = 32;

type Placements = { table: string; folder: string; visible: string; count: "children" | "datastreams" };

const EDGES: Placements = { table: "container_edges", folder: "parent_key", visible: "child_visible", count: "children" };
const MEMBERSHIPS: Placements = {
  table: "datastream_memberships",
  folder: "container_id",
  visible: "datastream_visible",
  count: "datastreams",
};

/**
 * One statement-level trigger function per placement table. `added` and `removed` are the statement's transition
 * tables (new and old rows); a live placement counts 1 for its folder. An insert has no `removed`, a delete no
 * `added`, so each event reads only the tables it has.
 */
function countingFunction({ table, folder, visible, count }: Placements) {
  const other = count === "children" ? "datastreams" : "children";
  const deltas = (rows: string, sign: string) =>
    `select tenant_id, ${folder} as folder_key, ${sign}1 as delta from ${rows} where ${visible}`;
  const record = (source: string) => `
      insert into folder_counts (tenant_id, folder_key, ${count}, ${other})
        select tenant_id, folder_key, sum(delta), 0 from (${source}) d
        group by tenant_id, folder_key having sum(delta) <> 0;`;
  const touched = (source: string) => `select distinct tenant_id, ${folder} as folder_key from ${source}`;
  return sql.raw(`create function ${table}_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${record(deltas("added", "+"))}
        perform fold_folder_counts(array(select row(t.tenant_id, t.folder_key)::folder_ref from (${touched("added")}) t));
      elsif tg_op = 'DELETE' then
        ${record(deltas("removed", "-"))}
        perform fold_folder_counts(array(select row(t.tenant_id, t.folder_key)::folder_ref from (${touched("removed")}) t));
      else
        ${record(`${deltas("added", "+")} union all ${deltas("removed", "-")}`)}
        perform fold_folder_counts(array(select row(t.tenant_id, t.folder_key)::folder_ref
          from (${touched("added")} union ${touched("removed")}) t));
      end if;
      return null;
    end $$`);
}

async function countPlacements(db: Kysely<unknown>, placements: Placements): Promise<void> {
  const { table } = placements;
  await countingFunction(placements).execute(db);
  const events = [
    ["insert", "new table as added"],
    ["delete", "old table as removed"],
    ["update", "old table as removed new table as added"],
  ] as const;
  for (const [event, transitions] of events) {
    await sql
      .raw(`create trigger ${table}_count_${event} after ${event} on ${table}
      referencing ${transitions} for each statement execute function ${table}_count()`)
      .execute(db);
  }
  const { folder, visible, count } = placements;
  await sql
    .raw(`insert into folder_counts (tenant_id, folder_key, ${count})
    select tenant_id, ${folder}, count(*) from ${table} where ${visible} group by tenant_id, ${folder}`)
    .execute(db);
}

/**
 * Migration 0006's triggers copying an item's label and trash state into its placements ran once per changed item,
 * each an update of the placements, so trashing 5 000 containers ran the counting trigger 5 000 times. They now run
 * once per statement over its transition tables (old and new rows). Such a trigger cannot name columns, so it runs
 * on every update of the item table and keeps only the rows whose label or trash state changed.
 */
async function followInBulk(db: Kysely<unknown>, names: { placements: string; item: string; itemColumn: string; prefix: string }) {
  const { placements, item, itemColumn, prefix } = names;
  const follow = `${item}_follow_${placements}`;
  await sql.raw(`drop trigger ${follow} on ${item}`).execute(db);
  await sql
    .raw(`create or replace function ${follow}() returns trigger language plpgsql as $$
    begin
      update ${placements} p set ${prefix}_sort_key = repox_search_fold(n.label), ${prefix}_visible = n.deleted_at is null
        from added n join removed o on o.tenant_id = n.tenant_id and o.id = n.id
        where (o.label is distinct from n.label or (o.deleted_at is null) <> (n.deleted_at is null))
          and p.tenant_id = n.tenant_id and p.${itemColumn} = n.id;
      return null;
    end $$`)
    .execute(db);
  await sql
    .raw(`create trigger ${follow} after update on ${item} referencing old table as removed new table as added
    for each statement execute function ${follow}()`)
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await followInBulk(db, { placements: "container_edges", item: "containers", itemColumn: "child_id", prefix: "child" });
  await followInBulk(db, { placements: "datastream_memberships", item: "datastreams", itemColumn: "datastream_id", prefix: "datastream" });

  // folder_key: a container's id, or the nil uuid for the top level (container_edges.parent_key). No foreign key (the
  // top level is no container): a trigger on containers deletes the rows of those deleted for good.
  await sql`create table folder_counts (
    tenant_id uuid not null references tenants(id),
    folder_key uuid not null,
    children integer not null default 0,
    datastreams integer not null default 0
  )`.execute(db);
  await sql`create index folder_counts_folder on folder_counts (tenant_id, folder_key)`.execute(db);
  await protectTenantTable(db, "folder_counts");

  await sql`create type folder_ref as (tenant_id uuid, folder_key uuid)`.execute(db);
  await sql`create function fold_folder_counts(folders folder_ref[]) returns void language sql as $$
    with crowded as (
      select f.tenant_id, f.folder_key from folder_counts f
        join unnest(folders) u on u.tenant_id = f.tenant_id and u.folder_key = f.folder_key
        group by f.tenant_id, f.folder_key having count(*) > ${sql.lit(FOLD_AFTER)}
    ), gone as (
      delete from folder_counts f where f.ctid = any(array(
        select g.ctid from folder_counts g join crowded c on c.tenant_id = g.tenant_id and c.folder_key = g.folder_key
          for update of g skip locked))
      returning f.tenant_id, f.folder_key, f.children, f.datastreams
    )
    insert into folder_counts (tenant_id, folder_key, children, datastreams)
      select tenant_id, folder_key, sum(children), sum(datastreams) from gone group by tenant_id, folder_key
      having sum(children) <> 0 or sum(datastreams) <> 0
  $$`.execute(db);

  await sql`create function containers_forget_counts() returns trigger language plpgsql as $$
    begin
      delete from folder_counts f using removed r where f.tenant_id = r.tenant_id and f.folder_key = r.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger containers_forget_counts after delete on containers
    referencing old table as removed for each statement execute function containers_forget_counts()`.execute(db);

  await countPlacements(db, EDGES);
  await countPlacements(db, MEMBERSHIPS);
}
