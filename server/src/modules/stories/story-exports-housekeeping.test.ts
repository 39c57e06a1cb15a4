// Story exports' housekeeping (job stories.exports-housekeeping): exports past their keeping go with their files,
// exports a crash left RUNNING are failed with a message, and export files count in the tenant's storage. Export rows
// and their files are made directly (a render takes Chromium half a minute; story-exports.test.ts renders real ones).
import { randomBytes, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { STORY_EXPORT_KEEP_DAYS, type StoryExportFormat, type StoryExportState } from "@repox/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordBlob } from "../../platform/blobs/repository.ts";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { png } from "../../platform/media/test-media.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { uploadAsset } from "../assets/testing.ts";
import * as exportsRepo from "./story-exports.repository.ts";
import { INTERRUPTED } from "./story-exports-housekeeping.ts";
import { newStory, STORIES } from "./testing.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let storyId: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  other = await t.newTenant();
  storyId = await newStory(tenant.admin);
});
afterAll(async () => {
  await t?.close();
});

type Made = { id: string; sha256: string | null; size: number };

/** An export row `ageMs` old (created and last touched then), DONE with a file of `content` or in `state`. */
async function madeExport(
  state: StoryExportState,
  ageMs: number,
  { format = "SLIDE_IMAGE", content, story = storyId }: { format?: StoryExportFormat; content?: Buffer; story?: string } = {},
): Promise<Made> {
  const blob =
    state === "DONE"
      ? await t.services.blobs.writeBlob(tenant.id, Readable.from([content ?? randomBytes(50_000)]), { maxBytes: 10 ** 8 })
      : undefined;
  const id = randomUUID();
  const at = new Date(Date.now() - ageMs);
  await inTenant(t.db, tenant.id, async (trx) => {
    if (blob) await recordBlob(trx, tenant.id, blob);
    const made = { tenantId: tenant.id, id, storyId: story, format, resolution: "FHD" as const, createdBy: tenant.admin.uuid };
    await exportsRepo.insertExport(trx, { ...made, state: blob ? "RUNNING" : state });
    if (blob) await exportsRepo.updateExport(trx, id, { state, blobSha256: blob.sha256, fileName: "story.zip" });
    await sql`update story_exports set created_at = ${at.toISOString()}, updated_at = ${at.toISOString()} where id = ${id}`.execute(trx);
  });
  return { id, sha256: blob?.sha256 ?? null, size: blob?.size ?? 0 };
}

async function exportRow(id: string) {
  return inTenant(t.db, tenant.id, (trx) => exportsRepo.getExport(trx, storyId, id));
}

async function blobRecorded(sha256: string): Promise<boolean> {
  const row = await inTenant(t.db, tenant.id, (trx) =>
    trx.selectFrom("blobs").select("sha256").where("sha256", "=", sha256).executeTakeFirst(),
  );
  return row !== undefined;
}

const usedBytes = async () => (await tenant.admin.request("GET", "/api/storage/info")).json().used as number;

async function runDueJobs(): Promise<void> {
  while (await t.services.jobs.runNextJob()) {
    // Every due job (each tenant's housekeeping, the asset's thumbnails) until none is due.
  }
}

describe("story exports housekeeping", () => {
  it(`deletes exports older than ${STORY_EXPORT_KEEP_DAYS} days with their files, keeping bytes something else holds`, async () => {
    const assetBytes = await png(120, 80);
    await uploadAsset(tenant.admin, { name: "same-bytes.png", content: assetBytes, type: "image/png" });
    const expired = await madeExport("DONE", (STORY_EXPORT_KEEP_DAYS + 1) * DAY);
    const expiredFailed = await madeExport("FAILED", (STORY_EXPORT_KEEP_DAYS + 1) * DAY);
    const sharesAsset = await madeExport("DONE", (STORY_EXPORT_KEEP_DAYS + 1) * DAY, { content: assetBytes });
    const recent = await madeExport("DONE", (STORY_EXPORT_KEEP_DAYS - 1) * DAY);
    const otherTenantStory = await newStory(other.admin);

    const result = await t.services.storyExportsHousekeeping.runForTenant(tenant.id);
    expect(result).toEqual({ deleted: 3, filesDeleted: 1, failed: 0 });
    for (const gone of [expired, expiredFailed, sharesAsset]) expect(await exportRow(gone.id)).toBeUndefined();
    expect(await exportRow(recent.id)).toMatchObject({ state: "DONE" });
    // The expired file's row and bytes are gone; the asset's bytes and the recent export's stay.
    expect(await blobRecorded(expired.sha256 as string)).toBe(false);
    expect(await t.services.blobs.statBlob(tenant.id, expired.sha256 as string)).toBeUndefined();
    expect(await blobRecorded(sharesAsset.sha256 as string)).toBe(true);
    expect(await t.services.blobs.statBlob(tenant.id, sharesAsset.sha256 as string)).toEqual({ size: sharesAsset.size });
    expect(await t.services.blobs.statBlob(tenant.id, recent.sha256 as string)).toEqual({ size: recent.size });
    const listed = (await tenant.admin.request("GET", `${STORIES}/${storyId}/exports`)).json() as { id: string }[];
    expect(listed.map((item) => item.id)).toEqual([recent.id]);
    expect((await other.admin.request("GET", `${STORIES}/${otherTenantStory}/exports`)).json()).toEqual([]);
  });

  it("fails exports a crash left RUNNING with a message: at start of an embedded server, or once they stalled", async () => {
    const cutShort = await madeExport("RUNNING", 2 * MINUTE);
    const stalledStills = await madeExport("RUNNING", 40 * MINUTE);
    const stalledVideo = await madeExport("RUNNING", 20 * MINUTE, { format: "VIDEO" });
    const renderingVideo = await madeExport("RUNNING", 2 * MINUTE, { format: "VIDEO" });
    const queuedVideo = await madeExport("QUEUED", 2 * DAY, { format: "VIDEO" });

    // A PostgreSQL server among others: only what stalled.
    expect(await t.services.storyExportsHousekeeping.runForTenant(tenant.id)).toMatchObject({ failed: 2 });
    expect(await exportRow(stalledStills.id)).toMatchObject({ state: "FAILED", error: INTERRUPTED });
    expect(await exportRow(stalledVideo.id)).toMatchObject({ state: "FAILED", error: INTERRUPTED });
    expect(await exportRow(cutShort.id)).toMatchObject({ state: "RUNNING", error: null });

    // An embedded server starting: every stills export running before it started was cut short. Videos run again
    // from their job's lease.
    expect(await t.services.storyExportsHousekeeping.scheduleAtStart({ isAlone: true })).toBeGreaterThanOrEqual(2);
    await runDueJobs();
    expect(await exportRow(cutShort.id)).toMatchObject({ state: "FAILED", error: INTERRUPTED });
    expect(await exportRow(renderingVideo.id)).toMatchObject({ state: "RUNNING" });
    expect(await exportRow(queuedVideo.id)).toMatchObject({ state: "QUEUED" });
    const listed = (await tenant.admin.request("GET", `${STORIES}/${storyId}/exports`)).json() as { id: string; error: string }[];
    expect(listed.find((item) => item.id === cutShort.id)).toMatchObject({ state: "FAILED", error: INTERRUPTED, downloadUrl: null });
  });

  it("counts export files in the tenant's storage until they are deleted", async () => {
    const before = await usedBytes();
    const made = await madeExport("DONE", (STORY_EXPORT_KEEP_DAYS + 1) * DAY, { content: randomBytes(123_457) });
    expect(await usedBytes()).toBe(before + made.size);
    expect(made.size).toBe(123_457);
    await t.services.storyExportsHousekeeping.runForTenant(tenant.id);
    expect(await usedBytes()).toBe(before);
    // Another tenant's storage never counts this tenant's exports.
    expect((await other.admin.request("GET", "/api/storage/info")).json().used).toBe(0);
  });

  it("deletes a deleted story's export files once nothing else holds their bytes", async () => {
    const doomed = await newStory(tenant.admin);
    const sameBytes = randomBytes(40_000);
    const own = await madeExport("DONE", MINUTE, { story: doomed });
    const shared = await madeExport("DONE", MINUTE, { story: doomed, content: sameBytes });
    const kept = await madeExport("DONE", MINUTE, { content: sameBytes });
    expect((await tenant.admin.request("DELETE", `${STORIES}/${doomed}`)).statusCode).toBe(204);
    await runDueJobs();
    expect(await blobRecorded(own.sha256 as string)).toBe(false);
    expect(await t.services.blobs.statBlob(tenant.id, own.sha256 as string)).toBeUndefined();
    // The same bytes exported from another story stay for that export.
    expect(kept.sha256).toBe(shared.sha256);
    expect(await t.services.blobs.statBlob(tenant.id, shared.sha256 as string)).toEqual({ size: shared.size });
  });

  it("queues the next run an hour on", async () => {
    await t.services.storyExportsHousekeeping.scheduleAtStart({ isAlone: false });
    await runDueJobs();
    const next = await inTenant(t.db, tenant.id, (trx) =>
      trx
        .selectFrom("jobs")
        .select(sql<number>`extract(epoch from (run_after - now()))`.as("inSeconds"))
        .where("kind", "=", "stories.exports-housekeeping")
        .where("status", "=", "queued")
        .executeTakeFirstOrThrow(),
    );
    expect(Number(next.inSeconds)).toBeGreaterThan(55 * 60);
    expect(Number(next.inSeconds)).toBeLessThanOrEqual(60 * 60);
  });
});
