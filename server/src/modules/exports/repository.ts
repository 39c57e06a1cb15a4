// SQL of the content export: the chosen items, and the folders below them read page by page in label order (keyset
// pages over the placement indexes of migration 0006), so a walk of any size holds one page per level. Trashed items
// are never read (visible / visiblePlacement).
import { type RawBuilder, sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { visible, visiblePlacement } from "../containers/visibility.repository.ts";
import { type PersonJson, personJson } from "../iam/people.ts";

export type Person = PersonJson;

/** Where the previous page ended: the placement's folded label and the item's id. */
export type PageCursor = { sortKey: string; id: string };

/** Who, for the metadata; without metadata the per-row lookups are skipped (null). */
function personOf(column: string, withPeople: boolean): RawBuilder<Person | null> {
  return withPeople ? personJson("x.tenant_id", column) : sql<null>`null`;
}

function liveContainers(trx: Trx, withPeople: boolean) {
  return trx
    .selectFrom("containers as x")
    .innerJoin("content_types as t", (join) => join.onRef("t.tenant_id", "=", "x.tenant_id").onRef("t.id", "=", "x.type_id"))
    .where(visible("x"))
    .select(["x.id", "x.label", "x.color", "x.published", "x.created_at", "x.modified_at", "t.code as type_code", "t.name as type_name"])
    .select([personOf("x.created_by", withPeople).as("created_by"), personOf("x.modified_by", withPeople).as("modified_by")]);
}

function liveDatastreams(trx: Trx, withPeople: boolean) {
  return trx
    .selectFrom("datastreams as x")
    .innerJoin("content_types as t", (join) => join.onRef("t.tenant_id", "=", "x.tenant_id").onRef("t.id", "=", "x.type_id"))
    .innerJoin("blobs as b", (join) => join.onRef("b.tenant_id", "=", "x.tenant_id").onRef("b.sha256", "=", "x.blob_sha256"))
    .where(visible("x"))
    .select(["x.id", "x.label", "x.color", "x.published", "x.created_at", "x.modified_at", "t.code as type_code", "t.name as type_name"])
    .select(["x.blob_sha256", "x.mime_type", "b.size", "b.crc32"])
    .select([personOf("x.created_by", withPeople).as("created_by"), personOf("x.modified_by", withPeople).as("modified_by")]);
}

export type ContainerRow = Awaited<ReturnType<ReturnType<typeof liveContainers>["execute"]>>[number];
export type DatastreamRow = Awaited<ReturnType<ReturnType<typeof liveDatastreams>["execute"]>>[number];

export function findContainers(trx: Trx, ids: readonly string[], withPeople: boolean): Promise<ContainerRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return liveContainers(trx, withPeople)
    .where("x.id", "in", [...ids])
    .execute();
}

export function findDatastreams(trx: Trx, ids: readonly string[], withPeople: boolean): Promise<DatastreamRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return liveDatastreams(trx, withPeople)
    .where("x.id", "in", [...ids])
    .execute();
}

/** Which page to read; people (created and modified by) only when the metadata needs them. */
export type PageRequest = { after: PageCursor | null; limit: number; withPeople: boolean };

/** A page of a folder: its live items in order, and where the next page starts (null: this was the last). */
export type FolderPage<Row> = { rows: Row[]; next: PageCursor | null };

type Placed = { id: string; sort_key: string };

/** The rows of `placed` in that order (a row trashed in between is left out), and the cursor after the last placement. */
function toPage<Row extends { id: string }>(placed: readonly Placed[], rows: readonly Row[], limit: number): FolderPage<Row> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const last = placed.at(-1);
  return {
    rows: placed.flatMap((item) => byId.get(item.id) ?? []),
    next: last && placed.length === limit ? { sortKey: last.sort_key, id: last.id } : null,
  };
}

/**
 * The next live child containers of a container after `after`, by label (folded), then id. The page's ids come from
 * the placement index first; only those rows are then read in full, never the whole folder.
 */
export async function childPage(trx: Trx, parentId: string, { after, limit, withPeople }: PageRequest): Promise<FolderPage<ContainerRow>> {
  const placed = await trx
    .selectFrom("container_edges as e")
    .select(["e.child_id as id", "e.child_sort_key as sort_key"])
    .where("e.parent_key", "=", parentId)
    .where(visiblePlacement("e"))
    .$if(after !== null, (query) =>
      query.where(sql<boolean>`(e.child_sort_key, e.child_id) > (${after?.sortKey ?? ""}, ${after?.id ?? ""}::uuid)`),
    )
    .orderBy("e.child_sort_key")
    .orderBy("e.child_id")
    .limit(limit)
    .execute();
  const rows = await findContainers(
    trx,
    placed.map((item) => item.id),
    withPeople,
  );
  return toPage(placed, rows, limit);
}

/** The next live datastreams of a container after `after`, by label (folded), then id; read as childPage is. */
export async function datastreamPage(
  trx: Trx,
  containerId: string,
  { after, limit, withPeople }: PageRequest,
): Promise<FolderPage<DatastreamRow>> {
  const placed = await trx
    .selectFrom("datastream_memberships as m")
    .select(["m.datastream_id as id", "m.datastream_sort_key as sort_key"])
    .where("m.container_id", "=", containerId)
    .where(visiblePlacement("m"))
    .$if(after !== null, (query) =>
      query.where(sql<boolean>`(m.datastream_sort_key, m.datastream_id) > (${after?.sortKey ?? ""}, ${after?.id ?? ""}::uuid)`),
    )
    .orderBy("m.datastream_sort_key")
    .orderBy("m.datastream_id")
    .limit(limit)
    .execute();
  const rows = await findDatastreams(
    trx,
    placed.map((item) => item.id),
    withPeople,
  );
  return toPage(placed, rows, limit);
}

export type StoredValueRow = { object_id: string; property_key: string; position: number; value: unknown };

/** The stored property values of several objects of one kind, in key and position order. */
export function listValues(trx: Trx, kind: "container" | "datastream", ids: readonly string[]): Promise<StoredValueRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  // The generated per-kind column has the index (docs/content-schema.md).
  const objectColumn = kind === "container" ? "container_id" : "datastream_id";
  return trx
    .selectFrom("property_values")
    .select(["object_id", "property_key", "position", "value"])
    .where(objectColumn, "in", [...ids])
    .orderBy("object_id")
    .orderBy("property_key")
    .orderBy("position")
    .execute();
}
