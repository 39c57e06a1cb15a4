// SQL of the IIIF Image API: which published image a datastream uuid names, each source's dimensions, the tile cache.
import { sql } from "kysely";
import type { Trx } from "../../../platform/db/tenant-transaction.ts";

export type PublishedImage = { sha256: string; mime_type: string; filesize: number };

/**
 * The datastream's file, when the datastream is not in the trash and a published container that is not in the trash
 * holds it (as OAI-PMH decides published, migration 0026).
 */
export async function publishedImage(trx: Trx, datastreamId: string): Promise<PublishedImage | undefined> {
  const { rows } = await sql<PublishedImage>`select d.blob_sha256 as sha256, d.mime_type, d.filesize from datastreams d
    where d.id = ${datastreamId}::uuid and d.deleted_at is null
      and exists (select 1 from datastream_memberships m
        join containers c on c.tenant_id = m.tenant_id and c.id = m.container_id
        where m.tenant_id = d.tenant_id and m.datastream_id = d.id and c.published and c.deleted_at is null)`.execute(trx);
  return rows[0];
}

export type ImageDimensions = { width: number | null; height: number | null; error: string | null };

export function findDimensions(trx: Trx, sha256: string): Promise<ImageDimensions | undefined> {
  return trx.selectFrom("iiif_images").select(["width", "height", "error"]).where("source_sha256", "=", sha256).executeTakeFirst();
}

export async function saveDimensions(trx: Trx, tenantId: string, sha256: string, outcome: ImageDimensions): Promise<void> {
  await trx
    .insertInto("iiif_images")
    .values({ tenant_id: tenantId, source_sha256: sha256, ...outcome })
    .onConflict((conflict) => conflict.columns(["tenant_id", "source_sha256"]).doNothing())
    .execute();
}

export type TileRow = { sha256: string; mime_type: string; size: number };

export function findTile(trx: Trx, sourceSha256: string, canonical: string): Promise<TileRow | undefined> {
  return trx
    .selectFrom("iiif_tiles")
    .select(["sha256", "mime_type", "size"])
    .where("source_sha256", "=", sourceSha256)
    .where("canonical", "=", canonical)
    .executeTakeFirst();
}

/** A level made again (its file had gone missing) replaces the row that named the missing file. */
export async function saveLevel(trx: Trx, tenantId: string, sourceSha256: string, key: string, level: TileRow): Promise<void> {
  await trx
    .insertInto("iiif_tiles")
    .values({ tenant_id: tenantId, source_sha256: sourceSha256, canonical: key, ...level })
    .onConflict((conflict) => conflict.columns(["tenant_id", "source_sha256", "canonical"]).doUpdateSet(level))
    .execute();
}

export async function saveTile(trx: Trx, tenantId: string, sourceSha256: string, canonical: string, tile: TileRow): Promise<void> {
  await trx
    .insertInto("iiif_tiles")
    .values({ tenant_id: tenantId, source_sha256: sourceSha256, canonical, ...tile })
    .onConflict((conflict) => conflict.columns(["tenant_id", "source_sha256", "canonical"]).doNothing())
    .execute();
}
