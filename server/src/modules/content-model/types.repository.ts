// SQL for container and datastream types (one table, told apart by kind), their properties and acceptance lists.
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { namespaceCode, type PropertyRow, qualifierKeys } from "./properties.repository.ts";
import { containsPattern, type Paging, type TypeKind } from "./shared.ts";

export type TypeRow = {
  id: number;
  code: string;
  name: string;
  layout: string;
  allowed_at_root: boolean;
  /** Semicolon-separated codes of the accepted container types, in the order given. */
  container_acceptance: string;
  datastream_acceptance: string;
};

export type TypeFields = { name: string; layout: string; allowed_at_root: boolean };

export type TypePropertyFields = {
  property_id: number;
  group_id: number | null;
  position: number;
  mandatory: boolean;
  editable: boolean;
  repeatable: boolean;
};

const acceptanceOf = (kind: TypeKind) => sql<string>`coalesce((select string_agg(a.code, ';' order by ta.position)
    from content_type_acceptance ta join content_types a on a.tenant_id = ta.tenant_id and a.id = ta.accepted_type_id
    where ta.tenant_id = t.tenant_id and ta.type_id = t.id and a.kind = ${kind}), '')`;

const columns = ["t.id", "t.code", "t.name", "t.layout", "t.allowed_at_root"] as const;
const acceptanceColumns = [
  acceptanceOf("container").as("container_acceptance"),
  acceptanceOf("datastream").as("datastream_acceptance"),
] as const;

type TypeFilter = { search?: string | undefined; allowedAtRoot?: boolean | undefined };

function matches(search: string) {
  const pattern = containsPattern(search);
  return sql<boolean>`(t.code ilike ${pattern} or t.name ilike ${pattern})`;
}

export function listTypes(trx: Trx, kind: TypeKind, page?: Paging & TypeFilter): Promise<TypeRow[]> {
  return trx
    .selectFrom("content_types as t")
    .select(columns)
    .select(acceptanceColumns)
    .where("t.kind", "=", kind)
    .$if(!!page?.search, (q) => q.where(matches(page?.search ?? "")))
    .$if(page?.allowedAtRoot !== undefined, (q) => q.where("t.allowed_at_root", "=", page?.allowedAtRoot ?? false))
    .orderBy(sql`lower(t.name)`)
    .orderBy("t.code")
    .$if(page !== undefined, (q) => q.offset(page?.offset ?? 0).limit(page?.limit ?? 0))
    .execute();
}

export async function countTypes(trx: Trx, kind: TypeKind, filter: TypeFilter): Promise<number> {
  const { count } = await trx
    .selectFrom("content_types as t")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("t.kind", "=", kind)
    .$if(!!filter.search, (q) => q.where(matches(filter.search ?? "")))
    .$if(filter.allowedAtRoot !== undefined, (q) => q.where("t.allowed_at_root", "=", filter.allowedAtRoot ?? false))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export function findType(trx: Trx, kind: TypeKind, code: string): Promise<TypeRow | undefined> {
  return trx
    .selectFrom("content_types as t")
    .select(columns)
    .select(acceptanceColumns)
    .where("t.kind", "=", kind)
    .where("t.code", "=", code)
    .executeTakeFirst();
}

/** Ids of the types of this kind with these codes; missing codes are absent from the map. */
export async function findTypeIds(trx: Trx, kind: TypeKind, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await trx.selectFrom("content_types").select(["id", "code"]).where("kind", "=", kind).where("code", "in", codes).execute();
  return new Map(rows.map((row) => [row.code, row.id]));
}

export async function insertType(trx: Trx, tenantId: string, kind: TypeKind, code: string, fields: TypeFields): Promise<number> {
  const { id } = await trx
    .insertInto("content_types")
    .values({ tenant_id: tenantId, kind, code, ...fields })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateType(trx: Trx, id: number, fields: TypeFields): Promise<void> {
  await trx
    .updateTable("content_types")
    .set({ ...fields, modified_at: new Date() })
    .where("id", "=", id)
    .execute();
}

export async function deleteType(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom("content_types").where("id", "=", id).execute();
}

/** Replaces the type's acceptance list (container and datastream codes together) with these ids, in order. */
export async function setAcceptance(trx: Trx, tenantId: string, typeId: number, acceptedIds: readonly number[]): Promise<void> {
  await trx.deleteFrom("content_type_acceptance").where("type_id", "=", typeId).execute();
  if (acceptedIds.length === 0) return;
  await trx
    .insertInto("content_type_acceptance")
    .values(acceptedIds.map((acceptedId, position) => ({ tenant_id: tenantId, type_id: typeId, accepted_type_id: acceptedId, position })))
    .execute();
}

/** Other types whose acceptance lists name this type. */
export function acceptanceReferrers(trx: Trx, typeId: number): Promise<{ kind: TypeKind; code: string }[]> {
  return trx
    .selectFrom("content_type_acceptance as ta")
    .innerJoin("content_types as t", (j) => j.onRef("t.tenant_id", "=", "ta.tenant_id").onRef("t.id", "=", "ta.type_id"))
    .select(["t.kind", "t.code"])
    .where("ta.accepted_type_id", "=", typeId)
    .where("ta.type_id", "<>", typeId)
    .orderBy("t.kind")
    .orderBy("t.code")
    .execute();
}

export async function setTypeProperties(trx: Trx, tenantId: string, typeId: number, rows: readonly TypePropertyFields[]): Promise<void> {
  await trx.deleteFrom("content_type_properties").where("type_id", "=", typeId).execute();
  if (rows.length === 0) return;
  await trx
    .insertInto("content_type_properties")
    .values(rows.map((row) => ({ tenant_id: tenantId, type_id: typeId, ...row })))
    .execute();
}

/** The type's properties with this type's group, position and flags: by group name (ungrouped last), then position. */
export function listTypeProperties(trx: Trx, typeId: number): Promise<PropertyRow[]> {
  return trx
    .selectFrom("content_type_properties as tp")
    .innerJoin("properties as p", (j) => j.onRef("p.tenant_id", "=", "tp.tenant_id").onRef("p.id", "=", "tp.property_id"))
    .leftJoin("property_groups as g", (j) => j.onRef("g.tenant_id", "=", "tp.tenant_id").onRef("g.id", "=", "tp.group_id"))
    .select([
      "p.id",
      "p.property_key",
      "p.display_name",
      "p.property_type",
      "p.property_details",
      "p.description",
      "tp.mandatory",
      "tp.editable",
      "tp.repeatable",
      "tp.group_id",
      "tp.position",
    ])
    .select([namespaceCode(), qualifierKeys()])
    .where("tp.type_id", "=", typeId)
    .orderBy(sql`lower(g.name) asc nulls last`)
    .orderBy("tp.group_id")
    .orderBy("tp.position")
    .orderBy("p.property_key")
    .execute();
}
