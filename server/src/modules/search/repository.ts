// SQL of the search. Containers and datastreams are matched by search_content() (migration 0010, decision 0003), which
// answers ranked ids; their rows are then read by id, with types and people joined for display as the content area's
// own lists do (people through the IAM module's personJson). Users and groups are searched by the IAM service.
import type { ThumbnailStatus } from "@repox/contracts";
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { visible } from "../containers/visibility.repository.ts";
import { type PersonJson, personJson } from "../iam/people.repository.ts";

export type ContentKind = "container" | "datastream";

export type MatchOptions = {
  /** Only objects of these content type ids; null for any type. */
  typeIds: readonly number[] | null;
  /** Match labels only, not property values. */
  labelsOnly: boolean;
  limit: number;
};

/** The ids of the best matches of `text`, best first (a blank text lists labels in order). */
export async function findMatches(trx: Trx, kind: ContentKind, text: string, options: MatchOptions): Promise<string[]> {
  const typeIds = options.typeIds === null ? null : [...options.typeIds];
  const { rows } = await sql<{ found_id: string }>`select found_id
    from search_content(${kind}, ${text}, ${typeIds}::integer[], ${options.labelsOnly}, ${options.limit})`.execute(trx);
  return rows.map((row) => row.found_id);
}

/** Ids of the container types with these codes; codes that name none are left out. */
export async function containerTypeIds(trx: Trx, codes: readonly string[]): Promise<number[]> {
  const rows = await trx
    .selectFrom("content_types")
    .select("id")
    .where("kind", "=", "container")
    .where("code", "in", [...codes])
    .execute();
  return rows.map((row) => row.id);
}

export type Person = PersonJson | null;

/** Rows of `ids` in the order of `ids`. */
function inOrder<Row extends { id: string }>(ids: readonly string[], rows: readonly Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type ContainerHitRow = Awaited<ReturnType<typeof containerHits>>[number];

/** Live containers among `ids`, in that order. */
export async function containerHits(trx: Trx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom("containers as c")
    .innerJoin("content_types as t", (join) => join.onRef("t.tenant_id", "=", "c.tenant_id").onRef("t.id", "=", "c.type_id"))
    .where("c.id", "in", [...ids])
    .where(visible("c"))
    .select(["c.id", "c.label", "c.created_at", "t.code as type_code", "t.name as type_name", "t.layout as type_layout"])
    .select(personJson("c.tenant_id", "c.created_by").as("created_by"))
    .execute();
  return inOrder(ids, rows);
}

export type DatastreamHitRow = Awaited<ReturnType<typeof datastreamHits>>[number];

/** Live datastreams among `ids`, in that order, with the first live containers holding each. */
export async function datastreamHits(trx: Trx, ids: readonly string[], maxMemberships: number) {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom("datastreams as c")
    .innerJoin("content_types as t", (join) => join.onRef("t.tenant_id", "=", "c.tenant_id").onRef("t.id", "=", "c.type_id"))
    .where("c.id", "in", [...ids])
    .where(visible("c"))
    .select(["c.id", "c.label", "c.mime_type", "c.filesize", "c.created_at"])
    .select(["t.code as type_code", "t.name as type_name", "t.layout as type_layout"])
    .select([
      personJson("c.tenant_id", "c.created_by").as("created_by"),
      // The media job records one outcome per file and kind (migration 0007); no row yet means it is still to come.
      sql<ThumbnailStatus>`coalesce((select x.status from derivatives x where x.tenant_id = c.tenant_id
        and x.source_sha256 = c.blob_sha256 and x.kind = 'thumb'), 'pending')`.as("thumbnail_status"),
      sql<string[]>`array(select m.container_id from datastream_memberships m
        join containers p on p.tenant_id = m.tenant_id and p.id = m.container_id
        where m.tenant_id = c.tenant_id and m.datastream_id = c.id and ${visible("p")}
        order by m.created_at, m.container_id limit ${maxMemberships})`.as("container_ids"),
    ])
    .execute();
  return inOrder(ids, rows);
}
