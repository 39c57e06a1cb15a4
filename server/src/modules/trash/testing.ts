// Test helpers for the trash: removing through HTTP, reading the trash list, running the purge jobs, files in the store.
import { Readable } from "node:stream";
import { sql } from "kysely";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import type { Caller, TestApp, TestTenant } from "../../test/test-app.ts";
import { insertDatastream } from "../containers/testing.ts";

export type TrashItemAnswer = {
  uuid: string;
  label: string;
  objectType: "CONTAINER" | "DATASTREAM";
  type: { code: string; name: string };
  deletedAt: string;
  deletedBy: { uuid: string; firstname: string; lastname: string } | null;
  containerCount: number;
  datastreamCount: number;
};

export async function removeContainer(caller: Caller, uuid: string, from?: string) {
  const answer = await caller.request("POST", `/api/containers/${uuid}/remove${from ? `?from=${from}` : ""}`);
  if (answer.statusCode !== 200) throw new Error(`remove answered ${answer.statusCode}: ${answer.body}`);
  return answer.json() as { removed: true; trashed: boolean; containers: number; datastreams: number };
}

export async function trashItems(caller: Caller, query = "size=200"): Promise<TrashItemAnswer[]> {
  const answer = await caller.request("GET", `/api/trash/items?${query}`);
  if (answer.statusCode !== 200) throw new Error(`trash list answered ${answer.statusCode}: ${answer.body}`);
  return answer.json().content;
}

/** Runs every due job (purges, and the thumbnails they may ask for) until none is left. */
export async function runJobs(t: TestApp): Promise<void> {
  let ran = true;
  while (ran) ran = await t.services.jobs.runNextJob();
}

/** The bytes of the tenant's recorded files (`blobs` rows, which the purge deletes), each file once. */
export async function recordedBytes(t: TestApp, tenant: TestTenant): Promise<number> {
  const row = await inTenant(t.db, tenant.id, (trx) =>
    trx.selectFrom("blobs").select(sql<string>`coalesce(sum(size), 0)`.as("bytes")).executeTakeFirstOrThrow(),
  );
  return Number(row.bytes);
}

/** A datastream whose bytes are really in the blob store (the tables through the containers' test helper). */
export async function storedDatastream(
  t: TestApp,
  tenant: TestTenant,
  options: { containerIds: string[]; label: string; content: Buffer; typeCode?: string },
): Promise<{ id: string; sha256: string }> {
  const blob = await t.services.blobs.writeBlob(tenant.id, Readable.from([options.content]), { maxBytes: 10 * 1024 * 1024 });
  const id = await insertDatastream(t, tenant, { typeCode: "file", ...options });
  return { id, sha256: blob.sha256 };
}

export async function isFileStored(t: TestApp, tenant: TestTenant, sha256: string): Promise<boolean> {
  return (await t.services.blobs.statBlob(tenant.id, sha256)) !== undefined;
}
