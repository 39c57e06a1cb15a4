// Deletes files a crash left without a row: bytes an upload wrote before its transaction failed to commit, a file a
// purge dropped the row of but died before deleting, thumbnails whose rows went with their source. Job
// `blobs.sweep-orphans` runs per tenant at start, then daily; a file younger than the grace period is never touched.
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Db } from "../db/database.ts";
import { type TenantDb, tenantDb } from "../db/tenant-transaction.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import { namedDerivativeFiles } from "../media/repository.ts";
import type { BlobStore, StoredFile } from "./blob-store.ts";
import { findBlob, lockBlob, recordedBlobs } from "./repository.ts";

export const SWEEP_ORPHANS_JOB = "blobs.sweep-orphans";

/**
 * An upload streams every file of a request before the one transaction that records them, so a file can wait
 * that long for its row; hours leave room for a slow multi-gigabyte upload.
 */
export const ORPHAN_GRACE_MS = 6 * 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Files looked up in the database at once. */
const BATCH_SIZE = 500;

export type OrphanSweepDeps = { db: Db; blobs: BlobStore; derivatives: BlobStore; jobs: JobQueue; log: FastifyBaseLogger };

export type SweepResult = { blobs: number; derivatives: number };

/** The sha-256s of files written before `cutoff`, a batch at a time. */
async function* oldFiles(files: AsyncIterable<StoredFile>, cutoff: number): AsyncGenerator<string[]> {
  let batch: string[] = [];
  for await (const file of files) {
    if (file.modifiedAt.getTime() >= cutoff) continue;
    batch.push(file.sha256);
    if (batch.length === BATCH_SIZE) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Each user file goes under its blob's lock after a last look for its row, as a purge does: an upload of the same
 * content recording itself meanwhile either finds the file gone (and asks for the upload again) or keeps it.
 */
async function sweepBlobs(deps: OrphanSweepDeps, db: TenantDb, cutoff: number, signal?: AbortSignal): Promise<number> {
  let removed = 0;
  for await (const batch of oldFiles(deps.blobs.listBlobs(db.tenantId), cutoff)) {
    if (signal?.aborted) throw new Error("The sweep stopped; it will go on later");
    const recorded = await db.transaction((trx) => recordedBlobs(trx, batch));
    for (const sha256 of batch.filter((candidate) => !recorded.has(candidate))) {
      const deleted = await db.transaction(async (trx) => {
        await lockBlob(trx, db.tenantId, sha256);
        if (await findBlob(trx, sha256)) return false;
        await deps.blobs.deleteBlob(db.tenantId, sha256);
        return true;
      });
      if (deleted) removed++;
    }
  }
  return removed;
}

/** Derivative files no `derivatives` row names; rows go with their source blob's, so this covers a purged source too. */
async function sweepDerivatives(deps: OrphanSweepDeps, db: TenantDb, cutoff: number, signal?: AbortSignal): Promise<number> {
  let removed = 0;
  for await (const batch of oldFiles(deps.derivatives.listBlobs(db.tenantId), cutoff)) {
    if (signal?.aborted) throw new Error("The sweep stopped; it will go on later");
    const named = await db.transaction((trx) => namedDerivativeFiles(trx, batch));
    for (const sha256 of batch.filter((candidate) => !named.has(candidate))) {
      await deps.derivatives.deleteBlob(db.tenantId, sha256);
      removed++;
    }
  }
  return removed;
}

export function registerOrphanSweep(deps: OrphanSweepDeps) {
  /** One tenant's files: those older than the grace period that no row names. */
  async function sweepTenant(tenantId: string, signal?: AbortSignal): Promise<SweepResult> {
    const db = tenantDb(deps.db, tenantId);
    const cutoff = Date.now() - ORPHAN_GRACE_MS;
    const blobs = await sweepBlobs(deps, db, cutoff, signal);
    const derivatives = await sweepDerivatives(deps, db, cutoff, signal);
    if (blobs + derivatives > 0) {
      deps.log.info(`Removed ${blobs} file(s) and ${derivatives} thumbnail file(s) without a record in tenant ${tenantId}`);
    }
    return { blobs, derivatives };
  }

  deps.jobs.register(SWEEP_ORPHANS_JOB, z.object({}), async (job) => {
    // The next runs are queued first, so a sweep that fails for good does not end them; a tenant created since the
    // last run gets its first one here.
    await deps.jobs.enqueueForEveryTenant(SWEEP_ORPHANS_JOB, {}, { delayMs: SWEEP_INTERVAL_MS });
    await job.reportProgress(10);
    await sweepTenant(job.tenantId, job.signal);
  });

  return {
    sweepTenant,
    /** At start: a sweep now for every tenant that has none due already (a crash is when orphans appear). */
    scheduleAtStart: (): Promise<number> => deps.jobs.enqueueForEveryTenant(SWEEP_ORPHANS_JOB, {}),
  };
}

export type OrphanSweep = ReturnType<typeof registerOrphanSweep>;
