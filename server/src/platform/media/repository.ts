// SQL for the `derivatives` table. Runs in tenant transactions (row-level security applies).
import { sql } from "kysely";
import type { DerivativeStatus } from "../db/schema.ts";
import type { Trx } from "../db/tenant-transaction.ts";
import type { DerivativeKind } from "./image-derivatives.ts";

export type DerivativeRow = {
  kind: DerivativeKind;
  status: DerivativeStatus;
  sha256: string | null;
  mime_type: string | null;
  size: number | null;
  width: number | null;
  height: number | null;
  error: string | null;
};

export type DerivativeRecord = {
  kind: DerivativeKind;
  status: DerivativeStatus;
  file?: { sha256: string; mimeType: string; size: number; width: number; height: number };
  error?: string;
};

const columns = ["kind", "status", "sha256", "mime_type", "size", "width", "height", "error"] as const;

export function findDerivatives(trx: Trx, sourceSha256: string): Promise<DerivativeRow[]> {
  return trx.selectFrom("derivatives").select(columns).where("source_sha256", "=", sourceSha256).orderBy("kind").execute();
}

export function findDerivative(trx: Trx, sourceSha256: string, kind: DerivativeKind): Promise<DerivativeRow | undefined> {
  return trx
    .selectFrom("derivatives")
    .select(columns)
    .where("source_sha256", "=", sourceSha256)
    .where("kind", "=", kind)
    .executeTakeFirst();
}

/** Records outcomes; a later run replaces an earlier one (a retry after 'unavailable', two runs racing). */
export async function saveDerivatives(trx: Trx, tenantId: string, sourceSha256: string, records: DerivativeRecord[]): Promise<void> {
  await trx
    .insertInto("derivatives")
    .values(
      records.map((record) => ({
        tenant_id: tenantId,
        source_sha256: sourceSha256,
        kind: record.kind,
        status: record.status,
        sha256: record.file?.sha256 ?? null,
        mime_type: record.file?.mimeType ?? null,
        size: record.file?.size ?? null,
        width: record.file?.width ?? null,
        height: record.file?.height ?? null,
        error: record.error ?? null,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(["tenant_id", "source_sha256", "kind"]).doUpdateSet((eb) => ({
        status: eb.ref("excluded.status"),
        sha256: eb.ref("excluded.sha256"),
        mime_type: eb.ref("excluded.mime_type"),
        size: eb.ref("excluded.size"),
        width: eb.ref("excluded.width"),
        height: eb.ref("excluded.height"),
        error: eb.ref("excluded.error"),
        updated_at: sql`now()`,
      })),
    )
    .execute();
}

/** Which of these derivative files a row names (the orphan sweep leaves those files alone): thumbnails, previews and
 * IIIF tiles (migration 0027) share the store. */
export async function namedDerivativeFiles(trx: Trx, sha256s: readonly string[]): Promise<Set<string>> {
  if (sha256s.length === 0) return new Set();
  const [derivatives, tiles] = await Promise.all([
    trx
      .selectFrom("derivatives")
      .select("sha256")
      .where("sha256", "in", [...sha256s])
      .execute(),
    trx
      .selectFrom("iiif_tiles")
      .select("sha256")
      .where("sha256", "in", [...sha256s])
      .execute(),
  ]);
  return new Set([...derivatives, ...tiles].flatMap((row) => (row.sha256 ? [row.sha256] : [])));
}

/** Deletes a source's rows, its IIIF tiles and size too; answers the files they named that no other row still names. */
export async function deleteDerivatives(trx: Trx, sourceSha256: string): Promise<string[]> {
  const deleted = await trx.deleteFrom("derivatives").where("source_sha256", "=", sourceSha256).returning("sha256").execute();
  const tiles = await trx.deleteFrom("iiif_tiles").where("source_sha256", "=", sourceSha256).returning("sha256").execute();
  await trx.deleteFrom("iiif_images").where("source_sha256", "=", sourceSha256).execute();
  const files = [...new Set([...deleted, ...tiles].flatMap((row) => (row.sha256 ? [row.sha256] : [])))];
  if (files.length === 0) return [];
  const used = await namedDerivativeFiles(trx, files);
  return files.filter((sha) => !used.has(sha));
}
