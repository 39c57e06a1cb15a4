// SQL for property values of containers and datastreams: one row per non-empty property instance.
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export type ObjectKind = "container" | "datastream";

export type StoredValue = { property_key: string; position: number; value: unknown };

export function listValues(trx: Trx, kind: ObjectKind, objectId: string): Promise<StoredValue[]> {
  return trx
    .selectFrom("property_values")
    .select(["property_key", "position", "value"])
    .where("object_type", "=", kind)
    .where("object_id", "=", objectId)
    .orderBy("property_key")
    .orderBy("position")
    .execute();
}

/** Replaces the values of the listed properties (others, such as values of properties the type no longer has, stay). */
export async function replaceValues(
  trx: Trx,
  tenantId: string,
  kind: ObjectKind,
  objectId: string,
  keys: readonly string[],
  values: readonly StoredValue[],
): Promise<void> {
  if (keys.length > 0) {
    await trx
      .deleteFrom("property_values")
      .where("object_type", "=", kind)
      .where("object_id", "=", objectId)
      .where("property_key", "in", [...keys])
      .execute();
  }
  if (values.length === 0) return;
  await trx
    .insertInto("property_values")
    .values(
      values.map((row) => ({
        tenant_id: tenantId,
        object_type: kind,
        object_id: objectId,
        property_key: row.property_key,
        position: row.position,
        value: JSON.stringify(row.value),
      })),
    )
    .execute();
}
