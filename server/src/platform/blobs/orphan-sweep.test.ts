// The orphan sweep on the local stores of a real app: files with no row past the grace period go, young files and
// recorded ones stay, and one tenant's sweep never reaches another tenant's files.
import { randomBytes } from "node:crypto";
import { access, utimes } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newBox, setUpFileModel, uploadOne } from "../../modules/datastreams/testing.ts";
import { runJobs } from "../../modules/trash/testing.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { inTenant } from "../db/tenant-transaction.ts";
import { png } from "../media/test-media.ts";
import { blobKey } from "./blob-store.ts";
import { createLocalBlobStore } from "./local-blob-store.ts";
import { ORPHAN_GRACE_MS, SWEEP_INTERVAL_MS, SWEEP_ORPHANS_JOB } from "./orphan-sweep.ts";

let t: TestApp;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.newTenant();
  b = await t.newTenant();
  await setUpFileModel(a.admin);
  await setUpFileModel(b.admin);
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const blobPath = (tenantId: string, sha256: string) => join(t.config.dataDir, "blobs", blobKey(tenantId, sha256));
const derivativePath = (tenantId: string, sha256: string) => join(t.config.dataDir, "derivatives", blobKey(tenantId, sha256));
const isThere = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Sets a file's time to `ageMs` ago. */
async function age(path: string, ageMs: number): Promise<void> {
  const when = new Date(Date.now() - ageMs);
  await utimes(path, when, when);
}

/** Bytes in the tenant's store with no row, as an upload that crashed before its commit leaves them. */
async function orphanBlob(tenantId: string, content: Buffer = randomBytes(64)): Promise<string> {
  const { sha256 } = await t.services.blobs.writeBlob(tenantId, Readable.from([content]), { maxBytes: 1024 * 1024 });
  return sha256;
}

async function derivativeFiles(tenant: TestTenant): Promise<string[]> {
  const rows = await inTenant(t.db, tenant.id, (trx) => trx.selectFrom("derivatives").select("sha256").execute());
  return rows.flatMap((row) => (row.sha256 ? [row.sha256] : []));
}

describe("the orphan sweep", () => {
  it("removes files without a row older than the grace period and keeps young and recorded ones", async () => {
    const box = await newBox(a.admin, "Kept files");
    const picture = await png(64, 48);
    const kept = await uploadOne(a.admin, box, { name: "kept.png", content: picture, type: "image/png" });
    await runJobs(t);
    const thumbnails = await derivativeFiles(a);
    expect(thumbnails).toHaveLength(2);
    for (const sha256 of thumbnails) await age(derivativePath(a.id, sha256), 2 * ORPHAN_GRACE_MS);
    await age(blobPath(a.id, kept.sha256), 2 * ORPHAN_GRACE_MS);

    const old = await orphanBlob(a.id);
    await age(blobPath(a.id, old), ORPHAN_GRACE_MS + HOUR);
    const almost = await orphanBlob(a.id);
    await age(blobPath(a.id, almost), ORPHAN_GRACE_MS - HOUR);
    const young = await orphanBlob(a.id);
    const derivatives = createLocalBlobStore(join(t.config.dataDir, "derivatives"));
    const { sha256: oldThumbnail } = await derivatives.writeBlob(a.id, Readable.from([randomBytes(32)]), { maxBytes: 1024 });
    await age(derivativePath(a.id, oldThumbnail), ORPHAN_GRACE_MS + HOUR);

    expect(await t.services.orphanSweep.scheduleAtStart()).toBe(2);
    await runJobs(t);

    expect(await isThere(blobPath(a.id, old))).toBe(false);
    expect(await isThere(derivativePath(a.id, oldThumbnail))).toBe(false);
    for (const sha256 of [kept.sha256, almost, young]) expect(await isThere(blobPath(a.id, sha256))).toBe(true);
    for (const sha256 of thumbnails) expect(await isThere(derivativePath(a.id, sha256))).toBe(true);
    const download = await a.admin.request("GET", `/api/datastreams/${kept.uuid}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(picture);
    expect((await a.admin.request("GET", `/api/datastreams/${kept.uuid}/thumb/preview`)).statusCode).toBe(200);
  });

  it("queues each tenant's next sweep a day later, once however often it is scheduled", async () => {
    expect(await t.services.orphanSweep.scheduleAtStart()).toBe(2);
    expect(await t.services.orphanSweep.scheduleAtStart()).toBe(0);
    await runJobs(t);
    const queued = await t.db
      .selectFrom("jobs")
      .select(["tenant_id", "run_after"])
      .where("kind", "=", SWEEP_ORPHANS_JOB)
      .where("status", "=", "queued")
      .execute();
    expect(queued.map((job) => job.tenant_id).sort()).toEqual([a.id, b.id].sort());
    for (const job of queued) expect(new Date(job.run_after).getTime()).toBeGreaterThan(Date.now() + SWEEP_INTERVAL_MS - HOUR);
  });

  it("sweeps one tenant's files only, judged by that tenant's rows", async () => {
    const box = await newBox(b.admin, "B's files");
    const shared = Buffer.from("the same bytes in both tenants");
    const recordedInB = await uploadOne(b.admin, box, { name: "b.txt", content: shared, type: "text/plain" });
    await age(blobPath(b.id, recordedInB.sha256), 2 * ORPHAN_GRACE_MS);
    const orphanInB = await orphanBlob(b.id);
    await age(blobPath(b.id, orphanInB), 2 * ORPHAN_GRACE_MS);
    // A holds the same content as B's recorded file, but no row of A's names it.
    const sameInA = await orphanBlob(a.id, shared);
    expect(sameInA).toBe(recordedInB.sha256);
    await age(blobPath(a.id, sameInA), 2 * ORPHAN_GRACE_MS);

    expect(await t.services.orphanSweep.sweepTenant(a.id)).toEqual({ blobs: 1, derivatives: 0 });
    expect(await isThere(blobPath(a.id, sameInA))).toBe(false);
    expect(await isThere(blobPath(b.id, recordedInB.sha256))).toBe(true);
    expect(await isThere(blobPath(b.id, orphanInB))).toBe(true);

    expect(await t.services.orphanSweep.sweepTenant(b.id)).toEqual({ blobs: 1, derivatives: 0 });
    expect(await isThere(blobPath(b.id, orphanInB))).toBe(false);
    expect((await b.admin.request("GET", `/api/datastreams/${recordedInB.uuid}/download`)).body).toBe(shared.toString());
  });

  it("leaves an old orphan alone once an upload writes the same content again, before its row commits", async () => {
    const content = randomBytes(80);
    const sha256 = await orphanBlob(a.id, content);
    await age(blobPath(a.id, sha256), 2 * ORPHAN_GRACE_MS);
    await t.services.blobs.writeBlob(a.id, Readable.from([content]), { maxBytes: 1024 });
    expect(await t.services.orphanSweep.sweepTenant(a.id)).toEqual({ blobs: 0, derivatives: 0 });
    expect(await isThere(blobPath(a.id, sha256))).toBe(true);
  });
});
