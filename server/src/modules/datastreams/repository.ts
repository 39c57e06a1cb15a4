// SQL for datastream rows, their memberships in containers and the answer's joined fields. Runs inside tenant
// transactions; "not in the trash" is the content area's one predicate (visible).
import type { ThumbnailStatus } from "@repox/contracts";
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { labelSortKey, visible } from "../containers/visibility.repository.ts";
import { personJson } from "../iam/people.repository.ts";

/** The fields rules and file delivery need about a live datastream. */
export type DatastreamRow = {
  id: string;
  label: string;
  color: string | null;
  type_id: number;
  type_code: string;
  type_name: string;
  blob_sha256: string;
  mime_type: string;
  filesize: number | string;
};

function liveDatastreams(trx: Trx) {
  return trx
    .selectFrom("datastreams as d")
    .innerJoin("content_types as t", (join) => join.onRef("t.tenant_id", "=", "d.tenant_id").onRef("t.id", "=", "d.type_id"))
    .where(visible("d"));
}

export function findDatastream(trx: Trx, id: string): Promise<DatastreamRow | undefined> {
  return liveDatastreams(trx)
    .select(["d.id", "d.label", "d.color", "d.type_id", "d.blob_sha256", "d.mime_type", "d.filesize"])
    .select(["t.code as type_code", "t.name as type_name"])
    .where("d.id", "=", id)
    .executeTakeFirst();
}

/** The media types of the live datastreams among `ids` (those missing, trashed or of another tenant are absent). */
export async function findMediaTypes(trx: Trx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await liveDatastreams(trx)
    .select(["d.id", "d.mime_type"])
    .where(sql<boolean>`d.id = any(${sql.val([...ids])}::uuid[])`)
    .execute();
  return new Map(rows.map((row) => [row.id, row.mime_type]));
}

/** Datastreams as the API answers them, with the viewer's star and the thumbnail's state. */
function datastreamViews(trx: Trx, viewerId: string) {
  return liveDatastreams(trx)
    .select([
      "d.id",
      "d.label",
      "d.color",
      "d.published",
      "d.blob_sha256",
      "d.mime_type",
      "d.filesize",
      "d.created_at",
      "d.modified_at",
      "t.code as type_code",
      "t.name as type_name",
      "t.layout as type_layout",
    ])
    .select([
      personJson("d.tenant_id", "d.created_by").as("created_by"),
      personJson("d.tenant_id", "d.modified_by").as("modified_by"),
      sql<boolean>`exists (select 1 from stars s where s.tenant_id = d.tenant_id and s.user_id = ${viewerId}
        and s.object_type = 'datastream' and s.object_id = d.id)`.as("starred"),
      // The media job records one outcome per file and kind (migration 0007); no row yet means it is still to come.
      sql<ThumbnailStatus>`coalesce((select x.status from derivatives x where x.tenant_id = d.tenant_id
        and x.source_sha256 = d.blob_sha256 and x.kind = 'thumb'), 'pending')`.as("thumbnail_status"),
    ]);
}

export type DatastreamViewRow = Awaited<ReturnType<ReturnType<typeof datastreamViews>["execute"]>>[number];

export function findDatastreamView(trx: Trx, viewerId: string, id: string): Promise<DatastreamViewRow | undefined> {
  return datastreamViews(trx, viewerId).where("d.id", "=", id).executeTakeFirst();
}

/** In the order of `ids`. */
export async function listDatastreamViews(trx: Trx, viewerId: string, ids: readonly string[]): Promise<DatastreamViewRow[]> {
  if (ids.length === 0) return [];
  const rows = await datastreamViews(trx, viewerId)
    .where("d.id", "in", [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type NewDatastream = {
  tenant_id: string;
  id: string;
  label: string;
  type_id: number;
  blob_sha256: string;
  mime_type: string;
  filesize: number;
  created_by: string;
};

export async function insertDatastreams(trx: Trx, rows: readonly NewDatastream[]): Promise<void> {
  await trx
    .insertInto("datastreams")
    .values(rows.map((row) => ({ ...row, modified_by: row.created_by })))
    .execute();
}

/** Changes fields of a live datastream and records who changed it and when. */
export async function updateDatastream(
  trx: Trx,
  id: string,
  userId: string,
  fields: { label?: string; color?: string | null },
): Promise<void> {
  await trx
    .updateTable("datastreams")
    .set({ ...fields, modified_by: userId, modified_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where(visible("datastreams"))
    .execute();
}

/** Points the datastream at other bytes (its content replaced); answers nothing when it is not live. */
export async function replaceDatastreamFile(
  trx: Trx,
  id: string,
  userId: string,
  file: { blob_sha256: string; mime_type: string; filesize: number },
): Promise<void> {
  await trx
    .updateTable("datastreams")
    .set({ ...file, modified_by: userId, modified_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where(visible("datastreams"))
    .execute();
}

/** Puts the datastream in the trash as an item removed on its own (trashed_with stays null). */
export async function trashDatastream(trx: Trx, id: string, userId: string): Promise<void> {
  await trx
    .updateTable("datastreams")
    .set({ deleted_at: sql<Date>`now()`, deleted_by: userId, modified_by: userId, modified_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where(visible("datastreams"))
    .execute();
}

export async function insertMemberships(trx: Trx, tenantId: string, containerId: string, datastreamIds: readonly string[]): Promise<void> {
  if (datastreamIds.length === 0) return;
  await trx
    .insertInto("datastream_memberships")
    .values(datastreamIds.map((datastreamId) => ({ tenant_id: tenantId, container_id: containerId, datastream_id: datastreamId })))
    .execute();
}

export async function hasMembership(trx: Trx, containerId: string, datastreamId: string): Promise<boolean> {
  const row = await trx
    .selectFrom("datastream_memberships")
    .select("datastream_id")
    .where("container_id", "=", containerId)
    .where("datastream_id", "=", datastreamId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Answers whether there was such a membership. */
export async function deleteMembership(trx: Trx, containerId: string, datastreamId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom("datastream_memberships")
    .where("container_id", "=", containerId)
    .where("datastream_id", "=", datastreamId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Every membership, in trashed containers too. */
export async function deleteAllMemberships(trx: Trx, datastreamId: string): Promise<void> {
  await trx.deleteFrom("datastream_memberships").where("datastream_id", "=", datastreamId).execute();
}

/** The live containers holding the datastream, by label. */
export function listMemberships(trx: Trx, datastreamId: string): Promise<{ id: string; label: string }[]> {
  return trx
    .selectFrom("datastream_memberships as m")
    .innerJoin("containers as c", (join) => join.onRef("c.tenant_id", "=", "m.tenant_id").onRef("c.id", "=", "m.container_id"))
    .select(["c.id", "c.label"])
    .where("m.datastream_id", "=", datastreamId)
    .where(visible("c"))
    .orderBy(labelSortKey("c"))
    .orderBy("c.id")
    .execute();
}
