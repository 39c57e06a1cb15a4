// SQL for story_exports (migration 0021). Every function runs inside a tenant transaction (row-level security).
import type { StoryExportFormat, StoryExportResolution, StoryExportState } from "@repox/contracts";
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export type StoryExportRow = {
  id: string;
  story_id: string;
  format: string;
  resolution: string | null;
  state: string;
  progress: number;
  error: string | null;
  recipient: string | null;
  blob_sha256: string | null;
  file_name: string | null;
  created_by: string | null;
  created_at: Date;
};

const columns = [
  "id",
  "story_id",
  "format",
  "resolution",
  "state",
  "progress",
  "error",
  "recipient",
  "blob_sha256",
  "file_name",
  "created_by",
  "created_at",
] as const;

export async function insertExport(
  trx: Trx,
  values: {
    tenantId: string;
    id: string;
    storyId: string;
    format: StoryExportFormat;
    resolution: StoryExportResolution | null;
    state: StoryExportState;
    recipient?: string | null;
    createdBy: string;
  },
): Promise<void> {
  await trx
    .insertInto("story_exports")
    .values({
      tenant_id: values.tenantId,
      id: values.id,
      story_id: values.storyId,
      format: values.format,
      resolution: values.resolution,
      state: values.state,
      recipient: values.recipient ?? null,
      created_by: values.createdBy,
    })
    .execute();
}

export async function getExport(trx: Trx, storyId: string, id: string): Promise<StoryExportRow | undefined> {
  return trx.selectFrom("story_exports").select(columns).where("story_id", "=", storyId).where("id", "=", id).executeTakeFirst();
}

export async function listExports(trx: Trx, storyId: string, limit: number): Promise<StoryExportRow[]> {
  return trx
    .selectFrom("story_exports")
    .select(columns)
    .where("story_id", "=", storyId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function updateExport(
  trx: Trx,
  id: string,
  changes: { state?: StoryExportState; progress?: number; error?: string | null; blobSha256?: string; fileName?: string },
): Promise<void> {
  await trx
    .updateTable("story_exports")
    .set({
      ...(changes.state ? { state: changes.state } : {}),
      ...(changes.progress === undefined ? {} : { progress: changes.progress }),
      ...(changes.error === undefined ? {} : { error: changes.error }),
      ...(changes.blobSha256 ? { blob_sha256: changes.blobSha256 } : {}),
      ...(changes.fileName ? { file_name: changes.fileName } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where("id", "=", id)
    .execute();
}

/** The files of a story's exports (each once). */
export async function exportFilesOfStory(trx: Trx, storyId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom("story_exports")
    .select("blob_sha256")
    .distinct()
    .where("story_id", "=", storyId)
    .where("blob_sha256", "is not", null)
    .execute();
  return rows.flatMap((row) => (row.blob_sha256 ? [row.blob_sha256] : []));
}

/** Finished exports (DONE or FAILED) created before `before`, oldest first, at most `limit`. */
export async function listExpiredExports(trx: Trx, before: Date, limit: number): Promise<{ id: string; blob_sha256: string | null }[]> {
  return trx
    .selectFrom("story_exports")
    .select(["id", "blob_sha256"])
    .where("state", "in", ["DONE", "FAILED"])
    .where("created_at", "<", before)
    .orderBy("created_at")
    .limit(limit)
    .execute();
}

export async function deleteExports(trx: Trx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .deleteFrom("story_exports")
    .where("id", "in", [...ids])
    .execute();
}

/**
 * Fails the RUNNING exports of `formats` last touched before `before` with `error`; answers how many. A renderer
 * touches its export when it starts and (videos) after every second of video, so one untouched that long is dead.
 */
export async function failStalledExports(trx: Trx, formats: readonly StoryExportFormat[], before: Date, error: string): Promise<number> {
  const rows = await trx
    .updateTable("story_exports")
    .set({ state: "FAILED", error, updated_at: sql<Date>`now()` })
    .where("state", "=", "RUNNING")
    .where("format", "in", [...formats])
    .where("updated_at", "<", before)
    .returning("id")
    .execute();
  return rows.length;
}
