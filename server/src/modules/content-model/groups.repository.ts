// SQL for property groups.
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { containsPattern, type Paging, type TypeKind } from "./shared.ts";

export type GroupRow = { id: number; name: string; description: string };

const columns = ["id", "name", "description"] as const;

function matches(search: string) {
  return sql<boolean>`name ilike ${containsPattern(search)}`;
}

export function listGroups(trx: Trx, page?: Paging): Promise<GroupRow[]> {
  return trx
    .selectFrom("property_groups")
    .select(columns)
    .$if(!!page?.search, (q) => q.where(matches(page?.search ?? "")))
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .$if(page !== undefined, (q) => q.offset(page?.offset ?? 0).limit(page?.limit ?? 0))
    .execute();
}

export async function countGroups(trx: Trx, search: string | undefined): Promise<number> {
  const { count } = await trx
    .selectFrom("property_groups")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .$if(!!search, (q) => q.where(matches(search ?? "")))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export function getGroup(trx: Trx, id: number): Promise<GroupRow | undefined> {
  return trx.selectFrom("property_groups").select(columns).where("id", "=", id).executeTakeFirst();
}

/** Names are unique regardless of case. */
export function findGroupByName(trx: Trx, name: string): Promise<GroupRow | undefined> {
  return trx.selectFrom("property_groups").select(columns).where(sql`lower(name)`, "=", name.toLowerCase()).executeTakeFirst();
}

export async function findExistingGroupIds(trx: Trx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await trx.selectFrom("property_groups").select("id").where("id", "in", ids).execute();
  return rows.map((row) => row.id);
}

export async function insertGroup(trx: Trx, tenantId: string, fields: Omit<GroupRow, "id">): Promise<number> {
  const { id } = await trx
    .insertInto("property_groups")
    .values({ tenant_id: tenantId, ...fields })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateGroup(trx: Trx, id: number, fields: Omit<GroupRow, "id">): Promise<void> {
  await trx.updateTable("property_groups").set(fields).where("id", "=", id).execute();
}

export async function deleteGroup(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom("property_groups").where("id", "=", id).execute();
}

/** What puts properties in this group: properties themselves, and types placing a property in it. */
export async function groupUsers(
  trx: Trx,
  id: number,
): Promise<{ properties: string[]; types: { kind: TypeKind; code: string; propertyKey: string }[] }> {
  const properties = await trx.selectFrom("properties").select("property_key").where("group_id", "=", id).orderBy("property_key").execute();
  const types = await trx
    .selectFrom("content_type_properties as tp")
    .innerJoin("content_types as t", (j) => j.onRef("t.tenant_id", "=", "tp.tenant_id").onRef("t.id", "=", "tp.type_id"))
    .innerJoin("properties as p", (j) => j.onRef("p.tenant_id", "=", "tp.tenant_id").onRef("p.id", "=", "tp.property_id"))
    .select(["t.kind", "t.code", "p.property_key as propertyKey"])
    .where("tp.group_id", "=", id)
    .orderBy("t.kind")
    .orderBy("t.code")
    .orderBy("p.property_key")
    .execute();
  return { properties: properties.map((row) => row.property_key), types };
}
