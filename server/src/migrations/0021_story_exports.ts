// Story exports (issue 13 "Exports"): one row per export a user asked for, stills, video or offline viewer, with its
// state and progress while a renderer works on it, the error a person can read when it failed, and the finished
// file (a `blobs` row, so storage counts it and the orphan sweep leaves it alone). GET /api/stories/{id}/exports
// lists a story's latest ones.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table story_exports (
    tenant_id uuid not null references tenants(id),
    id uuid not null,
    story_id uuid not null,
    format text not null check (format in ('SLIDE_IMAGE', 'VIDEO', 'VIEWER')),
    resolution text check (resolution in ('FHD', 'QHD')),
    state text not null default 'QUEUED' check (state in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
    progress real not null default 0 check (progress between 0 and 1),
    error text,
    -- Where a video is mailed when it is done.
    recipient text,
    blob_sha256 text,
    file_name text,
    created_by uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (tenant_id, id),
    foreign key (tenant_id, story_id) references stories(tenant_id, id) on delete cascade,
    foreign key (tenant_id, blob_sha256) references blobs(tenant_id, sha256),
    foreign key (tenant_id, created_by) references users(tenant_id, id) on delete set null (created_by),
    check (state <> 'DONE' or blob_sha256 is not null)
  )`.execute(db);
  await sql`create index story_exports_story on story_exports (tenant_id, story_id, created_at)`.execute(db);
  await sql`create index story_exports_blob on story_exports (tenant_id, blob_sha256)`.execute(db);
  await protectTenantTable(db, "story_exports");
}
