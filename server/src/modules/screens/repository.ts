// SQL for screens, the devices that pair with them and their commands. Every function runs inside a tenant
// transaction (row-level security).
import { type Insertable, sql } from "kysely";
import type { ScreenDevicesTable, ScreensTable } from "../../platform/db/schema.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export type ScreenRow = {
  id: string;
  name: string;
  description: string;
  token: string | null;
  device_id: string | null;
  story_id: string | null;
  last_seen_at: Date | null;
  screenshot_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const screenColumns = [
  "id",
  "name",
  "description",
  "token",
  "device_id",
  "story_id",
  "last_seen_at",
  "screenshot_at",
  "created_at",
  "updated_at",
] as const;

export async function listScreens(
  trx: Trx,
  page: { offset: number; limit: number },
): Promise<(ScreenRow & { screenshot_thumb: Buffer | null })[]> {
  return trx
    .selectFrom("screens")
    .select([...screenColumns, "screenshot_thumb"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countScreens(trx: Trx): Promise<number> {
  const { count } = await trx
    .selectFrom("screens")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function getScreen(trx: Trx, id: string, options: { forUpdate?: boolean } = {}): Promise<ScreenRow | undefined> {
  return trx
    .selectFrom("screens")
    .select(screenColumns)
    .where("id", "=", id)
    .$if(!!options.forUpdate, (q) => q.forUpdate())
    .executeTakeFirst();
}

export async function getScreenThumb(trx: Trx, id: string): Promise<Buffer | null> {
  const row = await trx.selectFrom("screens").select("screenshot_thumb").where("id", "=", id).executeTakeFirst();
  return row?.screenshot_thumb ?? null;
}

export async function getScreenshot(trx: Trx, id: string): Promise<Buffer | null> {
  const row = await trx.selectFrom("screens").select("screenshot").where("id", "=", id).executeTakeFirst();
  return row?.screenshot ?? null;
}

export async function insertScreen(trx: Trx, row: Insertable<ScreensTable>): Promise<void> {
  await trx.insertInto("screens").values(row).execute();
}

export async function updateScreen(trx: Trx, id: string, values: { name: string; description: string }): Promise<void> {
  await trx
    .updateTable("screens")
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where("id", "=", id)
    .execute();
}

export async function deleteScreen(trx: Trx, id: string): Promise<void> {
  await trx.deleteFrom("screens").where("id", "=", id).execute();
}

export async function setStory(trx: Trx, id: string, storyId: string | null): Promise<void> {
  await trx.updateTable("screens").set({ story_id: storyId, updated_at: sql<Date>`now()` }).where("id", "=", id).execute();
}

export async function setScreenshot(trx: Trx, id: string, images: { preview: Buffer; thumb: Buffer }): Promise<Date> {
  const row = await trx
    .updateTable("screens")
    .set({ screenshot: images.preview, screenshot_thumb: images.thumb, screenshot_at: sql<Date>`now()` })
    .where("id", "=", id)
    .returning("screenshot_at")
    .executeTakeFirstOrThrow();
  return row.screenshot_at as Date;
}

// --- devices ---

export type DeviceRow = {
  id: string;
  secret_hash: string;
  activation_code: string;
  code_expires_at: Date;
  paired_at: Date | null;
  media_key: string | null;
  revoked_at: Date | null;
};

const deviceColumns = ["id", "secret_hash", "activation_code", "code_expires_at", "paired_at", "media_key", "revoked_at"] as const;

/** Unpaired devices whose PIN expired, and revoked ones, a day on: nothing can use them any more. */
export async function deleteStaleDevices(trx: Trx): Promise<void> {
  await trx
    .deleteFrom("screen_devices")
    .where((eb) =>
      eb.or([
        eb.and([eb("paired_at", "is", null), eb("code_expires_at", "<", sql<Date>`now()`)]),
        eb("revoked_at", "<", sql<Date>`now() - interval '1 day'`),
      ]),
    )
    .where((eb) => eb.not(eb.exists(eb.selectFrom("screens").select("id").whereRef("screens.device_id", "=", "screen_devices.id"))))
    .execute();
}

export async function isLiveCode(trx: Trx, code: string): Promise<boolean> {
  const row = await trx
    .selectFrom("screen_devices")
    .select("id")
    .where("activation_code", "=", code)
    .where("paired_at", "is", null)
    .executeTakeFirst();
  return !!row;
}

export async function insertDevice(trx: Trx, row: Insertable<ScreenDevicesTable>): Promise<void> {
  await trx.insertInto("screen_devices").values(row).execute();
}

export async function getDevice(trx: Trx, id: string): Promise<DeviceRow | undefined> {
  return trx.selectFrom("screen_devices").select(deviceColumns).where("id", "=", id).executeTakeFirst();
}

/** Devices that were given this PIN, the unused one first. */
export async function devicesWithCode(trx: Trx, code: string): Promise<DeviceRow[]> {
  return trx
    .selectFrom("screen_devices")
    .select(deviceColumns)
    .where("activation_code", "=", code)
    .orderBy(sql`paired_at is null`, "desc")
    .orderBy("created_at", "desc")
    .forUpdate()
    .execute();
}

export async function pair(trx: Trx, pairing: { screenId: string; deviceId: string; token: string; mediaKey: string }): Promise<void> {
  await trx
    .updateTable("screen_devices")
    .set({ paired_at: sql<Date>`now()`, media_key: pairing.mediaKey })
    .where("id", "=", pairing.deviceId)
    .execute();
  await trx
    .updateTable("screens")
    .set({ token: pairing.token, device_id: pairing.deviceId, updated_at: sql<Date>`now()` })
    .where("id", "=", pairing.screenId)
    .execute();
}

/** Clears the screen's token and revokes its device: its secret and media links open nothing from now on. */
export async function unpair(trx: Trx, screenId: string, deviceId: string | null): Promise<void> {
  await trx.updateTable("screens").set({ token: null, device_id: null, updated_at: sql<Date>`now()` }).where("id", "=", screenId).execute();
  if (deviceId) {
    await trx.updateTable("screen_devices").set({ revoked_at: sql<Date>`now()`, media_key: null }).where("id", "=", deviceId).execute();
  }
  await trx.deleteFrom("screen_commands").where("screen_id", "=", screenId).where("done_at", "is", null).execute();
}

export type DeviceScreenRow = { id: string; name: string; story_id: string | null; story_updated_at: Date | null };

/** The screens these devices are paired with, and when their stories last changed, by device. */
export async function screensOfDevices(trx: Trx, deviceIds: string[]): Promise<Map<string, DeviceScreenRow>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom("screens as s")
    .leftJoin("stories as st", (join) => join.onRef("st.tenant_id", "=", "s.tenant_id").onRef("st.id", "=", "s.story_id"))
    .select(["s.device_id", "s.id", "s.name", "s.story_id", "st.updated_at as story_updated_at"])
    .where("s.device_id", "in", deviceIds)
    .where("s.token", "is not", null)
    .execute();
  return new Map(rows.map(({ device_id, ...screen }) => [device_id as string, screen]));
}

/** The screen a device is paired with, and when its story last changed. */
export async function screenOfDevice(trx: Trx, deviceId: string): Promise<DeviceScreenRow | undefined> {
  return (await screensOfDevices(trx, [deviceId])).get(deviceId);
}

/** Last seen now, written at most once a minute (the operator sees minutes): most state calls write nothing. */
export async function touchLastSeen(trx: Trx, deviceId: string, screenId: string | undefined): Promise<void> {
  const stale = sql<Date>`now() - interval '1 minute'`;
  await trx
    .updateTable("screen_devices")
    .set({ last_seen_at: sql<Date>`now()` })
    .where("id", "=", deviceId)
    .where((eb) => eb.or([eb("last_seen_at", "is", null), eb("last_seen_at", "<", stale)]))
    .execute();
  if (!screenId) return;
  await trx
    .updateTable("screens")
    .set({ last_seen_at: sql<Date>`now()` })
    .where("id", "=", screenId)
    .where((eb) => eb.or([eb("last_seen_at", "is", null), eb("last_seen_at", "<", stale)]))
    .execute();
}

// --- commands ---

export async function insertCommand(trx: Trx, row: { tenant_id: string; id: string; screen_id: string; type: string }): Promise<void> {
  await trx.insertInto("screen_commands").values(row).execute();
}

export type PendingCommandRow = { screen_id: string; id: string; type: string };

/** The oldest `perScreen` commands each of these screens has not done yet, in the order they were given. */
export async function pendingCommandsOfScreens(trx: Trx, screenIds: string[], perScreen: number): Promise<PendingCommandRow[]> {
  if (screenIds.length === 0) return [];
  return trx
    .selectFrom((eb) =>
      eb
        .selectFrom("screen_commands")
        .select([
          "screen_id",
          "id",
          "type",
          "created_at",
          sql<number>`row_number() over (partition by screen_id order by created_at, id)`.as("position"),
        ])
        .where("screen_id", "in", screenIds)
        .where("done_at", "is", null)
        .as("pending"),
    )
    .select(["screen_id", "id", "type"])
    .where("position", "<=", perScreen)
    .orderBy("screen_id")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function getCommand(trx: Trx, id: string): Promise<{ id: string; screen_id: string; done_at: Date | null } | undefined> {
  return trx.selectFrom("screen_commands").select(["id", "screen_id", "done_at"]).where("id", "=", id).forUpdate().executeTakeFirst();
}

export async function markCommandDone(trx: Trx, id: string): Promise<void> {
  await trx.updateTable("screen_commands").set({ done_at: sql<Date>`now()` }).where("id", "=", id).execute();
}
