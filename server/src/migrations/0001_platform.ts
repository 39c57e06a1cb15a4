// Tenants, users, groups and permissions, system settings, password resets and the mail outbox.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";
import { APP_ROLE } from "../platform/db/tenant-transaction.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Roles are cluster-wide: another Repox database on the same server may have created it already.
  await sql`do $$ begin
      create role ${sql.raw(APP_ROLE)} nologin;
    exception when duplicate_object or unique_violation then null;
    end $$`.execute(db);
  await sql`do $$ begin
      if not pg_has_role(current_user, '${sql.raw(APP_ROLE)}', 'MEMBER') then
        execute format('grant ${sql.raw(APP_ROLE)} to %I', current_user);
      end if;
    end $$`.execute(db);
  await sql`grant usage on schema public to ${sql.raw(APP_ROLE)}`.execute(db);
  await sql`alter default privileges in schema public grant usage on sequences to ${sql.raw(APP_ROLE)}`.execute(db);
  await sql`create or replace function app_tenant_id() returns uuid language sql stable
    as $$ select nullif(current_setting('app.tenant_id', true), '')::uuid $$`.execute(db);

  await sql`create table tenants (
    id uuid primary key default gen_random_uuid(),
    code text not null unique,
    name text not null,
    storage_quota bigint not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  // Not forced: the owner resolves X-TenantID before any tenant is known; the app role sees only its own row.
  await sql`alter table tenants enable row level security`.execute(db);
  await sql`create policy tenant_isolation on tenants using (id = app_tenant_id())`.execute(db);
  await sql`grant select on tenants to ${sql.raw(APP_ROLE)}`.execute(db);

  await sql`create table users (
    tenant_id uuid not null references tenants(id),
    id uuid not null default gen_random_uuid(),
    username text not null,
    email text not null,
    password_hash text not null,
    firstname text not null default '',
    lastname text not null default '',
    locked boolean not null default false,
    created_at timestamptz not null default now(),
    modified_at timestamptz not null default now(),
    primary key (tenant_id, id)
  )`.execute(db);
  await sql`create unique index users_username on users (tenant_id, lower(username))`.execute(db);
  await sql`create unique index users_email on users (tenant_id, lower(email))`.execute(db);

  await sql`create table groups (
    tenant_id uuid not null references tenants(id),
    id integer generated always as identity,
    name text not null,
    description text not null default '',
    is_administrators boolean not null default false,
    created_at timestamptz not null default now(),
    primary key (tenant_id, id)
  )`.execute(db);
  await sql`create unique index groups_name on groups (tenant_id, lower(name))`.execute(db);

  await sql`create table group_members (
    tenant_id uuid not null,
    group_id integer not null,
    user_id uuid not null,
    primary key (tenant_id, group_id, user_id),
    foreign key (tenant_id, group_id) references groups(tenant_id, id) on delete cascade,
    foreign key (tenant_id, user_id) references users(tenant_id, id) on delete cascade
  )`.execute(db);
  await sql`create index group_members_user on group_members (tenant_id, user_id)`.execute(db);

  await sql`create table group_permissions (
    tenant_id uuid not null,
    group_id integer not null,
    permission_code text not null,
    primary key (tenant_id, group_id, permission_code),
    foreign key (tenant_id, group_id) references groups(tenant_id, id) on delete cascade
  )`.execute(db);

  await sql`create table system_settings (
    tenant_id uuid not null references tenants(id),
    setting_key text not null,
    label text not null,
    description text not null default '',
    editable boolean not null default true,
    mandatory boolean not null default false,
    setting_type text not null,
    setting_details text not null default '{}',
    setting_value text not null,
    position integer not null default 0,
    primary key (tenant_id, setting_key)
  )`.execute(db);

  await sql`create table password_resets (
    tenant_id uuid not null,
    token_hash text not null,
    user_id uuid not null,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now(),
    primary key (tenant_id, token_hash),
    foreign key (tenant_id, user_id) references users(tenant_id, id) on delete cascade
  )`.execute(db);

  await sql`create table mail_outbox (
    tenant_id uuid not null references tenants(id),
    id bigint generated always as identity,
    recipient text not null,
    subject text not null,
    body text not null,
    status text not null default 'pending',
    error text,
    created_at timestamptz not null default now(),
    sent_at timestamptz,
    primary key (tenant_id, id)
  )`.execute(db);

  for (const table of ["users", "groups", "group_members", "group_permissions", "system_settings", "password_resets", "mail_outbox"]) {
    await protectTenantTable(db, table);
  }
}
