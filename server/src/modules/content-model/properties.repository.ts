// SQL for properties and their qualifiers.
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { containsPattern, type Paging, type TypeKind } from "./shared.ts";

export type PropertyRow = {
  id: number;
  property_key: string;
  display_name: string;
  property_type: string;
  property_details: string;
  description: string;
  namespace: string | null;
  qualifiers: string[];
  mandatory: boolean;
  editable: boolean;
  repeatable: boolean;
  group_id: number | null;
  position: number;
};

export type PropertyFields = {
  display_name: string;
  property_type: string;
  property_details: string;
  description: string;
  namespace_id: number | null;
  group_id: number | null;
  mandatory: boolean;
  editable: boolean;
  repeatable: boolean;
  position: number;
};

/** The namespace code of property `p`. */
export function namespaceCode() {
  return sql<string | null>`(select n.code from property_namespaces n where n.tenant_id = p.tenant_id and n.id = p.namespace_id)`.as(
    "namespace",
  );
}

/** The qualifier keys of property `p`, in the order they were given. */
export function qualifierKeys() {
  return sql<string[]>`coalesce((select array_agg(q.qualifier_key order by l.position)
    from property_qualifier_links l join property_qualifiers q on q.tenant_id = l.tenant_id and q.id = l.qualifier_id
    where l.tenant_id = p.tenant_id and l.property_id = p.id), '{}')`.as("qualifiers");
}

const ownColumns = [
  "p.id",
  "p.property_key",
  "p.display_name",
  "p.property_type",
  "p.property_details",
  "p.description",
  "p.mandatory",
  "p.editable",
  "p.repeatable",
  "p.group_id",
  "p.position",
] as const;

type PropertyFilter = { search?: string | undefined; propertyType?: string | undefined };

function matches(search: string) {
  const pattern = containsPattern(search);
  return sql<boolean>`(p.property_key ilike ${pattern} or p.display_name ilike ${pattern})`;
}

export function listProperties(trx: Trx, page?: Paging & PropertyFilter): Promise<PropertyRow[]> {
  return trx
    .selectFrom("properties as p")
    .select(ownColumns)
    .select([namespaceCode(), qualifierKeys()])
    .$if(!!page?.search, (q) => q.where(matches(page?.search ?? "")))
    .$if(!!page?.propertyType, (q) => q.where("p.property_type", "=", page?.propertyType ?? ""))
    .orderBy(sql`lower(p.display_name)`)
    .orderBy("p.property_key")
    .$if(page !== undefined, (q) => q.offset(page?.offset ?? 0).limit(page?.limit ?? 0))
    .execute();
}

export async function countProperties(trx: Trx, filter: PropertyFilter): Promise<number> {
  const { count } = await trx
    .selectFrom("properties as p")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .$if(!!filter.search, (q) => q.where(matches(filter.search ?? "")))
    .$if(!!filter.propertyType, (q) => q.where("p.property_type", "=", filter.propertyType ?? ""))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export function findProperty(trx: Trx, key: string): Promise<PropertyRow | undefined> {
  return trx
    .selectFrom("properties as p")
    .select(ownColumns)
    .select([namespaceCode(), qualifierKeys()])
    .where("p.property_key", "=", key)
    .executeTakeFirst();
}

/** Ids of the properties with these keys; missing keys are absent from the map. */
export async function findPropertyIds(trx: Trx, keys: readonly string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await trx.selectFrom("properties").select(["id", "property_key"]).where("property_key", "in", keys).execute();
  return new Map(rows.map((row) => [row.property_key, row.id]));
}

export async function insertProperty(trx: Trx, tenantId: string, key: string, fields: PropertyFields): Promise<number> {
  const { id } = await trx
    .insertInto("properties")
    .values({ tenant_id: tenantId, property_key: key, ...fields })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateProperty(trx: Trx, id: number, fields: PropertyFields): Promise<void> {
  await trx
    .updateTable("properties")
    .set({ ...fields, modified_at: new Date() })
    .where("id", "=", id)
    .execute();
}

export async function deleteProperty(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom("properties").where("id", "=", id).execute();
}

export async function setPropertyQualifiers(
  trx: Trx,
  tenantId: string,
  propertyId: number,
  qualifierIds: readonly number[],
): Promise<void> {
  await trx.deleteFrom("property_qualifier_links").where("property_id", "=", propertyId).execute();
  if (qualifierIds.length === 0) return;
  await trx
    .insertInto("property_qualifier_links")
    .values(
      qualifierIds.map((qualifierId, position) => ({ tenant_id: tenantId, property_id: propertyId, qualifier_id: qualifierId, position })),
    )
    .execute();
}

/** The container and datastream types carrying any of these properties, by kind then name. */
export async function typesWithProperties(
  trx: Trx,
  propertyIds: readonly number[],
): Promise<{ kind: TypeKind; code: string; name: string }[]> {
  if (propertyIds.length === 0) return [];
  return trx
    .selectFrom("content_types as t")
    .select(["t.kind", "t.code", "t.name"])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("content_type_properties as tp")
          .select("tp.type_id")
          .whereRef("tp.tenant_id", "=", "t.tenant_id")
          .whereRef("tp.type_id", "=", "t.id")
          .where("tp.property_id", "in", propertyIds),
      ),
    )
    .orderBy("t.kind")
    .orderBy(sql`lower(t.name)`)
    .orderBy("t.code")
    .execute();
}

export function typesWithProperty(trx: Trx, propertyId: number): Promise<{ kind: TypeKind; code: string; name: string }[]> {
  return typesWithProperties(trx, [propertyId]);
}

/** Keys of the reference properties whose details name this container type. */
export async function propertiesReferencingType(trx: Trx, code: string): Promise<string[]> {
  const rows = await trx
    .selectFrom("properties")
    .select("property_key")
    .where("property_type", "=", "reference")
    .where(
      sql<boolean>`case when property_type = 'reference' then (property_details::jsonb -> 'containerTypes') @> jsonb_build_array(${code}::text) end`,
    )
    .orderBy("property_key")
    .execute();
  return rows.map((row) => row.property_key);
}

/** The vocabulary-flat properties drawing on this vocabulary. */
export function propertiesUsingVocabulary(
  trx: Trx,
  vocabularyId: string,
): Promise<{ id: number; propertyKey: string; displayName: string }[]> {
  return (
    trx
      .selectFrom("properties")
      .select(["id", "property_key as propertyKey", "display_name as displayName"])
      .where("property_type", "=", "vocabulary-flat")
      // CASE keeps the JSON cast to vocabulary-flat rows whatever order the planner evaluates conditions in.
      .where(
        sql<boolean>`case when property_type = 'vocabulary-flat' then property_details::jsonb ->> 'vocabularyId' end = ${vocabularyId}`,
      )
      .orderBy(sql`lower(display_name)`)
      .orderBy("property_key")
      .execute()
  );
}
