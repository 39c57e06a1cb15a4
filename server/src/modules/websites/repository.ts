// The websites table: SQL only. Lists run newest first (uuid v7 ids follow creation order) and are paged in SQL.
import type { Insertable, Updateable } from "kysely";
import type { WebsitesTable } from "../../platform/db/schema.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export type WebsiteRow = {
  id: string;
  name: string;
  description: string;
  story_id: string | null;
  created_at: Date;
  updated_at: Date;
};

const columns = ["id", "name", "description", "story_id", "created_at", "updated_at"] as const;

export function listWebsites(trx: Trx, { offset, limit }: { offset: number; limit: number }): Promise<WebsiteRow[]> {
  return trx.selectFrom("websites").select(columns).orderBy("id", "desc").offset(offset).limit(limit).execute();
}

export async function countWebsites(trx: Trx): Promise<number> {
  const row = await trx
    .selectFrom("websites")
    .select((eb) => eb.fn.countAll<string>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function getWebsite(trx: Trx, id: string): Promise<WebsiteRow | undefined> {
  return trx.selectFrom("websites").select(columns).where("id", "=", id).executeTakeFirst();
}

/** The row locked for a change, so two changes to one website apply one after the other. */
export function lockWebsite(trx: Trx, id: string): Promise<WebsiteRow | undefined> {
  return trx.selectFrom("websites").select(columns).where("id", "=", id).forUpdate().executeTakeFirst();
}

export async function insertWebsite(trx: Trx, row: Insertable<WebsitesTable>): Promise<void> {
  await trx.insertInto("websites").values(row).execute();
}

export async function updateWebsite(trx: Trx, id: string, fields: Updateable<WebsitesTable>): Promise<void> {
  await trx.updateTable("websites").set(fields).where("id", "=", id).execute();
}

export async function deleteWebsite(trx: Trx, id: string): Promise<boolean> {
  const result = await trx.deleteFrom("websites").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
