// SQL for system settings.
import type { Insertable } from "kysely";
import type { SystemSettingsTable } from "../../platform/db/schema.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export function listSettings(trx: Trx) {
  return trx.selectFrom("system_settings").selectAll().orderBy("position").orderBy("setting_key").execute();
}

export function getSetting(trx: Trx, key: string) {
  return trx.selectFrom("system_settings").selectAll().where("setting_key", "=", key).executeTakeFirst();
}

export async function updateSettingValue(trx: Trx, key: string, value: string): Promise<void> {
  await trx.updateTable("system_settings").set({ setting_value: value }).where("setting_key", "=", key).execute();
}

export async function insertMissingSettings(trx: Trx, rows: Insertable<SystemSettingsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto("system_settings")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}
