// SQL for where properties hold values: containers and datastreams (trashed ones too, since their values still
// keep a property from being deleted), by label.
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
