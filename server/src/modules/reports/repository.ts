// SQL of the reports: live (not trashed) containers or datastreams counted per type. A report reads across areas by
// nature (the content model's types, the content's rows), so it is one grouped query rather than calls per type.
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export type TypeKind = "container" | "datastream";

/** Every type of the kind, 0 for a type nothing uses yet, by name (accents and case ignored, then byte-wise). */
export async function countLiveByType(trx: Trx, kind: TypeKind): Promise<{ label: string; value: number }[]> {
  const { rows } = await sql<{ label: string; value: number }>`select t.name as label, count(i.id)::int as value
    from content_types t
    left join ${sql.table(kind === "container" ? "containers" : "datastreams")} i
      on i.tenant_id = t.tenant_id and i.type_id = t.id and i.deleted_at is null
    where t.kind = ${kind}
    group by t.id, t.name
    order by repox_search_fold(t.name) collate "C", t.id`.execute(trx);
  return rows.map((row) => ({ label: row.label, value: Number(row.value) }));
}
