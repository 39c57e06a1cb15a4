// SQL for where properties hold values: containers and datastreams (trashed ones too, since their values still
// keep a property from being deleted), by label; and how many items are of a type.
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { labelSortKey } from "./visibility.repository.ts";

export function containersHolding(trx: Trx, propertyKeys: readonly string[]): Promise<{ id: string; label: string }[]> {
  if (propertyKeys.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom("containers as c")
    .select(["c.id", "c.label"])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("property_values as v")
          .select("v.position")
          .whereRef("v.container_id", "=", "c.id")
          .where("v.property_key", "in", [...propertyKeys]),
      ),
    )
    .orderBy(labelSortKey("c"))
    .orderBy("c.id")
    .execute();
}

export function datastreamsHolding(trx: Trx, propertyKeys: readonly string[]): Promise<{ id: string; label: string }[]> {
  if (propertyKeys.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom("datastreams as c")
    .select(["c.id", "c.label"])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("property_values as v")
          .select("v.position")
          .whereRef("v.datastream_id", "=", "c.id")
          .where("v.property_key", "in", [...propertyKeys]),
      ),
    )
    .orderBy(labelSortKey("c"))
    .orderBy("c.id")
    .execute();
}

/** Items of the type, trashed ones included (they still keep the type from being deleted), and how many are trashed. */
export async function countOfType(trx: Trx, kind: "container" | "datastream", typeId: number): Promise<{ items: number; trashed: number }> {
  const row = await trx
    .selectFrom(kind === "container" ? "containers" : "datastreams")
    .select([sql<string>`count(*)`.as("items"), sql<string>`count(*) filter (where deleted_at is not null)`.as("trashed")])
    .where("type_id", "=", typeId)
    .executeTakeFirstOrThrow();
  return { items: Number(row.items), trashed: Number(row.trashed) };
}
