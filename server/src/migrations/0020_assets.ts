// Story assets (spec 3 §3, §7): images uploaded for stories, apart from the content store. Each names a stored file
// (a `blobs` row, so the file is shared with any datastream of the same content and counted once); the list runs in
// upload order (uuid v7 ids) and the label search matches the folded label (lower case, no accents).
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table assets (
    tenant_id uuid not null references tenants(id),
    id uuid not null,
    label text not null check (char_length(label) between 1 and 255 and label ~ '\\S'),
    type text not null check (type in ('IMAGE')),
    properties jsonb not null default '[]'::jsonb,
    blob_sha256 text not null,
    mime_type text not null,
    filesize bigint not null check (filesize >= 0),
    width integer check (width > 0),
    height integer check (height > 0),
    -- What the label search matches, folded once (repox_search_fold of migration 0004).
    search_text text generated always as (repox_search_fold(label)) stored,
    created_by uuid,
    created_at timestamptz not null default now(),
    primary key (tenant_id, id),
    foreign key (tenant_id, blob_sha256) references blobs(tenant_id, sha256),
    foreign key (tenant_id, created_by) references users(tenant_id, id) on delete set null (created_by)
  )`.execute(db);
  // Which assets hold a blob: storage usage and purging files nothing refers to any more.
  await sql`create index assets_blob on assets (tenant_id, blob_sha256)`.execute(db);
  await protectTenantTable(db, "assets");
}
