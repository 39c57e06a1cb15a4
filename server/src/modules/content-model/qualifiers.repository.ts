// SQL for property qualifiers.
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { containsPattern, type Paging } from "./shared.ts";

export type QualifierRow = {
  id: number;
  qualifier_key: string;
  qualifier_name: string;
  qualifier_type: string;
  qualifier_details: string;
  description: string;
  external_source: string;
};
export type QualifierFields = Omit<QualifierRow, "id">;

const columns = ["id", "qualifier_key", "qualifier_name", "qualifier_type", "qualifier_details", "description", "external_source"] as const;

function matches(search: string) {
  const pattern = containsPattern(search);
  return sql<boolean>`(qualifier_key ilike ${pattern} or qualifier_name ilike ${pattern})`;
}

export function listQualifiers(trx: Trx, page?: Paging): Promise<QualifierRow[]> {
  return trx
    .selectFrom("property_qualifiers")
    .select(columns)
    .$if(!!page?.search, (q) => q.where(matches(page?.search ?? "")))
    .orderBy(sql`lower(qualifier_key)`)
    .$if(page !== undefined, (q) => q.offset(page?.offset ?? 0).limit(page?.limit ?? 0))
    .execute();
}

export async function countQualifiers(trx: Trx, search: string | undefined): Promise<number> {
  const { count } = await trx
    .selectFrom("property_qualifiers")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .$if(!!search, (q) => q.where(matches(search ?? "")))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Keys are unique regardless of case. */
export function findQualifier(trx: Trx, key: string): Promise<QualifierRow | undefined> {
  return trx.selectFrom("property_qualifiers").select(columns).where(sql`lower(qualifier_key)`, "=", key.toLowerCase()).executeTakeFirst();
}

export async function findQualifiers(trx: Trx, keys: readonly string[]): Promise<QualifierRow[]> {
  if (keys.length === 0) return [];
  return trx
    .selectFrom("property_qualifiers")
    .select(columns)
    .where(
      sql`lower(qualifier_key)`,
      "in",
      keys.map((key) => key.toLowerCase()),
    )
    .execute();
}

export async function insertQualifier(trx: Trx, tenantId: string, fields: QualifierFields): Promise<void> {
  await trx
    .insertInto("property_qualifiers")
    .values({ tenant_id: tenantId, ...fields })
    .execute();
}

export async function updateQualifier(trx: Trx, id: number, fields: Omit<QualifierFields, "qualifier_key">): Promise<void> {
  await trx.updateTable("property_qualifiers").set(fields).where("id", "=", id).execute();
}

export async function deleteQualifier(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom("property_qualifiers").where("id", "=", id).execute();
}

/** Keys of the properties carrying this qualifier. */
export async function propertiesWithQualifier(trx: Trx, id: number): Promise<string[]> {
  const rows = await trx
    .selectFrom("property_qualifier_links as l")
    .innerJoin("properties as p", (j) => j.onRef("p.tenant_id", "=", "l.tenant_id").onRef("p.id", "=", "l.property_id"))
    .select("p.property_key")
    .where("l.qualifier_id", "=", id)
    .orderBy("p.property_key")
    .execute();
  return rows.map((row) => row.property_key);
}
