// Thumbnails and previews of stored files. An upload enqueues the `media.derivatives` job in its transaction; the job
// copies the file to scratch space, renders it (sharp for pictures, Poppler's pdftoppm for page 1 of a PDF, ffmpeg for
// a video frame), stores the results in the derivative store and records the outcome per kind, which the preview routes
// read through `openDerivative`. Until a thumbnail is ready, the UI shows the generic icon.
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { type BlobStore, isSha256, TEMP_FILE_MAX_AGE_MS } from "../blobs/blob-store.ts";
import { BlobNotFound } from "../blobs/errors.ts";
import { findBlob } from "../blobs/repository.ts";
import type { Db } from "../db/database.ts";
import type { DerivativeStatus } from "../db/schema.ts";
import { type Trx, tenantDb } from "../db/tenant-transaction.ts";
import type { JobQueue, JobView } from "../jobs/job-queue.ts";
import type { DerivativeStorage } from "./derivative-storage.ts";
import { MediaToolUnavailable, UnreadableMedia } from "./errors.ts";
import { DERIVATIVE_KINDS, type DerivativeKind, type RenderedDerivative, renderImageDerivatives } from "./image-derivatives.ts";
import { type MediaKind, mediaKindOf } from "./media-kinds.ts";
import { DEFAULT_PDF_TOOLS, type PdfTools, renderPdfFirstPage } from "./pdf-first-page.ts";
import * as repo from "./repository.ts";
import { DEFAULT_VIDEO_TOOLS, extractPosterFrame, type VideoTools } from "./video-poster.ts";

export const DERIVATIVES_JOB = "media.derivatives";

export const DerivativesPayload = z.object({
  sha256: z.string().refine(isSha256, { error: "must be a sha-256 hex digest" }),
  mimeType: z.string().min(1).max(255),
});

export type DerivativeSource = { tenantId: string; sha256: string; mimeType: string };
export type { DerivativeRecord } from "./repository.ts";

export type OpenedDerivative = {
  ready: true;
  stream: Readable;
  mimeType: string;
  size: number;
  /** Strong HTTP ETag: the derivative's own sha-256, quoted. */
  etag: string;
  width: number;
  height: number;
};

/** `pending`: not made yet (or its file went missing); the others are recorded outcomes. */
export type DerivativeNotReady = { ready: false; status: "pending" | Exclude<DerivativeStatus, "ready">; error: string | null };

export type MediaServiceDeps = DerivativeStorage & {
  db: Db;
  blobs: BlobStore;
  jobs: JobQueue;
  videoTools?: VideoTools;
  pdfTools?: PdfTools;
  maxInputPixels?: number;
};

type RunOptions = {
  signal?: AbortSignal;
  reportProgress?: (percent: number) => Promise<void>;
  /** On the job's last attempt a failure of the store or database is recorded too, with its message. */
  isLastAttempt?: boolean;
};

/** A thumbnail or preview WebP is far below this; more means something went wrong. */
const MAX_DERIVATIVE_BYTES = 32 * 1024 * 1024;
/** Outcomes that the same file would only repeat; 'unavailable' is tried again once the tool may be installed. */
const SETTLED: ReadonlySet<DerivativeStatus> = new Set(["ready", "failed", "unsupported"]);

function isSettled(rows: repo.DerivativeRow[]): boolean {
  return DERIVATIVE_KINDS.every((kind) => rows.some((row) => row.kind === kind && SETTLED.has(row.status)));
}

function toRecord(row: repo.DerivativeRow): repo.DerivativeRecord {
  const { sha256, mime_type, size, width, height } = row;
  const file = sha256 && mime_type && size !== null && width && height ? { sha256, mimeType: mime_type, size, width, height } : undefined;
  return { kind: row.kind, status: row.status, ...(file ? { file } : {}), ...(row.error ? { error: row.error } : {}) };
}

function everyKind(status: Exclude<DerivativeStatus, "ready">, error?: string): repo.DerivativeRecord[] {
  return DERIVATIVE_KINDS.map((kind) => ({ kind, status, ...(error ? { error } : {}) }));
}

function messageOf(err: unknown): string {
  return err instanceof Error && err.message ? err.message : String(err);
}

export function createMediaService(deps: MediaServiceDeps) {
  const videoTools = deps.videoTools ?? DEFAULT_VIDEO_TOOLS;
  const pdfTools = deps.pdfTools ?? DEFAULT_PDF_TOOLS;

  async function render(kind: MediaKind, path: string, signal: AbortSignal | undefined): Promise<RenderedDerivative[]> {
    const options = deps.maxInputPixels ? { maxInputPixels: deps.maxInputPixels } : {};
    if (kind === "image") return renderImageDerivatives(path, options);
    if (kind === "video") return renderImageDerivatives(await extractPosterFrame(path, videoTools, signal), options);
    return renderImageDerivatives(await renderPdfFirstPage(path, pdfTools, signal), options);
  }

  /** Copies the source to a scratch folder of its own for `work`, and removes the folder whatever happens. */
  async function withSourceFile<T>(source: DerivativeSource, run: RunOptions, work: (path: string) => Promise<T>): Promise<T> {
    await mkdir(deps.workDir, { recursive: true });
    const folder = await mkdtemp(join(deps.workDir, "job-"));
    try {
      const path = join(folder, "source");
      const bytes = await deps.blobs.openBlob(source.tenantId, source.sha256).catch((err: unknown) => {
        throw err instanceof BlobNotFound ? new UnreadableMedia("The file's content is missing from the store.") : err;
      });
      await pipeline(bytes, createWriteStream(path, { flags: "wx", mode: 0o600 }), { signal: run.signal });
      await run.reportProgress?.(30);
      return await work(path);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** Renders and stores; content that cannot be rendered becomes a recorded outcome, anything else is thrown. */
  async function produce(source: DerivativeSource, run: RunOptions): Promise<repo.DerivativeRecord[]> {
    const kind = mediaKindOf(source.mimeType);
    if (!kind) return everyKind("unsupported");
    let rendered: RenderedDerivative[];
    try {
      rendered = await withSourceFile(source, run, (path) => render(kind, path, run.signal));
    } catch (err) {
      if (run.signal?.aborted) throw err;
      if (err instanceof UnreadableMedia) return everyKind("failed", err.message);
      if (err instanceof MediaToolUnavailable) return everyKind("unavailable", err.message);
      throw err;
    }
    await run.reportProgress?.(80);
    return Promise.all(
      rendered.map(async ({ kind, bytes, mimeType, width, height }) => {
        const file = await deps.derivatives.writeBlob(source.tenantId, Readable.from([bytes]), { maxBytes: MAX_DERIVATIVE_BYTES });
        return { kind, status: "ready" as const, file: { sha256: file.sha256, mimeType, size: file.size, width, height } };
      }),
    );
  }

  /**
   * Makes the thumbnail and preview of one stored file and records the outcome of each. Safe to run twice, even at
   * once: outcomes already settled are answered as they are, files are content-addressed, rows are upserted.
   * Answers nothing when the source is no longer stored.
   */
  async function makeDerivatives(source: DerivativeSource, run: RunOptions = {}): Promise<repo.DerivativeRecord[]> {
    const tenant = tenantDb(deps.db, source.tenantId);
    const existing = await tenant.transaction(async (trx) =>
      (await findBlob(trx, source.sha256)) ? repo.findDerivatives(trx, source.sha256) : undefined,
    );
    if (!existing) return [];
    if (isSettled(existing)) {
      return existing.map(toRecord).sort((a, b) => DERIVATIVE_KINDS.indexOf(a.kind) - DERIVATIVE_KINDS.indexOf(b.kind));
    }
    await run.reportProgress?.(10);
    let records: repo.DerivativeRecord[];
    try {
      records = await produce(source, run);
    } catch (err) {
      if (run.isLastAttempt && !run.signal?.aborted) {
        const failed = everyKind("failed", `Making the preview failed: ${messageOf(err)}`);
        await tenant.transaction((trx) => repo.saveDerivatives(trx, source.tenantId, source.sha256, failed));
      }
      throw err;
    }
    await tenant.transaction((trx) => repo.saveDerivatives(trx, source.tenantId, source.sha256, records));
    return records;
  }

  deps.jobs.register(DERIVATIVES_JOB, DerivativesPayload, async (job) => {
    await makeDerivatives(
      { tenantId: job.tenantId, ...job.payload },
      { signal: job.signal, reportProgress: job.reportProgress, isLastAttempt: job.attempt >= job.maxAttempts },
    );
  });

  return {
    makeDerivatives,

    /**
     * For the upload path, inside the transaction that records the blob: the job exists exactly when the upload
     * commits. Content whose derivatives are already settled (the same file uploaded again) needs no job.
     */
    async enqueueDerivatives(trx: Trx, tenantId: string, blob: { sha256: string; mimeType: string }): Promise<JobView | undefined> {
      if (isSettled(await repo.findDerivatives(trx, blob.sha256))) return undefined;
      return deps.jobs.enqueue(trx, tenantId, DERIVATIVES_JOB, { sha256: blob.sha256, mimeType: blob.mimeType });
    },

    /** The thumbnail or preview of a source, streamed, or why there is none (yet). The caller checks access first. */
    async openDerivative(tenantId: string, sourceSha256: string, kind: DerivativeKind): Promise<OpenedDerivative | DerivativeNotReady> {
      if (!isSha256(sourceSha256)) return { ready: false, status: "pending", error: null };
      const row = await tenantDb(deps.db, tenantId).transaction((trx) => repo.findDerivative(trx, sourceSha256, kind));
      if (!row) return { ready: false, status: "pending", error: null };
      const record = toRecord(row);
      if (!record.file || record.status !== "ready") {
        return { ready: false, status: record.status === "ready" ? "pending" : record.status, error: row.error };
      }
      const { sha256, mimeType, size, width, height } = record.file;
      try {
        const stream = await deps.derivatives.openBlob(tenantId, sha256);
        return { ready: true, stream, mimeType, size, etag: `"${sha256}"`, width, height };
      } catch (err) {
        if (err instanceof BlobNotFound) return { ready: false, status: "pending", error: null };
        throw err;
      }
    },

    /**
     * For purging a blob, before its row is deleted (the derivatives' foreign key requires it): forgets its outcomes
     * and deletes the files no other source's derivatives share.
     */
    async removeDerivatives(tenantId: string, sourceSha256: string): Promise<void> {
      const unused = await tenantDb(deps.db, tenantId).transaction((trx) => repo.deleteDerivatives(trx, sourceSha256));
      for (const sha256 of unused) await deps.derivatives.deleteBlob(tenantId, sha256);
    },

    /** At start: scratch folders and half-written derivatives a crashed process left; answers how many it removed. */
    async sweepTempFiles(): Promise<number> {
      const names = await readdir(deps.workDir).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        const info = await stat(join(deps.workDir, name)).catch(() => undefined);
        if (!info || Date.now() - info.mtimeMs < TEMP_FILE_MAX_AGE_MS) continue;
        await rm(join(deps.workDir, name), { recursive: true, force: true });
        removed++;
      }
      return removed + (await deps.derivatives.sweepTempFiles());
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
