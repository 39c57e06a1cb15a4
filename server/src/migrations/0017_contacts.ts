// Contacts (spec 3): the people a tenant shares surveys with. An e-mail appears once per tenant whatever its case; the
// list is sorted by e-mail and searched over names, e-mail and organization, folded (lower case, no accents).
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table contacts (
    tenant_id uuid not null references tenants(id),
    id uuid not null default gen_random_uuid(),
    first_name text not null,
    last_name text not null,
    email text not null,
    organization text not null default '',
    -- The e-mail as uniqueness and lookups compare it. A stored column rather than an index on lower(email): row-level
    -- security lets only leakproof conditions use an index, and lower() is not leakproof while text equality is.
    email_key text generated always as (lower(email)) stored,
    -- What a search matches, folded once (repox_search_fold of migration 0004); line breaks keep the fields apart.
    search_text text generated always as
      (repox_search_fold(first_name || ' ' || last_name || E'\n' || email || E'\n' || organization)) stored,
    created_at timestamptz not null default now(),
    modified_at timestamptz not null default now(),
    primary key (tenant_id, id)
  )`.execute(db);
  // Uniqueness, lookups by e-mail and the list order (by e-mail) in one index.
  await sql`create unique index contacts_email on contacts (tenant_id, email_key)`.execute(db);
  await protectTenantTable(db, "contacts");
}
