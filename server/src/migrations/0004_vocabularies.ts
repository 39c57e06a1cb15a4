// Controlled vocabularies and their terms. A term search stays fast over 100 000 terms: the folded text (lower case,
// no accents) is stored once per term under a trigram index, and the vocabulary keeps its term count.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";
import { APP_ROLE } from "../platform/db/tenant-transaction.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Trusted extensions (PostgreSQL 13+): a database owner may create them; PGlite loads them at open.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);
  // Lets the trigram index start with tenant_id and vocabulary_id, as every index here does.
  await sql`create extension if not exists btree_gin`.execute(db);

  // unaccent() is only STABLE (its dictionary could change), so a stored column needs this IMMUTABLE wrapper. The
  // dictionary is named with its schema so the function does not depend on the caller's search_path.
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'unaccent'`.execute(db);
  const schema = `"${(rows[0]?.schema ?? "public").replaceAll('"', '""').replaceAll("'", "''")}"`;
  await sql`create or replace function repox_search_fold(value text) returns text
    language sql immutable parallel safe strict
    as $$ select lower(${sql.raw(schema)}.unaccent('${sql.raw(schema)}.unaccent'::regdictionary, value)) $$`.execute(db);

  await sql`create table vocabularies (
    tenant_id uuid not null references tenants(id),
    id uuid not null default gen_random_uuid(),
    name text not null,
    description text not null default '',
    voc_uri text not null default '',
    term_count integer not null default 0,
    created_at timestamptz not null default now(),
    modified_at timestamptz not null default now(),
    primary key (tenant_id, id)
  )`.execute(db);
  await sql`create unique index vocabularies_name on vocabularies (tenant_id, lower(name))`.execute(db);

  await sql`create table vocabulary_terms (
    tenant_id uuid not null,
    vocabulary_id uuid not null,
    term_id text not null,
    label text not null,
    term_uri text not null default '',
    -- What a search matches: the term id or the label, folded; a line break keeps the two apart.
    search_text text generated always as (repox_search_fold(term_id || E'\n' || label)) stored,
    created_at timestamptz not null default now(),
    modified_at timestamptz not null default now(),
    primary key (tenant_id, vocabulary_id, term_id),
    foreign key (tenant_id, vocabulary_id) references vocabularies(tenant_id, id) on delete cascade
  )`.execute(db);
  // Terms are listed by label; the term id breaks ties so paging is stable.
  await sql`create index vocabulary_terms_label on vocabulary_terms (tenant_id, vocabulary_id, lower(label), term_id)`.execute(db);
  await sql`create index vocabulary_terms_search on vocabulary_terms
    using gin (tenant_id, vocabulary_id, search_text gin_trgm_ops)`.execute(db);

  // term_count follows inserts and deletes, one update per statement (an import of 5 000 terms is one update).
  await sql`create function vocabulary_terms_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update vocabularies v set term_count = v.term_count + d.n
          from (select tenant_id, vocabulary_id, count(*)::int as n from added_terms group by 1, 2) d
          where v.tenant_id = d.tenant_id and v.id = d.vocabulary_id;
      else
        update vocabularies v set term_count = v.term_count - d.n
          from (select tenant_id, vocabulary_id, count(*)::int as n from removed_terms group by 1, 2) d
          where v.tenant_id = d.tenant_id and v.id = d.vocabulary_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger vocabulary_terms_added after insert on vocabulary_terms
    referencing new table as added_terms for each statement execute function vocabulary_terms_count()`.execute(db);
  await sql`create trigger vocabulary_terms_removed after delete on vocabulary_terms
    referencing old table as removed_terms for each statement execute function vocabulary_terms_count()`.execute(db);

  for (const table of ["vocabularies", "vocabulary_terms"]) {
    await protectTenantTable(db, table);
  }

  // Row-level security keeps the trigram index out of reach: PostgreSQL only lets a leakproof condition use an index
  // ahead of a policy, and LIKE is not leakproof, so a search would read every term of the vocabulary. This function
  // runs the match as its owner and filters by the same app.tenant_id the policy uses, so it sees exactly what the
  // policy would let through. When the owner bypasses row-level security (a superuser, as with PGlite) the index
  // serves the search; otherwise the policy still applies and the answer is the same, only slower.
  await sql`create function vocabulary_term_matches(p_vocabulary_id uuid, p_pattern text)
    returns table (term_id text, label text, term_uri text)
    language sql stable security definer set search_path = pg_catalog, public
    as $$
      select t.term_id, t.label, t.term_uri from public.vocabulary_terms t
      where t.tenant_id = public.app_tenant_id() and t.vocabulary_id = p_vocabulary_id and t.search_text like p_pattern
    $$`.execute(db);
  await sql`revoke all on function vocabulary_term_matches(uuid, text) from public`.execute(db);
  await sql`grant execute on function vocabulary_term_matches(uuid, text) to ${sql.raw(APP_ROLE)}`.execute(db);
}
