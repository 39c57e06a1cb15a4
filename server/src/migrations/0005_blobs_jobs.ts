// Blobs (the files a tenant stores, by content hash) and the table-backed job queue.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per distinct file content of a tenant; datastreams reference (tenant_id, sha256). The row commits after
  // the bytes are stored, so a blob without a row is an unfinished upload and a row always has its bytes.
  await sql`create table blobs (
    tenant_id uuid not null references tenants(id),
    sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
    size bigint not null check (size >= 0),
    mime_type text not null,
    created_at timestamptz not null default now(),
    primary key (tenant_id, sha256)
  )`.execute(db);
  await protectTenantTable(db, "blobs");

  await sql`create table jobs (
    tenant_id uuid not null references tenants(id),
    id uuid not null default gen_random_uuid(),
    kind text not null,
    payload jsonb not null default '{}'::jsonb,
    status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
    attempts integer not null default 0,
    max_attempts integer not null default 5 check (max_attempts between 1 and 100),
    run_after timestamptz not null default now(),
    progress smallint not null default 0 check (progress between 0 and 100),
    error text,
    lease_owner text,
    lease_expires_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (tenant_id, id)
  )`.execute(db);
  // The two indexes the worker scans do not start with tenant_id: it claims the next due job of any tenant.
  await sql`create index jobs_due on jobs (run_after) where status = 'queued'`.execute(db);
  await sql`create index jobs_leases on jobs (lease_expires_at) where status = 'running'`.execute(db);
  await protectTenantTable(db, "jobs");
  // The worker claims across tenants as the owner role; FORCE ROW LEVEL SECURITY would hide every row from an owner
  // that is not a superuser, so the owner (never the app role, which is not a member of it) gets its own policy.
  await sql`create policy jobs_worker on jobs to current_user using (true) with check (true)`.execute(db);
}
