// Frees the files of datastreams deleted for good. Deleting from the trash enqueues `trash.purge-files` in its
// transaction with the files those datastreams held; the job deletes each file (its row, its bytes and its thumbnails)
// that no datastream of the tenant holds any more, so a file shared with a kept datastream stays.
import { z } from "zod";
import { type BlobStore, isSha256 } from "../../platform/blobs/blob-store.ts";
import { lockBlob } from "../../platform/blobs/repository.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import type { JobQueue } from "../../platform/jobs/job-queue.ts";
import type { MediaService } from "../../platform/media/media-service.ts";
import * as repo from "./purge.repository.ts";

export const PURGE_FILES_JOB = "trash.purge-files";

/** Files named by one job; a larger deletion enqueues several. */
export const PURGE_FILES_PER_JOB = 500;

const PurgePayload = z.object({
  sha256s: z
    .array(z.string().refine(isSha256, { error: "must be a sha-256 hex digest" }))
    .min(1)
    .max(PURGE_FILES_PER_JOB),
});

export type PurgeDeps = { blobs: BlobStore; media: MediaService; jobs: JobQueue };

export function registerPurgeJob(deps: PurgeDeps) {
  deps.jobs.register(PURGE_FILES_JOB, PurgePayload, async (job) => {
    for (const [index, sha256] of job.payload.sha256s.entries()) {
      if (job.signal.aborted) throw new Error("The purge stopped; it will go on later");
      await purgeFile(deps, job.tenantId, job.db.transaction, sha256);
      await job.reportProgress(Math.round(((index + 1) * 100) / job.payload.sha256s.length));
    }
  });

  return {
    /** In the deleting transaction: the files are looked at once it commits. */
    async enqueuePurge(trx: Trx, tenantId: string, files: readonly string[]): Promise<void> {
      for (let start = 0; start < files.length; start += PURGE_FILES_PER_JOB) {
        await deps.jobs.enqueue(trx, tenantId, PURGE_FILES_JOB, { sha256s: files.slice(start, start + PURGE_FILES_PER_JOB) });
      }
    },
  };
}

type Transaction = <T>(work: (trx: Trx) => Promise<T>) => Promise<T>;

/**
 * Thumbnails go first (their rows refer to the blob's row). The row and the bytes then go together under the blob's
 * lock, so an upload of the same content recording itself at that moment either keeps the file or sees it gone.
 * A file found in use again (an upload of the same content came in between) keeps its row and gets its thumbnails
 * made again.
 */
async function purgeFile(deps: PurgeDeps, tenantId: string, transaction: Transaction, sha256: string): Promise<void> {
  const use = await transaction((trx) => repo.findBlobUse(trx, sha256));
  if (use.state !== "unused") return;
  await deps.media.removeDerivatives(tenantId, sha256);
  await transaction(async (trx) => {
    await lockBlob(trx, tenantId, sha256);
    if (await repo.deleteUnusedBlob(trx, sha256)) {
      await deps.blobs.deleteBlob(tenantId, sha256);
      return;
    }
    await deps.media.enqueueDerivatives(trx, tenantId, { sha256, mimeType: use.mimeType });
  });
}

export type PurgeJobs = ReturnType<typeof registerPurgeJob>;
