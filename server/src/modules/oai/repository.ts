// SQL of the OAI-PMH provider: records (oai_records, kept by the triggers of migration 0026) in datestamp order,
// the sets (published containers of collection types), what a record disseminates, and the tenant's settings.
// Every statement runs in a tenant transaction, so row-level security confines it to the tenant.
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

/** Datestamps travel as the database's own text (microseconds, UTC), so a resumed list compares exactly. */
const datestampText = sql<string>`to_char(r.datestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type RecordRow = { container_id: string; datestamp: string; deleted: boolean; deleted_sets: string[] | null };

export type RecordFilter = { from?: Date; until: string; set?: string };

/** Live containers below a set, through any path (a container placed twice is counted once). */
const membersOf = (setId: string) => sql`with recursive members (id) as (
    select e.child_id from container_edges e where e.parent_key = ${setId}::uuid and e.child_visible
    union
    select e.child_id from members m join container_edges e on e.parent_key = m.id and e.child_visible
  ) select id from members`;

function filtered(filter: RecordFilter) {
  const from = filter.from ? sql`and r.datestamp >= ${filter.from}` : sql``;
  const set = filter.set
    ? sql`and ((r.deleted and ${filter.set}::uuid = any (r.deleted_sets))
        or (not r.deleted and r.container_id in (${membersOf(filter.set)})))`
    : sql``;
  return sql`r.datestamp < ${filter.until}::timestamptz ${from} ${set}`;
}

export async function countRecords(trx: Trx, filter: RecordFilter): Promise<number> {
  const { rows } = await sql<{ count: string }>`select count(*) as count from oai_records r where ${filtered(filter)}`.execute(trx);
  return Number(rows[0]?.count ?? 0);
}

export async function listRecords(
  trx: Trx,
  filter: RecordFilter,
  after: [string, string] | undefined,
  limit: number,
): Promise<RecordRow[]> {
  const resume = after ? sql`and (r.datestamp, r.container_id) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``;
  const { rows } = await sql<RecordRow>`select r.container_id, ${datestampText} as datestamp, r.deleted, r.deleted_sets
    from oai_records r where ${filtered(filter)} ${resume}
    order by r.datestamp, r.container_id limit ${limit}`.execute(trx);
  return rows;
}

export async function findRecord(trx: Trx, containerId: string): Promise<RecordRow | undefined> {
  const { rows } = await sql<RecordRow>`select r.container_id, ${datestampText} as datestamp, r.deleted, r.deleted_sets
    from oai_records r where r.container_id = ${containerId}::uuid`.execute(trx);
  return rows[0];
}

/** The database's clock as datestamp text: where a new list harvest stops. */
export async function clock(trx: Trx): Promise<string> {
  const { rows } = await sql<{ now: string }>`select to_char(clock_timestamp() at time zone 'UTC',
    'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as now`.execute(trx);
  const [row] = rows;
  if (!row) throw new Error("The database answered no time");
  return row.now;
}

export async function earliestDatestamp(trx: Trx): Promise<Date | undefined> {
  const row = await trx
    .selectFrom("oai_records")
    .select((eb) => eb.fn.min("datestamp").as("earliest"))
    .executeTakeFirst();
  return row?.earliest ? new Date(row.earliest) : undefined;
}

export type SetRow = { id: string; label: string };

const liveCollections = sql`from containers c join content_types t on t.tenant_id = c.tenant_id and t.id = c.type_id
  where c.published and c.deleted_at is null and t.oai_collection`;

export async function countSets(trx: Trx): Promise<number> {
  const { rows } = await sql<{ count: string }>`select count(*) as count ${liveCollections}`.execute(trx);
  return Number(rows[0]?.count ?? 0);
}

export async function listSets(trx: Trx, afterId: string | undefined, limit: number): Promise<SetRow[]> {
  const resume = afterId ? sql`and c.id > ${afterId}::uuid` : sql``;
  const { rows } = await sql<SetRow>`select c.id, c.label ${liveCollections} ${resume} order by c.id limit ${limit}`.execute(trx);
  return rows;
}

export async function isSet(trx: Trx, id: string): Promise<boolean> {
  const { rows } = await sql`select 1 ${liveCollections} and c.id = ${id}::uuid`.execute(trx);
  return rows.length > 0;
}

export async function hasCollectionTypes(trx: Trx): Promise<boolean> {
  const row = await trx.selectFrom("content_types").select("id").where("oai_collection", "=", true).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The sets each live record is in now. */
export async function setsOf(trx: Trx, tenantId: string, ids: readonly string[]): Promise<{ container_id: string; set_id: string }[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ container_id: string; set_id: string }>`select container_id, set_id
    from repox_oai_sets_of(${tenantId}::uuid, ${sql.val([...ids])}::uuid[]) order by set_id`.execute(trx);
  return rows;
}

export type ContainerRow = { id: string; label: string; type_id: number; type_code: string; type_name: string };

export async function containersOf(trx: Trx, ids: readonly string[]): Promise<ContainerRow[]> {
  if (ids.length === 0) return [];
  return trx
    .selectFrom("containers as c")
    .innerJoin("content_types as t", (join) => join.onRef("t.tenant_id", "=", "c.tenant_id").onRef("t.id", "=", "c.type_id"))
    .select(["c.id", "c.label", "c.type_id", "t.code as type_code", "t.name as type_name"])
    .where("c.id", "in", ids)
    .execute();
}

export type ValueRow = {
  container_id: string;
  property_key: string;
  position: number;
  value: { values?: unknown; qualifiers?: unknown };
  property_type: string;
  property_details: string;
  display_name: string;
  /** The property's place in the container's type; null when the type no longer has it. */
  type_position: number | null;
};

export async function valuesOf(trx: Trx, ids: readonly string[]): Promise<ValueRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<ValueRow>`select v.container_id, v.property_key, v.position, v.value,
      p.property_type, p.property_details, p.display_name, ctp.position as type_position
    from property_values v
    join containers c on c.tenant_id = v.tenant_id and c.id = v.container_id
    join properties p on p.tenant_id = v.tenant_id and p.property_key = v.property_key
    left join content_type_properties ctp on ctp.tenant_id = v.tenant_id and ctp.type_id = c.type_id and ctp.property_id = p.id
    where v.container_id in (${sql.join(ids.map((id) => sql`${id}::uuid`))})
    order by v.container_id, ctp.position nulls last, v.property_key, v.position`.execute(trx);
  return rows;
}

export type PropertyRow = { property_key: string; display_name: string; property_type: string };

export async function properties(trx: Trx): Promise<PropertyRow[]> {
  return trx.selectFrom("properties").select(["property_key", "display_name", "property_type"]).orderBy("property_key").execute();
}

export async function settings(trx: Trx) {
  return trx.selectFrom("oai_settings").select(["admin_email", "dublin_core", "updated_at"]).executeTakeFirst();
}

export async function collectionTypeCodes(trx: Trx): Promise<string[]> {
  const rows = await trx
    .selectFrom("content_types")
    .select("code")
    .where("kind", "=", "container")
    .where("oai_collection", "=", true)
    .orderBy("code")
    .execute();
  return rows.map((row) => row.code);
}

export async function containerTypeCodes(trx: Trx): Promise<string[]> {
  const rows = await trx.selectFrom("content_types").select("code").where("kind", "=", "container").execute();
  return rows.map((row) => row.code);
}

export async function saveSettings(
  trx: Trx,
  tenantId: string,
  values: { adminEmail: string; dublinCore: Record<string, string[]>; collectionTypes: readonly string[] },
): Promise<void> {
  await trx
    .insertInto("oai_settings")
    .values({ tenant_id: tenantId, admin_email: values.adminEmail, dublin_core: JSON.stringify(values.dublinCore) as never })
    .onConflict((oc) =>
      oc.column("tenant_id").doUpdateSet({
        admin_email: values.adminEmail,
        dublin_core: JSON.stringify(values.dublinCore) as never,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
  const codes = values.collectionTypes.length > 0 ? sql.join(values.collectionTypes.map((code) => sql`${code}`)) : sql`null`;
  const chosen = sql`coalesce(code in (${codes}), false)`;
  await sql`update content_types set oai_collection = ${chosen}
    where kind = 'container' and oai_collection <> ${chosen}`.execute(trx);
  // What every record disseminates may have changed: each is harvested again.
  await sql`update oai_records set datestamp = clock_timestamp() where not deleted`.execute(trx);
}
