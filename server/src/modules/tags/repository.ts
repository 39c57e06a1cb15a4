// SQL for tags. Every function runs inside a tenant transaction.
import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export type TagFilter = { scope?: string | undefined; search?: string | undefined };
export type TagFields = { name: string; description: string; color: string; scope: string };

export const tagColumns = ["id", "name", "description", "color", "scope"] as const;
const columns = tagColumns;

function matches({ scope, search }: TagFilter) {
  return (eb: ExpressionBuilder<Database, "tags">) => {
    const conditions = [];
    if (scope) conditions.push(eb("scope", "=", scope));
    if (search) conditions.push(eb("name", "ilike", `%${search.replace(/[\\%_]/g, "\\$&")}%`));
    return eb.and(conditions);
  };
}

export function listTags(trx: Trx, filter: TagFilter & { offset: number; limit: number }) {
  return trx
    .selectFrom("tags")
    .select(columns)
    .where(matches(filter))
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .offset(filter.offset)
    .limit(filter.limit)
    .execute();
}

export async function countTags(trx: Trx, filter: TagFilter): Promise<number> {
  const { count } = await trx
    .selectFrom("tags")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where(matches(filter))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export type TagRow = Awaited<ReturnType<typeof listTags>>[number];

export function getTag(trx: Trx, id: number): Promise<TagRow | undefined> {
  return trx.selectFrom("tags").select(columns).where("id", "=", id).executeTakeFirst();
}

export async function findTagIdByName(trx: Trx, scope: string, name: string): Promise<number | undefined> {
  const row = await trx
    .selectFrom("tags")
    .select("id")
    .where("scope", "=", scope)
    .where(sql`lower(name)`, "=", name.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

export async function insertTag(trx: Trx, tenantId: string, tag: TagFields): Promise<TagRow> {
  return trx
    .insertInto("tags")
    .values({ tenant_id: tenantId, ...tag })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export function updateTag(trx: Trx, id: number, tag: TagFields): Promise<TagRow | undefined> {
  return trx
    .updateTable("tags")
    .set({ ...tag, modified_at: new Date() })
    .where("id", "=", id)
    .returning(columns)
    .executeTakeFirst();
}

export async function deleteTag(trx: Trx, id: number): Promise<boolean> {
  const result = await trx.deleteFrom("tags").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
