// SQL for creating many containers at once (content import): rows, top-level or parent edges and property values in
// a few multi-row statements. The placement copies on the edges are filled by the triggers of migration 0006.
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import type { StoredValue } from "./property-values.repository.ts";

/** Rows per statement: well below PostgreSQL's 65 535 parameters at 6 columns a row. */
const CHUNK = 1000;

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += CHUNK) yield rows.slice(start, start + CHUNK);
}

export type NewContainerRow = { id: string; label: string; type_id: number };

export async function insertContainers(trx: Trx, tenantId: string, userId: string, rows: readonly NewContainerRow[]): Promise<void> {
  for (const part of chunks(rows)) {
    await trx
      .insertInto("containers")
      .values(part.map((row) => ({ tenant_id: tenantId, ...row, created_by: userId, modified_by: userId })))
      .execute();
  }
}

export async function insertEdges(trx: Trx, tenantId: string, parentId: string | null, childIds: readonly string[]): Promise<void> {
  for (const part of chunks(childIds)) {
    await trx
      .insertInto("container_edges")
      .values(part.map((childId) => ({ tenant_id: tenantId, parent_id: parentId, child_id: childId })))
      .execute();
  }
}

export async function insertValues(trx: Trx, tenantId: string, values: readonly (StoredValue & { object_id: string })[]): Promise<void> {
  for (const part of chunks(values)) {
    await trx
      .insertInto("property_values")
      .values(
        part.map((row) => ({
          tenant_id: tenantId,
          object_type: "container" as const,
          object_id: row.object_id,
          property_key: row.property_key,
          position: row.position,
          value: JSON.stringify(row.value),
        })),
      )
      .execute();
  }
}
