// Websites (spec 3 §3 Website): a name and description, and the story published there as an embed. Deleting the story
// leaves the website without one.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table websites (
    tenant_id uuid not null references tenants(id),
    id uuid not null,
    name text not null check (char_length(name) between 1 and 255 and name ~ '\\S'),
    description text not null default '' check (char_length(description) <= 255),
    story_id uuid,
    created_by uuid,
    created_at timestamptz not null default now(),
    updated_by uuid,
    updated_at timestamptz not null default now(),
    primary key (tenant_id, id),
    foreign key (tenant_id, story_id) references stories(tenant_id, id) on delete set null (story_id),
    foreign key (tenant_id, created_by) references users(tenant_id, id) on delete set null (created_by),
    foreign key (tenant_id, updated_by) references users(tenant_id, id) on delete set null (updated_by)
  )`.execute(db);
  // The list runs newest first (uuid v7 ids follow creation order).
  await sql`create index websites_story on websites (tenant_id, story_id) where story_id is not null`.execute(db);
  await protectTenantTable(db, "websites");
}
