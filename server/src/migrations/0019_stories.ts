// Stories (spec 3 §3): slideshow stories with their content as one JSON document (checked by contracts' StoryDetails
// before it is stored), story tags ('scope:name', unique per tenant in any case) and their links, and the slide
// templates authors save. The default slide templates are code (modules/stories/default-templates.ts), not rows: they
// are derived from the canvas sizes, change with the product, cannot be deleted, and need no seeding per tenant.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table stories (
    tenant_id uuid not null references tenants(id),
    id uuid not null,
    title text not null,
    description text not null default '',
    story_type text not null default 'SLIDESHOW',
    aspect_ratio text not null,
    orientation text not null,
    -- The canvas in pixels, set from aspect_ratio and orientation (and kept in story_details.screen too).
    width integer not null,
    height integer not null,
    story_details jsonb not null,
    slide_count integer not null default 0,
    -- The cover picture: an uploaded story asset.
    cover_page uuid,
    is_template boolean not null default false,
    -- Sort key of the title order; stored because an index on lower(title) is not usable under row-level security.
    title_key text generated always as (lower(title)) stored,
    -- What a search matches besides tag names: title and description, folded (lower case, no accents).
    search_text text generated always as (repox_search_fold(title || E'\n' || description)) stored,
    created_by uuid,
    created_at timestamptz not null default now(),
    updated_by uuid,
    updated_at timestamptz not null default now(),
    primary key (tenant_id, id),
    check (story_type in ('SLIDESHOW', 'TIMELINE', 'OBJECTS')),
    check (aspect_ratio in ('16:9', '4:3')),
    check (orientation in ('LANDSCAPE', 'PORTRAIT'))
  )`.execute(db);
  await sql`create index stories_title on stories (tenant_id, title_key, id)`.execute(db);
  await sql`create index stories_updated on stories (tenant_id, updated_at, id)`.execute(db);

  await sql`create table story_tags (
    tenant_id uuid not null references tenants(id),
    id integer generated always as identity,
    name text not null,
    scope text not null,
    color text not null,
    -- 'scope:name' in lower case: uniqueness (any case) and lookups compare it; folded for searches.
    tag_key text generated always as (lower(scope) || ':' || lower(name)) stored,
    search_text text generated always as (repox_search_fold(scope || ':' || name)) stored,
    created_at timestamptz not null default now(),
    primary key (tenant_id, id)
  )`.execute(db);
  await sql`create unique index story_tags_key on story_tags (tenant_id, tag_key)`.execute(db);

  await sql`create table story_tag_links (
    tenant_id uuid not null,
    story_id uuid not null,
    tag_id integer not null,
    primary key (tenant_id, story_id, tag_id),
    foreign key (tenant_id, story_id) references stories(tenant_id, id) on delete cascade,
    foreign key (tenant_id, tag_id) references story_tags(tenant_id, id) on delete cascade
  )`.execute(db);
  await sql`create index story_tag_links_tag on story_tag_links (tenant_id, tag_id, story_id)`.execute(db);

  // Slides saved as templates: seen by every author of the tenant, deleted only by the one who saved it.
  await sql`create table slide_templates (
    tenant_id uuid not null references tenants(id),
    id uuid not null,
    title text not null,
    description text not null default '',
    cover_page uuid,
    aspect_ratio text not null,
    orientation text not null,
    slide_details jsonb not null,
    created_by uuid not null,
    created_at timestamptz not null default now(),
    primary key (tenant_id, id),
    check (aspect_ratio in ('16:9', '4:3')),
    check (orientation in ('LANDSCAPE', 'PORTRAIT'))
  )`.execute(db);
  await sql`create index slide_templates_format on slide_templates (tenant_id, aspect_ratio, orientation, created_at desc, id)`.execute(db);

  for (const table of ["stories", "story_tags", "story_tag_links", "slide_templates"]) {
    await protectTenantTable(db, table);
  }
}
