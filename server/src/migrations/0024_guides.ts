// Guides (spec 3 §2 Guide creator, §3 Guide draft): a mobile app's guide with its languages and welcome texts, a logo
// and a cover (each the story asset it was chosen from and the copy sized to the spec, a `blobs` row the guide holds,
// so the trash purge and the orphan sweep leave it alone), and its onboarding images in order. `published_at` set:
// the app may read it without sign-in.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table guides (
    tenant_id uuid not null references tenants(id),
    id uuid not null,
    title text not null check (char_length(title) between 1 and 255),
    description text not null default '',
    -- Country codes in the order chosen (GR, US, IT, FR).
    languages jsonb not null default '[]'::jsonb,
    welcome_texts jsonb not null default '{}'::jsonb,
    logo_asset_id uuid,
    logo_sha256 text,
    cover_asset_id uuid,
    cover_sha256 text,
    published_at timestamptz,
    created_by uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (tenant_id, id),
    foreign key (tenant_id, logo_asset_id) references assets(tenant_id, id),
    foreign key (tenant_id, logo_sha256) references blobs(tenant_id, sha256),
    foreign key (tenant_id, cover_asset_id) references assets(tenant_id, id),
    foreign key (tenant_id, cover_sha256) references blobs(tenant_id, sha256),
    foreign key (tenant_id, created_by) references users(tenant_id, id) on delete set null (created_by),
    check ((logo_asset_id is null) = (logo_sha256 is null)),
    check ((cover_asset_id is null) = (cover_sha256 is null))
  )`.execute(db);
  await sql`create index guides_logo_blob on guides (tenant_id, logo_sha256)`.execute(db);
  await sql`create index guides_cover_blob on guides (tenant_id, cover_sha256)`.execute(db);
  await protectTenantTable(db, "guides");

  await sql`create table guide_onboarding (
    tenant_id uuid not null references tenants(id),
    guide_id uuid not null,
    position integer not null check (position >= 0),
    asset_id uuid not null,
    primary key (tenant_id, guide_id, position),
    foreign key (tenant_id, guide_id) references guides(tenant_id, id) on delete cascade,
    foreign key (tenant_id, asset_id) references assets(tenant_id, id)
  )`.execute(db);
  await protectTenantTable(db, "guide_onboarding");
}
