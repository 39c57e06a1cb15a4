// SQL for tags on content: the tag_assignments of containers and datastreams (migration 0006), the tags of one item,
// and a tag's live items for /tagged/{id}. Runs inside tenant transactions.
import type { TaggedItemsQuery } from "@repox/contracts";
import { type RawBuilder, sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { type TagRow, tagColumns } from "./repository.ts";

export type ObjectKind = "container" | "datastream";
export type Assignment = { tenantId: string; tagId: number; kind: ObjectKind; objectId: string };

/** Answers whether the tag was not on the item before. */
export async function addAssignment(trx: Trx, assignment: Assignment): Promise<boolean> {
  const inserted = await trx
    .insertInto("tag_assignments")
    .values({ tenant_id: assignment.tenantId, tag_id: assignment.tagId, object_type: assignment.kind, object_id: assignment.objectId })
    .onConflict((conflict) => conflict.columns(["tenant_id", "tag_id", "object_type", "object_id"]).doNothing())
    .returning("tag_id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Answers whether the tag was on the item. */
export async function removeAssignment(trx: Trx, assignment: Assignment): Promise<boolean> {
  const deleted = await trx
    .deleteFrom("tag_assignments")
    .where("tag_id", "=", assignment.tagId)
    .where("object_type", "=", assignment.kind)
    .where("object_id", "=", assignment.objectId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** The tags on one item by name, through the per-object index (`container_id` / `datastream_id`). */
export function listTagsOf(trx: Trx, kind: ObjectKind, objectId: string): Promise<TagRow[]> {
  return trx
    .selectFrom("tag_assignments as a")
    .innerJoin("tags", (join) => join.onRef("tags.tenant_id", "=", "a.tenant_id").onRef("tags.id", "=", "a.tag_id"))
    .select(tagColumns.map((column) => `tags.${column}` as const))
    .where(kind === "container" ? "a.container_id" : "a.datastream_id", "=", objectId)
    .orderBy(sql`lower(tags.name)`)
    .orderBy("tags.id")
    .execute();
}

export type TaggedItemRow = {
  id: string;
  label: string;
  object_type: "CONTAINER" | "DATASTREAM";
  type_code: string;
  type_name: string;
  color: string | null;
  created_at: Date;
  created_by: { uuid: string; firstname: string; lastname: string; email: string } | null;
  creator_name: string;
  mime_type: string | null;
  parent_id: string | null;
};

/** The tag's live items of one kind, with what the tiles and table show. */
function taggedOfKind(tagId: number, kind: ObjectKind): RawBuilder<TaggedItemRow> {
  const isContainer = kind === "container";
  const parent = isContainer
    ? sql`null::uuid`
    : sql`(select m.container_id from datastream_memberships m
        join containers p on p.tenant_id = m.tenant_id and p.id = m.container_id and p.deleted_at is null
        where m.tenant_id = i.tenant_id and m.datastream_id = i.id order by m.created_at, m.container_id limit 1)`;
  return sql<TaggedItemRow>`select i.id, i.label, ${isContainer ? "CONTAINER" : "DATASTREAM"}::text as object_type,
      t.code as type_code, t.name as type_name, i.color, i.created_at,
      case when u.id is null then null else json_build_object('uuid', u.id, 'firstname', u.firstname,
        'lastname', u.lastname, 'email', u.email) end as created_by,
      coalesce(u.firstname || ' ' || u.lastname, '') as creator_name,
      ${isContainer ? sql`null::text` : sql`i.mime_type`} as mime_type, ${parent} as parent_id
    from tag_assignments a
    join ${sql.table(isContainer ? "containers" : "datastreams")} i on i.tenant_id = a.tenant_id
      and i.id = ${sql.ref(isContainer ? "a.container_id" : "a.datastream_id")} and i.deleted_at is null
    join content_types t on t.tenant_id = i.tenant_id and t.id = i.type_id
    left join users u on u.tenant_id = i.tenant_id and u.id = i.created_by
    where a.tag_id = ${tagId} and a.object_type = ${kind}`;
}

const ORDER: Record<TaggedItemsQuery["sort"], RawBuilder<unknown>> = {
  label: sql`repox_search_fold(items.label) collate "C"`,
  createdAt: sql`items.created_at`,
  createdBy: sql`repox_search_fold(items.creator_name) collate "C"`,
};

/** A page of the tag's live containers and datastreams, sorted as asked; the id breaks ties. */
export async function listTaggedItems(trx: Trx, tagId: number, query: TaggedItemsQuery): Promise<TaggedItemRow[]> {
  const direction = sql.raw(query.direction === "desc" ? "desc" : "asc");
  const { rows } = await sql<TaggedItemRow>`select * from (${taggedOfKind(tagId, "container")} union all
      ${taggedOfKind(tagId, "datastream")}) items
    order by ${ORDER[query.sort]} ${direction}, items.id ${direction}
    offset ${query.page * query.size} limit ${query.size}`.execute(trx);
  return rows;
}

export async function countTaggedItems(trx: Trx, tagId: number): Promise<number> {
  const { rows } = await sql<{ count: number }>`select count(*) as count from tag_assignments a
    left join containers c on c.tenant_id = a.tenant_id and c.id = a.container_id
    left join datastreams d on d.tenant_id = a.tenant_id and d.id = a.datastream_id
    where a.tag_id = ${tagId} and (c.deleted_at is null and c.id is not null or d.deleted_at is null and d.id is not null)`.execute(trx);
  return Number(rows[0]?.count ?? 0);
}
