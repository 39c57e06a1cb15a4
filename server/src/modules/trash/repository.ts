// SQL of the trash. It reads around the "not trashed" predicate on purpose (visibility.repository.ts): it is the one
// area that sees trashed rows. A removed container goes to the trash with what is reachable only through it; those
// rows carry trashed_with = the removed container (migration 0009, docs/content-schema.md "Trash").
import type { ContentObjectType, TrashListQuery } from "@repox/contracts";
import { type RawBuilder, sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { personJson } from "../iam/people.repository.ts";

export type TrashCounts = { containers: number; datastreams: number };

/**
 * Puts `rootId` (a live container that has just lost its last live place) into the trash with every live container
 * below it that has no live way down from the top level except through it, and every live datastream all of whose
 * containers are then in the trash. Those carry trashed_with = rootId. Answers how many it took besides the root.
 *
 * `below` is the live subtree of the root. `kept` starts from the containers of `below` placed outside it
 * (`placed_outside`: at the top level, or in a live parent that is not in `below`) and follows edges down inside
 * `below`: those stay live. Every live container outside `below` keeps its own way down (one through `below` would
 * make it part of `below`), so `below` minus `kept` is exactly what lost its last way down. Joins rather than
 * correlated lookups into `below` keep a subtree of thousands linear. Call with the graph lock held.
 */
export async function trashContainer(trx: Trx, rootId: string, userId: string): Promise<TrashCounts> {
  const root = sql`${rootId}::uuid`;
  const { rows: containers } = await sql<{ id: string }>`with recursive below(id) as (
      select ${root}
      union
      select e.child_id from below join container_edges e on e.parent_key = below.id and e.child_visible
    ),
    placed_outside(id) as (
      select e.child_id from below
      join container_edges e on e.child_id = below.id
      left join below inside on inside.id = e.parent_id
      left join containers p on p.tenant_id = e.tenant_id and p.id = e.parent_id
      where inside.id is null and (e.parent_id is null or p.deleted_at is null)
    ),
    kept(id) as (
      select id from placed_outside
      union
      select e.child_id from kept
      join container_edges e on e.parent_key = kept.id and e.child_visible
      join below on below.id = e.child_id
    )
    update containers c set deleted_at = now(), deleted_by = ${userId},
      trashed_with = case when c.id = ${root} then null else ${root} end
    where c.id in (select id from below except select id from kept) and c.deleted_at is null
    returning c.id`.execute(trx);
  const { rows: datastreams } = await sql<{ id: string }>`update datastreams d
    set deleted_at = now(), deleted_by = ${userId}, trashed_with = ${root}
    where d.deleted_at is null
      and d.id in (
        select m.datastream_id from datastream_memberships m
        join containers g on g.tenant_id = m.tenant_id and g.id = m.container_id
        where g.id = ${root} or g.trashed_with = ${root}
      )
      and not exists (
        select 1 from datastream_memberships m
        join containers c on c.tenant_id = m.tenant_id and c.id = m.container_id
        where m.datastream_id = d.id and c.deleted_at is null
      )
    returning d.id`.execute(trx);
  return { containers: Math.max(0, containers.length - 1), datastreams: datastreams.length };
}

/**
 * Deletes the placements a container still has in trashed parents, when it goes to the trash on its own: restoring
 * those parents later must not bring it back with them, and restoring it puts it only where the user chooses.
 */
export async function deletePlacementsOf(trx: Trx, containerId: string): Promise<void> {
  await trx.deleteFrom("container_edges").where("child_id", "=", containerId).execute();
}

export type TrashedRow = {
  id: string;
  label: string;
  color: string | null;
  type_id: number;
  type_code: string;
  type_name: string;
  deleted_at: Date | null;
  /** The removed container it went to the trash with, and that container's label. */
  trashed_with: string | null;
  trashed_with_label: string | null;
};

const TABLES = { CONTAINER: "containers", DATASTREAM: "datastreams" } as const;

/** A container or datastream whatever its trash state, with the label of the item it went to the trash with. */
export async function findObject(trx: Trx, objectType: ContentObjectType, id: string): Promise<TrashedRow | undefined> {
  const { rows } = await sql<TrashedRow>`select i.id, i.label, i.color, i.type_id, t.code as type_code, t.name as type_name, i.deleted_at,
      i.trashed_with, g.label as trashed_with_label
    from ${sql.table(TABLES[objectType])} i
    join content_types t on t.tenant_id = i.tenant_id and t.id = i.type_id
    left join containers g on g.tenant_id = i.tenant_id and g.id = i.trashed_with
    where i.id = ${id}::uuid`.execute(trx);
  return rows[0];
}

/** Brings a removed container back with what it took; it counts as changed by the user, the others keep theirs. */
export async function restoreContainer(trx: Trx, rootId: string, userId: string): Promise<TrashCounts> {
  const back = { deleted_at: null, deleted_by: null, trashed_with: null };
  await trx
    .updateTable("containers")
    .set({ ...back, modified_by: userId, modified_at: sql<Date>`now()` })
    .where("id", "=", rootId)
    .execute();
  const containers = await trx.updateTable("containers").set(back).where("trashed_with", "=", rootId).executeTakeFirst();
  const datastreams = await trx.updateTable("datastreams").set(back).where("trashed_with", "=", rootId).executeTakeFirst();
  return { containers: Number(containers.numUpdatedRows), datastreams: Number(datastreams.numUpdatedRows) };
}

export async function restoreDatastream(trx: Trx, id: string, userId: string): Promise<void> {
  await trx
    .updateTable("datastreams")
    .set({ deleted_at: null, deleted_by: null, trashed_with: null, modified_by: userId, modified_at: sql<Date>`now()` })
    .where("id", "=", id)
    .execute();
}

/** Puts a datastream into a container; it being there already changes nothing. */
export async function insertMembership(trx: Trx, tenantId: string, containerId: string, datastreamId: string): Promise<void> {
  await trx
    .insertInto("datastream_memberships")
    .values({ tenant_id: tenantId, container_id: containerId, datastream_id: datastreamId })
    .onConflict((conflict) => conflict.columns(["tenant_id", "container_id", "datastream_id"]).doNothing())
    .execute();
}

/**
 * Deletes removed items for good with what they took: datastreams first (answering their files), then containers
 * (their placements, property values, stars and tag assignments go with them by foreign key).
 */
export async function deleteForGood(
  trx: Trx,
  items: { containerIds: readonly string[]; datastreamIds: readonly string[] },
): Promise<TrashCounts & { files: string[] }> {
  const { containerIds, datastreamIds } = items;
  const deletedDatastreams =
    containerIds.length + datastreamIds.length === 0
      ? []
      : await trx
          .deleteFrom("datastreams")
          .where("deleted_at", "is not", null)
          .where((eb) =>
            eb.or([
              ...(datastreamIds.length > 0 ? [eb("id", "in", [...datastreamIds])] : []),
              ...(containerIds.length > 0 ? [eb("trashed_with", "in", [...containerIds])] : []),
            ]),
          )
          .returning("blob_sha256")
          .execute();
  const deletedContainers =
    containerIds.length === 0
      ? { numDeletedRows: 0n }
      : await trx
          .deleteFrom("containers")
          .where("deleted_at", "is not", null)
          .where((eb) => eb.or([eb("id", "in", [...containerIds]), eb("trashed_with", "in", [...containerIds])]))
          .executeTakeFirst();
  return {
    containers: Number(deletedContainers.numDeletedRows),
    datastreams: deletedDatastreams.length,
    files: [...new Set(deletedDatastreams.map((row) => row.blob_sha256))],
  };
}

export type TrashItemRow = {
  id: string;
  label: string;
  object_type: ContentObjectType;
  type_code: string;
  type_name: string;
  deleted_at: Date;
  deleted_by: { uuid: string; firstname: string; lastname: string; email: string } | null;
  container_count: number;
  datastream_count: number;
};

function removedItems(objectType: ContentObjectType): RawBuilder<TrashItemRow> {
  const taken = (table: string) =>
    objectType === "CONTAINER"
      ? sql`(select count(*) from ${sql.table(table)} g where g.tenant_id = i.tenant_id and g.trashed_with = i.id)::int`
      : sql`0`;
  return sql<TrashItemRow>`select i.id, i.label, ${objectType}::text as object_type, t.code as type_code,
      t.name as type_name, i.deleted_at,
      ${personJson("i.tenant_id", "i.deleted_by")} as deleted_by,
      ${taken("containers")} as container_count, ${taken("datastreams")} as datastream_count
    from ${sql.table(TABLES[objectType])} i
    join content_types t on t.tenant_id = i.tenant_id and t.id = i.type_id
    where i.deleted_at is not null and i.trashed_with is null`;
}

const ORDER: Record<TrashListQuery["sort"], RawBuilder<unknown>> = {
  label: sql`repox_search_fold(items.label) collate "C"`,
  type: sql`repox_search_fold(items.type_name) collate "C"`,
  deletedAt: sql`items.deleted_at`,
};

/** A page of the items people removed (not what those took with them), sorted as asked; the id breaks ties. */
export async function listRemovedItems(trx: Trx, query: TrashListQuery): Promise<TrashItemRow[]> {
  const direction = sql.raw(query.direction === "desc" ? "desc" : "asc");
  const { rows } = await sql<TrashItemRow>`select * from (${removedItems("CONTAINER")} union all ${removedItems("DATASTREAM")}) items
    order by ${ORDER[query.sort]} ${direction}, items.id ${direction}
    offset ${query.page * query.size} limit ${query.size}`.execute(trx);
  return rows;
}

export async function countRemovedItems(trx: Trx): Promise<number> {
  const { rows } = await sql<{ count: number }>`select
      (select count(*) from containers where deleted_at is not null and trashed_with is null)
      + (select count(*) from datastreams where deleted_at is not null and trashed_with is null) as count`.execute(trx);
  return Number(rows[0]?.count ?? 0);
}
