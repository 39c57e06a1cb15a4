// App passwords (issue 16): named secrets a user makes in My profile for HTTP Basic clients such as WebDAV. Only the
// SHA-256 of each secret is kept (modules/app-passwords/secret.ts says why a fast hash is enough); a user's app
// passwords go with the user (cascade), and a locked user's stop working at the credentials check.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table app_passwords (
    tenant_id uuid not null references tenants(id),
    id uuid not null default gen_random_uuid(),
    user_id uuid not null,
    name text not null,
    secret_hash text not null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz,
    primary key (tenant_id, id),
    foreign key (tenant_id, user_id) references users(tenant_id, id) on delete cascade
  )`.execute(db);
  await sql`create unique index app_passwords_by_secret on app_passwords (tenant_id, secret_hash)`.execute(db);
  await sql`create index app_passwords_by_user on app_passwords (tenant_id, user_id, created_at)`.execute(db);
  await protectTenantTable(db, "app_passwords");
}
