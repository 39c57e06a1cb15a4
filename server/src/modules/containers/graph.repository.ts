// SQL for the container graph: edges (containers in containers, the top level as parent ROOT_PARENT_KEY), the per-tenant
// lock that serialises changes to it, walks up (paths, cycle check) and down (subtree, report).
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { labelSortKey, ROOT_PARENT_KEY, visible, visiblePlacement } from "./visibility.repository.ts";

/** First key of the graph lock: "RPXG". The second is the tenant's hash, so tenants never wait for each other. */
const GRAPH_LOCK_CLASS = 0x52505847;

/**
 * Holds the tenant's graph lock until the transaction ends. Every change that adds an edge takes it before checking
 * for cycles, so two crossing moves (A into B, B into A) cannot both pass the check.
 */
export async function lockGraph(trx: Trx, tenantId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${GRAPH_LOCK_CLASS}, hashtext(${tenantId}))`.execute(trx);
}

export async function insertEdge(trx: Trx, tenantId: string, parentId: string | null, childId: string): Promise<void> {
  await trx.insertInto("container_edges").values({ tenant_id: tenantId, parent_id: parentId, child_id: childId }).execute();
}

/** Answers whether there was such an edge. */
export async function deleteEdge(trx: Trx, parentId: string | null, childId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom("container_edges")
    .where("parent_key", "=", parentId ?? ROOT_PARENT_KEY)
    .where("child_id", "=", childId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function hasEdge(trx: Trx, parentId: string | null, childId: string): Promise<boolean> {
  const row = await trx
    .selectFrom("container_edges")
    .select("child_id")
    .where("parent_key", "=", parentId ?? ROOT_PARENT_KEY)
    .where("child_id", "=", childId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `ancestorId` is `nodeId` or above it, following every edge (trashed containers too: they may come back). */
export async function isSelfOrAncestor(trx: Trx, ancestorId: string, nodeId: string): Promise<boolean> {
  // Walking up from the node visits its ancestors only, usually a handful; UNION stops at rows already seen.
  const { rows } = await sql<{ found: boolean }>`with recursive up(id) as (
      select ${nodeId}::uuid
      union
      select e.parent_id from container_edges e join up on e.child_id = up.id where e.parent_id is not null
    )
    select exists (select 1 from up where id = ${ancestorId}::uuid) as found`.execute(trx);
  return rows[0]?.found === true;
}

/** The live direct parents, by label; the top level is not among them (see isAtRoot). */
export function listParents(trx: Trx, childId: string): Promise<{ id: string; label: string }[]> {
  return trx
    .selectFrom("container_edges as e")
    .innerJoin("containers as c", (join) => join.onRef("c.tenant_id", "=", "e.tenant_id").onRef("c.id", "=", "e.parent_id"))
    .select(["c.id", "c.label"])
    .where("e.child_id", "=", childId)
    .where(visible("c"))
    .orderBy(labelSortKey("c"))
    .orderBy("c.id")
    .execute();
}

export function isAtRoot(trx: Trx, childId: string): Promise<boolean> {
  return hasEdge(trx, null, childId);
}

/**
 * Every way down from the top level to the container: the ancestor ids, top first, ending with the direct parent.
 * Paths through a trashed container are not ways down. The oldest placements come first (compared from the container
 * upwards), so the first path is where the container was put before any link. At most `limit`.
 */
export async function listPaths(trx: Trx, childId: string, limit: number, maxDepth: number): Promise<string[][]> {
  const { rows } = await sql<{ path: string[] }>`with recursive up(parent_id, path, placed, depth) as (
      select e.parent_id, array[]::uuid[], array[e.created_at], 0 from container_edges e where e.child_id = ${childId}::uuid
      union all
      select e.parent_id, up.parent_id || up.path, up.placed || e.created_at, up.depth + 1
      from up
      join containers c on c.id = up.parent_id and ${visible("c")}
      join container_edges e on e.tenant_id = c.tenant_id and e.child_id = c.id
      where up.depth < ${maxDepth} and (e.parent_id is null or not (e.parent_id = up.parent_id or e.parent_id = any(up.path)))
    )
    select path::text[] as path from up where parent_id is null
    order by placed, path::text[]
    limit ${limit}`.execute(trx);
  return rows.map((row) => row.path);
}

export function labelsOf(trx: Trx, ids: readonly string[]): Promise<{ id: string; label: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom("containers")
    .select(["id", "label"])
    .where("id", "in", [...ids])
    .execute();
}

/** Live children of a parent (null: the top level) by label, without `exceptId`, at most `limit`. */
export function listSiblings(trx: Trx, parentId: string | null, exceptId: string, limit: number) {
  return trx
    .selectFrom("container_edges as e")
    .innerJoin("containers as c", (join) => join.onRef("c.tenant_id", "=", "e.tenant_id").onRef("c.id", "=", "e.child_id"))
    .select(["c.id", "c.label"])
    .where("e.parent_key", "=", parentId ?? ROOT_PARENT_KEY)
    .where("e.child_id", "<>", exceptId)
    .where(visiblePlacement("e"))
    .orderBy("e.child_sort_key")
    .orderBy("e.child_id")
    .limit(limit)
    .execute();
}

/** The container and every live container below it (each once, however many ways lead to it). */
function liveSubtree(rootId: string) {
  return sql`with recursive down(id) as (
      select ${rootId}::uuid
      union
      select e.child_id from down
      join container_edges e on e.parent_key = down.id
      join containers c on c.tenant_id = e.tenant_id and c.id = e.child_id and ${visible("c")}
    )`;
}

export async function listSubtreeIds(trx: Trx, rootId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`${liveSubtree(rootId)} select id from down`.execute(trx);
  return rows.map((row) => row.id);
}

export type SubtreeFigures = { containers: number; datastreams: number; bytes: number };

/** Containers below the root, live datastreams anywhere in the subtree, and the bytes of their distinct files. */
export async function subtreeFigures(trx: Trx, rootId: string): Promise<SubtreeFigures> {
  const { rows } = await sql<SubtreeFigures>`${liveSubtree(rootId)},
    held as (
      select distinct d.id, d.blob_sha256 from down
      join datastream_memberships m on m.container_id = down.id
      join datastreams d on d.tenant_id = m.tenant_id and d.id = m.datastream_id and ${visible("d")}
    ),
    files as (select distinct b.sha256, b.size from held join blobs b on b.sha256 = held.blob_sha256)
    select (select count(*) - 1 from down)::int as containers,
      (select count(*) from held)::int as datastreams,
      (select coalesce(sum(size), 0) from files)::bigint as bytes`.execute(trx);
  const figures = rows[0];
  return {
    containers: Number(figures?.containers ?? 0),
    datastreams: Number(figures?.datastreams ?? 0),
    bytes: Number(figures?.bytes ?? 0),
  };
}
