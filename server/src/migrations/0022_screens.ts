// Screens (spec 3 §3 Screen) and the browser players that pair with them (issue 14). A player registers as a device
// with a secret (kept as its sha-256) and a 6-digit PIN; pairing binds the device to a screen and gives the screen its
// token. Unpairing clears the token and revokes the device at once. Commands (SCREENSHOT) wait in screen_commands
// until the player marks them done; the latest capture is kept on the screen (a preview and a list thumbnail, JPEG).
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table screen_devices (
    tenant_id uuid not null references tenants(id),
    id uuid not null,
    secret_hash text not null,
    activation_code text not null,
    code_expires_at timestamptz not null,
    -- Set when a screen took the PIN: the PIN cannot be used again.
    paired_at timestamptz,
    -- The key the device's media links carry (so the server writes the links); set on pairing, cleared on unpairing.
    media_key text,
    revoked_at timestamptz,
    last_seen_at timestamptz,
    created_at timestamptz not null default now(),
    primary key (tenant_id, id)
  )`.execute(db);
  // A live PIN is unique in its tenant (registration picks another on a clash).
  await sql`create unique index screen_devices_live_code on screen_devices (tenant_id, activation_code) where paired_at is null`.execute(
    db,
  );
  await sql`create index screen_devices_code on screen_devices (tenant_id, activation_code)`.execute(db);
  await protectTenantTable(db, "screen_devices");

  await sql`create table screens (
    tenant_id uuid not null references tenants(id),
    id uuid not null,
    name text not null,
    description text not null default '',
    -- Present means paired.
    token text,
    device_id uuid,
    story_id uuid,
    last_seen_at timestamptz,
    screenshot bytea,
    screenshot_thumb bytea,
    screenshot_at timestamptz,
    created_by uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (tenant_id, id),
    foreign key (tenant_id, device_id) references screen_devices(tenant_id, id) on delete set null (device_id),
    foreign key (tenant_id, story_id) references stories(tenant_id, id) on delete set null (story_id),
    foreign key (tenant_id, created_by) references users(tenant_id, id) on delete set null (created_by),
    check ((token is null) = (device_id is null))
  )`.execute(db);
  await sql`create index screens_created on screens (tenant_id, created_at, id)`.execute(db);
  await sql`create unique index screens_device on screens (tenant_id, device_id) where device_id is not null`.execute(db);
  await sql`create index screens_story on screens (tenant_id, story_id) where story_id is not null`.execute(db);
  await protectTenantTable(db, "screens");

  await sql`create table screen_commands (
    tenant_id uuid not null references tenants(id),
    id uuid not null,
    screen_id uuid not null,
    type text not null check (type in ('SCREENSHOT')),
    created_at timestamptz not null default now(),
    done_at timestamptz,
    primary key (tenant_id, id),
    foreign key (tenant_id, screen_id) references screens(tenant_id, id) on delete cascade
  )`.execute(db);
  await sql`create index screen_commands_pending on screen_commands (tenant_id, screen_id, created_at) where done_at is null`.execute(db);
  await protectTenantTable(db, "screen_commands");
}
