// IIIF Image API (issue 16, docs/standards.md). iiif_images: each image source's upright dimensions, read once from
// its header (or why it cannot be served). iiif_tiles: rendered answers for the tiles and sizes info.json describes,
// keyed by the request's canonical form; their bytes live in the derivative store beside thumbnails and previews.
// Both are removed with the source's other derivatives when its blob is purged (platform/media/repository.ts).
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table iiif_images (
    tenant_id uuid not null references tenants(id),
    source_sha256 text not null,
    width integer check (width > 0),
    height integer check (height > 0),
    error text,
    created_at timestamptz not null default now(),
    primary key (tenant_id, source_sha256),
    foreign key (tenant_id, source_sha256) references blobs (tenant_id, sha256),
    check ((error is null) = (width is not null and height is not null))
  )`.execute(db);
  await protectTenantTable(db, "iiif_images");

  await sql`create table iiif_tiles (
    tenant_id uuid not null references tenants(id),
    source_sha256 text not null,
    canonical text not null check (length(canonical) <= 200),
    sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
    mime_type text not null,
    size integer not null check (size >= 0),
    created_at timestamptz not null default now(),
    primary key (tenant_id, source_sha256, canonical),
    foreign key (tenant_id, source_sha256) references blobs (tenant_id, sha256)
  )`.execute(db);
  // The orphan sweep and purges ask whether any row still names a file.
  await sql`create index iiif_tiles_files on iiif_tiles (tenant_id, sha256)`.execute(db);
  await protectTenantTable(db, "iiif_tiles");
}
