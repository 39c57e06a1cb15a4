// Story exports do not pile up: job `stories.exports-housekeeping` runs per tenant at start, then hourly, and
// - deletes finished exports older than STORY_EXPORT_KEEP_DAYS with their files (a file another row holds too, a
//   datastream or asset of the same bytes, keeps its bytes: trash/purge.repository.ts deleteUnusedBlob);
// - fails exports a crash left RUNNING, with a message saying to export again: at start of an embedded server (it holds
//   its data directory alone, so nothing else renders) every stills export running before the start; on any run, a
//   stills export untouched for longer than a stills render may last, a video untouched for VIDEO_STALL_MS (its job
//   touches it after every second of video; a crashed video job runs again from its lease and sets it RUNNING anew).
// Export files count in the tenant's storage quota until then (modules/storage/repository.ts).
import { STORY_EXPORT_KEEP_DAYS } from "@repox/contracts";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { BlobStore } from "../../platform/blobs/blob-store.ts";
import { lockBlob } from "../../platform/blobs/repository.ts";
import type { Db } from "../../platform/db/database.ts";
import { tenantDb } from "../../platform/db/tenant-transaction.ts";
import type { JobQueue } from "../../platform/jobs/job-queue.ts";
import { deleteUnusedBlob } from "../trash/purge.repository.ts";
import * as exportsRepo from "./story-exports.repository.ts";

export const EXPORTS_HOUSEKEEPING_JOB = "stories.exports-housekeeping";
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
export const EXPORT_KEEP_MS = STORY_EXPORT_KEEP_DAYS * 24 * 60 * 60 * 1000;
/** Longer than a stills export may run (story-exports.ts STILLS_TIME_LIMIT_MS, 30 minutes). */
export const STILLS_STALL_MS = 35 * 60 * 1000;
export const VIDEO_STALL_MS = 15 * 60 * 1000;
export const INTERRUPTED = "The export stopped when the server did; export the story again.";

/** Expired exports deleted per transaction. */
const BATCH_SIZE = 100;

const Payload = z.object({
  /** At the start of an embedded server: stills exports RUNNING since before this time (ISO) were cut short. */
  interruptedBefore: z.iso.datetime().optional(),
});

export type ExportsHousekeepingDeps = { db: Db; blobs: BlobStore; jobs: JobQueue; log: FastifyBaseLogger; now?: () => number };

export type HousekeepingResult = { deleted: number; filesDeleted: number; failed: number };

export function registerExportsHousekeeping(deps: ExportsHousekeepingDeps) {
  const now = deps.now ?? Date.now;

  async function runForTenant(
    tenantId: string,
    options: { interruptedBefore?: Date; signal?: AbortSignal } = {},
  ): Promise<HousekeepingResult> {
    const db = tenantDb(deps.db, tenantId);
    const at = now();
    let failed = await db.transaction(async (trx) => {
      const stills = await exportsRepo.failStalledExports(trx, ["SLIDE_IMAGE", "VIEWER"], new Date(at - STILLS_STALL_MS), INTERRUPTED);
      const videos = await exportsRepo.failStalledExports(trx, ["VIDEO"], new Date(at - VIDEO_STALL_MS), INTERRUPTED);
      return stills + videos;
    });
    const { interruptedBefore } = options;
    if (interruptedBefore) {
      failed += await db.transaction((trx) =>
        exportsRepo.failStalledExports(trx, ["SLIDE_IMAGE", "VIEWER"], interruptedBefore, INTERRUPTED),
      );
    }
    let deleted = 0;
    let filesDeleted = 0;
    for (;;) {
      if (options.signal?.aborted) throw new Error("The housekeeping stopped; it will go on later");
      const expired = await db.transaction((trx) => exportsRepo.listExpiredExports(trx, new Date(at - EXPORT_KEEP_MS), BATCH_SIZE));
      if (expired.length === 0) break;
      await db.transaction((trx) =>
        exportsRepo.deleteExports(
          trx,
          expired.map((row) => row.id),
        ),
      );
      deleted += expired.length;
      const files = new Set(expired.flatMap((row) => (row.blob_sha256 ? [row.blob_sha256] : [])));
      for (const sha256 of files) {
        // The row and the bytes go together under the blob's lock, as a purge does.
        const gone = await db.transaction(async (trx) => {
          await lockBlob(trx, tenantId, sha256);
          if (!(await deleteUnusedBlob(trx, sha256))) return false;
          await deps.blobs.deleteBlob(tenantId, sha256);
          return true;
        });
        if (gone) filesDeleted++;
      }
    }
    if (deleted + failed > 0) {
      deps.log.info(`Story exports of tenant ${tenantId}: ${deleted} expired (${filesDeleted} file(s) deleted), ${failed} interrupted`);
    }
    return { deleted, filesDeleted, failed };
  }

  deps.jobs.register(EXPORTS_HOUSEKEEPING_JOB, Payload, async (job) => {
    // The next runs are queued first, so a run that fails for good does not end them.
    await deps.jobs.enqueueForEveryTenant(EXPORTS_HOUSEKEEPING_JOB, {}, { delayMs: HOUSEKEEPING_INTERVAL_MS });
    const interruptedBefore = job.payload.interruptedBefore ? new Date(job.payload.interruptedBefore) : undefined;
    await runForTenant(job.tenantId, { interruptedBefore, signal: job.signal });
  });

  return {
    runForTenant,
    /**
     * At start: a run now for every tenant. `isAlone` (an embedded server) also fails every stills export that was
     * RUNNING when this process started: no other process renders them.
     */
    scheduleAtStart: ({ isAlone }: { isAlone: boolean }): Promise<number> =>
      deps.jobs.enqueueForEveryTenant(EXPORTS_HOUSEKEEPING_JOB, isAlone ? { interruptedBefore: new Date(now()).toISOString() } : {}),
  };
}

export type ExportsHousekeeping = ReturnType<typeof registerExportsHousekeeping>;
