// The derivatives job end to end on the test database (PGlite, or PostgreSQL with DATABASE_URL): an upload enqueues
// it in its transaction, the real job queue runs it, outcomes are recorded per kind and served by openDerivative.
import { mkdtempSync } from "node:fs";
import { mkdir, readdir, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/test-database.ts";
import type { BlobStore, WrittenBlob } from "../blobs/blob-store.ts";
import { BlobStoreUnavailable } from "../blobs/errors.ts";
import { createLocalBlobStore } from "../blobs/local-blob-store.ts";
import { recordBlob } from "../blobs/repository.ts";
import { inTenant } from "../db/tenant-transaction.ts";
import { createJobQueue, type JobQueue } from "../jobs/job-queue.ts";
import { findJob } from "../jobs/repository.ts";
import { createDerivativeStorage, type DerivativeStorage } from "./derivative-storage.ts";
import type { DerivativeKind } from "./image-derivatives.ts";
import { createMediaService, DERIVATIVES_JOB, type MediaService, type MediaServiceDeps } from "./media-service.ts";
import {
  corruptPdf,
  corruptPng,
  corruptVideo,
  inspect,
  jpeg,
  pdf,
  pixelBombPng,
  png,
  sidewaysJpeg,
  testPatternVideo,
} from "./test-media.ts";

const log = pino({ level: "silent" });
const MB = 1024 * 1024;

let database: TestDatabase;
let dataDir: string;
let blobs: BlobStore;
let storage: DerivativeStorage;
const queues: JobQueue[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "repox-media-service-"));
  blobs = createLocalBlobStore(join(dataDir, "blobs"));
  storage = createDerivativeStorage({ dataDir, storage: "local", s3: undefined });
  await database.db.deleteFrom("jobs").execute();
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  await rm(dataDir, { recursive: true, force: true });
});

function mediaOn(overrides: Partial<MediaServiceDeps> = {}): { media: MediaService; jobs: JobQueue } {
  const jobs = createJobQueue(database.db, log, { retryBaseMs: 1_000, pollIntervalMs: 100 });
  queues.push(jobs);
  return { jobs, media: createMediaService({ db: database.db, blobs, jobs, ...storage, ...overrides }) };
}

/** What the upload path does: store the bytes, then record the blob and enqueue the job in one transaction. */
async function upload(media: MediaService, tenantId: string, bytes: Buffer) {
  const blob = await blobs.writeBlob(tenantId, Readable.from([bytes]), { maxBytes: 100 * MB });
  const job = await inTenant(database.db, tenantId, async (trx) => {
    await recordBlob(trx, tenantId, blob);
    return media.enqueueDerivatives(trx, tenantId, blob);
  });
  return { blob, job };
}

function jobOf(tenantId: string, id: string | undefined) {
  if (!id) throw new Error("a job was expected");
  return inTenant(database.db, tenantId, (trx) => findJob(trx, id));
}

/** The served derivative: its description and what its bytes decode to. */
async function served(media: MediaService, tenantId: string, blob: WrittenBlob, kind: DerivativeKind) {
  const answer = await media.openDerivative(tenantId, blob.sha256, kind);
  if (!answer.ready) return answer;
  const { stream, ...described } = answer;
  const bytes = await buffer(stream);
  return { ...described, bytesRead: bytes.length, decoded: await inspect(bytes) };
}

const webp = (width: number, height: number) => ({ format: "webp", width, height, hasExif: false });

function derivativeRows(tenantId: string) {
  return inTenant(database.db, tenantId, (trx) =>
    trx.selectFrom("derivatives").select(["source_sha256", "kind", "status", "error"]).orderBy("kind").execute(),
  );
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await sleep(50);
  }
}

describe("an uploaded picture", () => {
  it("gets a thumbnail and a preview from the job the upload enqueued, served as WebP with an ETag", async () => {
    const tenant = await database.newTenantId();
    const { media, jobs } = mediaOn();
    const { blob, job } = await upload(media, tenant, await jpeg(4000, 3000));
    expect(job).toMatchObject({ kind: DERIVATIVES_JOB, status: "queued" });
    expect(await media.openDerivative(tenant, blob.sha256, "thumb")).toEqual({ ready: false, status: "pending", error: null });

    expect(await jobs.runNextJob()).toBe(true);
    expect(await jobOf(tenant, job?.id)).toMatchObject({ status: "done", progress: 100, attempts: 1, error: null });
    const thumb = await served(media, tenant, blob, "thumb");
    expect(thumb).toMatchObject({ ready: true, mimeType: "image/webp", width: 320, height: 240, decoded: webp(320, 240) });
    if (!thumb.ready) throw new Error("thumbnail not ready");
    expect(thumb.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(thumb.size).toBe(thumb.bytesRead);
    expect(await served(media, tenant, blob, "preview")).toMatchObject({ ready: true, decoded: webp(1600, 1200) });
  });

  it("is turned upright by its EXIF orientation", async () => {
    const tenant = await database.newTenantId();
    const { media, jobs } = mediaOn();
    const { blob } = await upload(media, tenant, await sidewaysJpeg(1200, 600));
    await jobs.runNextJob();
    expect(await served(media, tenant, blob, "thumb")).toMatchObject({ width: 160, height: 320, decoded: webp(160, 320) });
  });

  it("does not count as the tenant's files: only the source is a blob, the derivatives live apart", async () => {
    const tenant = await database.newTenantId();
    const { media, jobs } = mediaOn();
    const { blob } = await upload(media, tenant, await png(800, 600));
    await jobs.runNextJob();
    const blobRows = await inTenant(database.db, tenant, (trx) => trx.selectFrom("blobs").select("sha256").execute());
    expect(blobRows).toEqual([{ sha256: blob.sha256 }]);
    const derivativeFiles = await readdir(join(dataDir, "derivatives", tenant), { recursive: true });
    expect(derivativeFiles.filter((name) => /[0-9a-f]{64}$/.test(name))).toHaveLength(2);
    expect(await readdir(storage.workDir)).toEqual([]);
  });
});

describe("PDFs and videos", () => {
  it("gets page 1 of a PDF, made by the worker loop as soon as the upload commits", async () => {
    const tenant = await database.newTenantId();
    const { media, jobs } = mediaOn();
    jobs.start();
    const { blob, job } = await upload(media, tenant, pdf());
    await waitFor(async () => (await jobOf(tenant, job?.id))?.status === "done");
    expect(await served(media, tenant, blob, "preview")).toMatchObject({ ready: true, decoded: webp(1131, 1600) });
    expect(await served(media, tenant, blob, "thumb")).toMatchObject({ ready: true, decoded: webp(226, 320) });
  });

  it("gets a poster frame of a video", async () => {
    const tenant = await database.newTenantId();
    const { media, jobs } = mediaOn();
    const { blob } = await upload(media, tenant, await testPatternVideo());
    expect(blob.mimeType).toBe("video/mp4");
    await jobs.runNextJob();
    expect(await served(media, tenant, blob, "thumb")).toMatchObject({ ready: true, decoded: webp(320, 240) });
  });

  it("records a video as waiting for ffmpeg when it is missing, and makes its poster once ffmpeg is there", async () => {
    const tenant = await database.newTenantId();
    const missing = mediaOn({ videoTools: { ffmpegPath: "/nonexistent/ffmpeg", ffprobePath: "/nonexistent/ffprobe", timeoutMs: 10_000 } });
    const { blob, job } = await upload(missing.media, tenant, await testPatternVideo());
    await missing.jobs.runNextJob();
    expect(await jobOf(tenant, job?.id)).toMatchObject({ status: "done" });
    expect(await missing.media.openDerivative(tenant, blob.sha256, "thumb")).toEqual({
      ready: false,
      status: "unavailable",
      error: "Video posters need ffmpeg, which is not installed (/nonexistent/ffprobe).",
    });

    const installed = mediaOn();
    const again = await inTenant(database.db, tenant, (trx) => installed.media.enqueueDerivatives(trx, tenant, blob));
    expect(again).toMatchObject({ status: "queued" });
    await installed.jobs.runNextJob();
    expect(await served(installed.media, tenant, blob, "thumb")).toMatchObject({ ready: true, decoded: webp(320, 240) });
  });

  it("records a PDF as waiting for pdftoppm when it is missing, and makes its preview once pdftoppm is there", async () => {
    const tenant = await database.newTenantId();
    const missing = mediaOn({ pdfTools: { pdftoppmPath: "/nonexistent/pdftoppm", timeoutMs: 10_000 } });
    const { blob, job } = await upload(missing.media, tenant, pdf());
    await missing.jobs.runNextJob();
    expect(await jobOf(tenant, job?.id)).toMatchObject({ status: "done", attempts: 1 });
    for (const kind of ["thumb", "preview"] as const) {
      expect(await missing.media.openDerivative(tenant, blob.sha256, kind)).toEqual({
        ready: false,
        status: "unavailable",
        error: "PDF previews need pdftoppm (poppler-utils), which is not installed (/nonexistent/pdftoppm).",
      });
    }

    const installed = mediaOn();
    const again = await inTenant(database.db, tenant, (trx) => installed.media.enqueueDerivatives(trx, tenant, blob));
    expect(again).toMatchObject({ status: "queued" });
    await installed.jobs.runNextJob();
    expect(await served(installed.media, tenant, blob, "preview")).toMatchObject({ ready: true, decoded: webp(1131, 1600) });
  });
});

describe("files without a preview", () => {
  it("records corrupt pictures, PDFs and videos as failed with a message, and does not retry them", async () => {
    const tenant = await database.newTenantId();
    const { media, jobs } = mediaOn();
    const cases = [
      { bytes: corruptPng(), mimeType: "image/png", error: /^The image could not be read: / },
      { bytes: corruptPdf(), mimeType: "application/pdf", error: /^The PDF could not be read: / },
      { bytes: corruptVideo(), mimeType: "video/mp4", error: /^The video could not be read: / },
    ];
    for (const { bytes, mimeType, error } of cases) {
      const { blob, job } = await upload(media, tenant, bytes);
      expect(blob.mimeType).toBe(mimeType);
      await jobs.runNextJob();
      expect(await jobOf(tenant, job?.id)).toMatchObject({ status: "done", attempts: 1 });
      for (const kind of ["thumb", "preview"] as const) {
        expect(await media.openDerivative(tenant, blob.sha256, kind)).toEqual({
          ready: false,
          status: "failed",
          error: expect.stringMatching(error),
        });
      }
    }
    expect(await jobs.runNextJob()).toBe(false);
  });

  it("refuses a decompression bomb", async () => {
    const tenant = await database.newTenantId();
    const { media, jobs } = mediaOn();
    const { blob } = await upload(media, tenant, pixelBombPng(50_000));
    await jobs.runNextJob();
    expect(await media.openDerivative(tenant, blob.sha256, "preview")).toEqual({
      ready: false,
      status: "failed",
      error: "The image has more than 268 million pixels; no preview is made of it.",
    });
  });

  it("records other types as unsupported, so the UI keeps the generic icon", async () => {
    const tenant = await database.newTenantId();
    const { media, jobs } = mediaOn();
    const { blob } = await upload(media, tenant, Buffer.from("Minutes of the meeting\n"));
    expect(blob.mimeType).toBe("text/plain");
    await jobs.runNextJob();
    expect(await derivativeRows(tenant)).toEqual([
      { source_sha256: blob.sha256, kind: "preview", status: "unsupported", error: null },
      { source_sha256: blob.sha256, kind: "thumb", status: "unsupported", error: null },
    ]);
    expect(await media.openDerivative(tenant, blob.sha256, "thumb")).toEqual({ ready: false, status: "unsupported", error: null });
  });
});

describe("running the job", () => {
  it("reports its progress", async () => {
    const tenant = await database.newTenantId();
    const { media } = mediaOn();
    const { blob } = await upload(media, tenant, await jpeg(600, 400));
    const progress: number[] = [];
    const records = await media.makeDerivatives(
      { tenantId: tenant, ...blob },
      {
        reportProgress: async (percent) => {
          progress.push(percent);
        },
      },
    );
    expect(progress).toEqual([10, 30, 80]);
    expect(records.map((record) => [record.kind, record.status, record.file?.width])).toEqual([
      ["thumb", "ready", 320],
      ["preview", "ready", 600],
    ]);
  });

  it("answers at once when the derivatives exist, and the same content uploaded again needs no job", async () => {
    const tenant = await database.newTenantId();
    const { media, jobs } = mediaOn();
    const { blob } = await upload(media, tenant, await jpeg(600, 400));
    await jobs.runNextJob();
    // Without its source the work could not be done again: answering proves it was not.
    await blobs.deleteBlob(tenant, blob.sha256);
    const records = await media.makeDerivatives({ tenantId: tenant, ...blob });
    expect(records.map((record) => [record.kind, record.status, record.file?.width])).toEqual([
      ["thumb", "ready", 320],
      ["preview", "ready", 600],
    ]);
    const { job } = await upload(media, tenant, await jpeg(600, 400));
    expect(job).toBeUndefined();
  });

  it("gives the same result when two runs of one job race", async () => {
    const tenant = await database.newTenantId();
    const { media } = mediaOn();
    const { blob } = await upload(media, tenant, await png(900, 300));
    const [first, second] = await Promise.all([1, 2].map(() => media.makeDerivatives({ tenantId: tenant, ...blob })));
    expect(second).toEqual(first);
    expect((await derivativeRows(tenant)).map((row) => [row.kind, row.status])).toEqual([
      ["preview", "ready"],
      ["thumb", "ready"],
    ]);
    expect(await served(media, tenant, blob, "thumb")).toMatchObject({ ready: true, decoded: webp(320, 107) });
  });

  it("retries when the file store fails, and records the failure with its message after the last attempt", async () => {
    const tenant = await database.newTenantId();
    const failingStore: BlobStore = { ...blobs, openBlob: async () => Promise.reject(new BlobStoreUnavailable(new Error("down"))) };
    const { media, jobs } = mediaOn({ blobs: failingStore });
    const blob = await blobs.writeBlob(tenant, Readable.from([await jpeg(100, 100)]), { maxBytes: MB });
    const job = await inTenant(database.db, tenant, async (trx) => {
      await recordBlob(trx, tenant, blob);
      return jobs.enqueue(trx, tenant, DERIVATIVES_JOB, { sha256: blob.sha256, mimeType: blob.mimeType }, { maxAttempts: 2 });
    });
    const storeDown = "The file store is not available right now. Please try again later.";

    await jobs.runNextJob();
    expect(await jobOf(tenant, job.id)).toMatchObject({ status: "queued", attempts: 1, error: storeDown });
    expect(await media.openDerivative(tenant, blob.sha256, "thumb")).toEqual({ ready: false, status: "pending", error: null });

    await database.db.updateTable("jobs").set({ run_after: sql`now()` }).execute();
    await jobs.runNextJob();
    expect(await jobOf(tenant, job.id)).toMatchObject({ status: "failed", attempts: 2, error: storeDown });
    expect(await media.openDerivative(tenant, blob.sha256, "thumb")).toEqual({
      ready: false,
      status: "failed",
      error: `Making the preview failed: ${storeDown}`,
    });
    expect(await readdir(storage.workDir)).toEqual([]);
  });

  it("does nothing for a source that is no longer stored", async () => {
    const tenant = await database.newTenantId();
    const { media } = mediaOn();
    expect(await media.makeDerivatives({ tenantId: tenant, sha256: "a".repeat(64), mimeType: "image/png" })).toEqual([]);
    expect(await derivativeRows(tenant)).toEqual([]);
  });
});

describe("tenants", () => {
  it("see only their own derivatives, even of the same file", async () => {
    const tenantA = await database.newTenantId();
    const tenantB = await database.newTenantId();
    const { media, jobs } = mediaOn();
    const picture = await jpeg(640, 480);
    const { blob } = await upload(media, tenantA, picture);
    await jobs.runNextJob();

    expect(await media.openDerivative(tenantB, blob.sha256, "thumb")).toEqual({ ready: false, status: "pending", error: null });
    expect(await derivativeRows(tenantB)).toEqual([]);
    const aloneInB = await inTenant(database.db, tenantB, (trx) =>
      trx.selectFrom("derivatives").select("tenant_id").where("tenant_id", "=", tenantA).execute(),
    );
    expect(aloneInB).toEqual([]);

    await upload(media, tenantB, picture);
    await jobs.runNextJob();
    await media.removeDerivatives(tenantA, blob.sha256);
    expect(await media.openDerivative(tenantA, blob.sha256, "thumb")).toEqual({ ready: false, status: "pending", error: null });
    expect(await served(media, tenantB, blob, "thumb")).toMatchObject({ ready: true, decoded: webp(320, 240) });
  });
});

describe("removing derivatives", () => {
  it("forgets a source's outcomes and deletes the files no other source shares", async () => {
    const tenant = await database.newTenantId();
    const { media, jobs } = mediaOn();
    // The same pixels compressed differently: two sources, identical derivatives.
    const { blob: first } = await upload(media, tenant, await png(500, 500, 1));
    const { blob: second } = await upload(media, tenant, await png(500, 500, 9));
    expect(first.sha256).not.toBe(second.sha256);
    await jobs.runNextJob();
    await jobs.runNextJob();
    const thumb = await media.openDerivative(tenant, second.sha256, "thumb");
    if (!thumb.ready) throw new Error("thumbnail not ready");
    thumb.stream.destroy();
    const thumbSha = thumb.etag.slice(1, -1);

    await media.removeDerivatives(tenant, first.sha256);
    expect((await derivativeRows(tenant)).map((row) => row.source_sha256)).toEqual([second.sha256, second.sha256]);
    expect(await storage.derivatives.statBlob(tenant, thumbSha)).toBeDefined();

    await media.removeDerivatives(tenant, second.sha256);
    expect(await derivativeRows(tenant)).toEqual([]);
    expect(await storage.derivatives.statBlob(tenant, thumbSha)).toBeUndefined();
  });
});

describe("at start", () => {
  it("removes scratch folders a crashed process left, not those of running jobs", async () => {
    const { media } = mediaOn();
    const stale = join(storage.workDir, "job-stale");
    const fresh = join(storage.workDir, "job-fresh");
    await mkdir(stale, { recursive: true });
    await mkdir(fresh, { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);
    expect(await media.sweepTempFiles()).toBe(1);
    expect(await readdir(storage.workDir)).toEqual(["job-fresh"]);
  });
});
