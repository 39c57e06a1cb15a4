// Thumbnails and previews made from stored files. They are not user files: their bytes live in a store of their own
// (DATA_DIR/derivatives or the bucket's derivatives/ prefix) and never count toward the tenant's storage.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per source blob and kind, whatever the outcome, so the UI can tell "coming" (no row) from "never"
  // (unsupported, failed) and keep the generic icon. A ready row names its bytes by their own sha-256.
  // The foreign key has no cascade: purging a blob first removes its derivatives, whose files would otherwise be lost.
  await sql`create table derivatives (
    tenant_id uuid not null references tenants(id),
    source_sha256 text not null,
    kind text not null check (kind in ('thumb', 'preview')),
    status text not null check (status in ('ready', 'failed', 'unsupported', 'unavailable')),
    sha256 text check (sha256 ~ '^[0-9a-f]{64}$'),
    mime_type text,
    size integer check (size >= 0),
    width integer check (width > 0),
    height integer check (height > 0),
    error text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (tenant_id, source_sha256, kind),
    foreign key (tenant_id, source_sha256) references blobs (tenant_id, sha256),
    check ((status = 'ready') = (sha256 is not null and mime_type is not null and size is not null
      and width is not null and height is not null))
  )`.execute(db);
  // Two sources can render to the same bytes (two PDFs sharing a first page): removing one checks the other's use.
  await sql`create index derivatives_files on derivatives (tenant_id, sha256) where sha256 is not null`.execute(db);
  await protectTenantTable(db, "derivatives");
}
