// SQL for property namespaces.
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { containsPattern, type Paging } from "./shared.ts";

export type NamespaceRow = { id: number; code: string; name: string; prefix: string; url: string };
export type NamespaceFields = Omit<NamespaceRow, "id">;

const columns = ["id", "code", "name", "prefix", "url"] as const;

function matches(search: string) {
  const pattern = containsPattern(search);
  return sql<boolean>`(code ilike ${pattern} or name ilike ${pattern})`;
}

export function listNamespaces(trx: Trx, page?: Paging): Promise<NamespaceRow[]> {
  return trx
    .selectFrom("property_namespaces")
    .select(columns)
    .$if(!!page?.search, (q) => q.where(matches(page?.search ?? "")))
    .orderBy(sql`lower(code)`)
    .$if(page !== undefined, (q) => q.offset(page?.offset ?? 0).limit(page?.limit ?? 0))
    .execute();
}

export async function countNamespaces(trx: Trx, search: string | undefined): Promise<number> {
  const { count } = await trx
    .selectFrom("property_namespaces")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .$if(!!search, (q) => q.where(matches(search ?? "")))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Codes are unique regardless of case. */
export function findNamespace(trx: Trx, code: string): Promise<NamespaceRow | undefined> {
  return trx.selectFrom("property_namespaces").select(columns).where(sql`lower(code)`, "=", code.toLowerCase()).executeTakeFirst();
}

export async function insertNamespace(trx: Trx, tenantId: string, fields: NamespaceFields): Promise<void> {
  await trx
    .insertInto("property_namespaces")
    .values({ tenant_id: tenantId, ...fields })
    .execute();
}

export async function updateNamespace(trx: Trx, id: number, fields: Omit<NamespaceFields, "code">): Promise<void> {
  await trx.updateTable("property_namespaces").set(fields).where("id", "=", id).execute();
}

export async function deleteNamespace(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom("property_namespaces").where("id", "=", id).execute();
}

/** Keys of the properties in this namespace. */
export async function propertiesInNamespace(trx: Trx, id: number): Promise<string[]> {
  const rows = await trx.selectFrom("properties").select("property_key").where("namespace_id", "=", id).orderBy("property_key").execute();
  return rows.map((row) => row.property_key);
}
