// Content search (docs/decisions/0003-content-search.md). Every container and datastream has a label document
// (search_labels: its folded label and the label's words) and, when it holds property values with text, a text document
// (search_texts: the words of label and values together). Triggers on the content tables keep both current, so no
// service has to remember them, and a per-tenant list of the words that occur (search_words) is what typo tolerance
// corrects against. search_content() answers a search.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";
import { APP_ROLE } from "../platform/db/tenant-transaction.ts";

/** Property text kept per object: beyond it a text-area or rich text is not searched (tsvector has a 1 MB ceiling). */
const BODY_MAX_LENGTH = 100_000;
/** Candidates ranked per step of a search: a word shared by 20 000 documents costs a bounded read, not 20 000 rows. */
const STEP_CANDIDATES = 200;
/** Known words a query word may stand for as a word start before it is matched as a prefix (:*) instead. */
const PREFIX_EXPANSIONS = 32;
/** Spelling alternatives tried per query word, and query words corrected at most. */
const ALTERNATIVES_PER_WORD = 5;
const CORRECTED_WORDS = 8;

const CONTENT_TABLES = [
  ["containers", "container"],
  ["datastreams", "datastream"],
] as const;

async function textFunctions(db: Kysely<unknown>): Promise<void> {
  // repox_search_fold (migration 0004) drops accents (unaccent's rules cover Latin and Greek tonos and dialytika) and
  // lowers case. On top: final sigma is sigma, so ΑΘΗΝΑΣ and Αθήνας meet, and a no-break space separates words. (Plain
  // replace(): translate() over a Greek alphabet cost ten times the rest of the folding.)
  await sql`create function repox_search_normalize(value text) returns text
    language sql immutable parallel safe strict
    as $$ select replace(replace(public.repox_search_fold(value), 'ς', 'σ'), chr(160), ' ') $$`.execute(db);
  // Words are the runs between spaces and punctuation of the normalised text, the same rule for documents and queries,
  // so "foo-bar", "x@y.com" and "l'école" are searched by their parts. One expression, so PostgreSQL inlines it.
  await sql`create function repox_search_words(value text) returns text[]
    language sql immutable parallel safe strict
    as $$ select array_remove(regexp_split_to_array(public.repox_search_normalize(value), '[[:space:][:punct:]]+'), '') $$`.execute(db);
  // Every lexeme starts with its tenant's tag (the first 8 hex digits of the tenant id), so a word's posting list in
  // the GIN indexes holds one tenant's documents. A GIN key on tenant_id instead (btree_gin) made the index walk every
  // document of the tenant: 22 ms instead of 1 ms for a word of 11 000 documents among a million. Rows are still
  // filtered by tenant_id, so tags that happen to be equal only cost time.
  await sql`create function repox_search_tag(p_tenant_id uuid) returns text
    language sql immutable parallel safe strict
    as $$ select left(p_tenant_id::text, 8) $$`.execute(db);
  // The words as lexemes, tagged (no stemming, no positions): a query word matches a whole word or, with :*, a word's
  // start. One expression, so PostgreSQL inlines it.
  await sql`create function repox_search_vector(p_tenant_id uuid, value text) returns tsvector
    language sql immutable parallel safe strict
    as $$ select array_to_tsvector(array_remove(string_to_array(public.repox_search_tag(p_tenant_id)
      || regexp_replace(public.repox_search_normalize(value), '[[:space:][:punct:]]+', ' ' || public.repox_search_tag(p_tenant_id), 'g'),
      ' '), public.repox_search_tag(p_tenant_id))) $$`.execute(db);
  // A lexeme holds at most 2047 bytes, so runs of 500 characters or more (up to 2000 bytes of 4-byte characters, and the
  // tag) are dropped from property text. Only a text longer than 2000 bytes can hold one, so shorter texts skip the
  // regular expression. (Labels are at most 255 characters.)
  await sql`create function repox_search_cut_long_words(value text) returns text
    language sql immutable parallel safe strict
    as $$ select case when octet_length(value) > 2000 then regexp_replace(value, '[^[:space:][:punct:]]{500,}', ' ', 'g')
      else value end $$`.execute(db);
  // The searchable text of one stored property value; types without words (numbers, dates, JSON, references) have none.
  // Rich text loses its tags and entities; vocabulary terms are searched by their labels.
  await sql`create function repox_search_value_text(p_tenant_id uuid, p_type text, p_details text, p_value jsonb) returns text
    language sql stable parallel safe
    as $$ select case
      when p_type in ('text', 'text-area', 'url', 'enum') then p_value ->> 'values'
      when p_type = 'rich-text' then regexp_replace(regexp_replace(p_value ->> 'values', '<[^>]*>', ' ', 'g'),
        '&(#[0-9]+|#x[0-9a-f]+|[a-z][a-z0-9]*);', ' ', 'gi')
      when p_type = 'spatial-map' then p_value -> 'values' ->> 'placename'
      when p_type = 'multi-select' and jsonb_typeof(p_value -> 'values') = 'array' then
        (select string_agg(v, ' ') from jsonb_array_elements_text(p_value -> 'values') v)
      when p_type = 'vocabulary-flat' and jsonb_typeof(p_value -> 'values') = 'array'
          and p_details::jsonb ->> 'vocabularyId' ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' then
        (select string_agg(t.label, ' ' order by t.label) from public.vocabulary_terms t
          where t.tenant_id = p_tenant_id and t.vocabulary_id = (p_details::jsonb ->> 'vocabularyId')::uuid
            and t.term_id in (select jsonb_array_elements_text(p_value -> 'values')))
    end $$`.execute(db);
}

async function tables(db: Kysely<unknown>): Promise<void> {
  // Derived data, written only by the triggers below. No foreign keys: the triggers add and remove documents with their
  // objects, and a bulk insert of a million containers should not pay a key check per row. A label document is written
  // once with its object; the text document separately, when values are stored, so a new object with values is not
  // written twice (an update rewrites every index entry of the row).
  await sql`create table search_labels (
    tenant_id uuid not null,
    object_type text not null check (object_type in ('container', 'datastream')),
    object_id uuid not null,
    type_id integer not null,
    -- Not in the trash (deleted_at is null), as visible() says; every index below leaves trashed documents out.
    visible boolean not null,
    label_key text collate "C" not null,
    label_words tsvector not null generated always as (repox_search_vector(tenant_id, label_key)) stored,
    primary key (tenant_id, object_type, object_id)
  )`.execute(db);
  await sql`create table search_texts (
    tenant_id uuid not null,
    object_type text not null check (object_type in ('container', 'datastream')),
    object_id uuid not null,
    type_id integer not null,
    visible boolean not null,
    label_key text collate "C" not null,
    body text not null check (body <> ''),
    words tsvector not null generated always as (repox_search_vector(tenant_id, label_key || ' ' || body)) stored,
    primary key (tenant_id, object_type, object_id)
  )`.execute(db);
  // Labels equal to or starting with the query, in label order; the same per type for the reference picker.
  await sql`create index search_labels_by_label on search_labels (tenant_id, object_type, label_key, object_id)
    where visible`.execute(db);
  await sql`create index search_labels_by_type on search_labels (tenant_id, type_id, label_key, object_id)
    where visible`.execute(db);
  // Word matches; the tenant is in every lexeme (repox_search_tag). Kind and type are checked on the rows found: as GIN
  // keys they cost more to search than they save. PGlite runs no autovacuum, so the pending list of new entries, which
  // every search reads in full, is kept small (256 kB instead of 4 MB); without one (fastupdate = off) a bulk insert was
  // five times slower.
  await sql`create index search_labels_words on search_labels using gin (label_words)
    with (gin_pending_list_limit = 256) where visible`.execute(db);
  await sql`create index search_texts_words on search_texts using gin (words)
    with (gin_pending_list_limit = 256) where visible`.execute(db);

  // Every word that has occurred in a tenant's documents (numbers and very short or long words left out): typo
  // tolerance looks for known words similar to a query word here, a table far smaller than the documents, and word
  // starts are expanded to the known words they start. Words are never removed; a word no document holds any more only
  // costs one alternative that finds nothing.
  await sql`create table search_words (
    tenant_id uuid not null,
    -- Collation "C": a range on the key finds the words starting with a text.
    word text collate "C" not null,
    primary key (tenant_id, word)
  )`.execute(db);
  await sql`create index search_words_similar on search_words using gin (tenant_id, word gin_trgm_ops)
    with (gin_pending_list_limit = 256)`.execute(db);
}

/** Triggers of the content tables: label documents follow their objects. */
async function followObjects(db: Kysely<unknown>): Promise<void> {
  // Statement triggers with transition tables: an import of 10 000 containers is one insert here, not 10 000.
  await sql`create function search_labels_add() returns trigger language plpgsql as $$
    begin
      insert into public.search_labels (tenant_id, object_type, object_id, type_id, visible, label_key)
      select a.tenant_id, tg_argv[0], a.id, a.type_id, a.deleted_at is null, public.repox_search_normalize(a.label)
      from added_items a;
      return null;
    end $$`.execute(db);
  // Every update of an object comes here; only a new label or a move to or from the trash changes the documents.
  await sql`create function search_labels_follow() returns trigger language plpgsql as $$
    begin
      update public.search_labels d set label_key = public.repox_search_normalize(n.label), visible = n.deleted_at is null
      from changed_items n
      where d.tenant_id = n.tenant_id and d.object_type = tg_argv[0] and d.object_id = n.id
        and (d.label_key <> public.repox_search_normalize(n.label) or d.visible <> (n.deleted_at is null));
      update public.search_texts d set label_key = public.repox_search_normalize(n.label), visible = n.deleted_at is null
      from changed_items n
      where d.tenant_id = n.tenant_id and d.object_type = tg_argv[0] and d.object_id = n.id
        and (d.label_key <> public.repox_search_normalize(n.label) or d.visible <> (n.deleted_at is null));
      return null;
    end $$`.execute(db);
  await sql`create function search_labels_remove() returns trigger language plpgsql as $$
    begin
      delete from public.search_labels d using removed_items r
      where d.tenant_id = r.tenant_id and d.object_type = tg_argv[0] and d.object_id = r.id;
      delete from public.search_texts d using removed_items r
      where d.tenant_id = r.tenant_id and d.object_type = tg_argv[0] and d.object_id = r.id;
      return null;
    end $$`.execute(db);
  for (const [table, kind] of CONTENT_TABLES) {
    const on = sql.table(table);
    const name = (suffix: string) => sql.raw(`${table}_search_${suffix}`);
    const argument = sql.lit(kind);
    await sql`create trigger ${name("add")} after insert on ${on} referencing new table as added_items
      for each statement execute function search_labels_add(${argument})`.execute(db);
    await sql`create trigger ${name("follow")} after update on ${on} referencing new table as changed_items
      for each statement execute function search_labels_follow(${argument})`.execute(db);
    await sql`create trigger ${name("remove")} after delete on ${on} referencing old table as removed_items
      for each statement execute function search_labels_remove(${argument})`.execute(db);
  }
}

/** Triggers of property values and vocabulary terms: text documents follow the values. */
async function followValues(db: Kysely<unknown>): Promise<void> {
  // Recomputes the text documents of the given objects from their values, in one statement for any number of objects:
  // written when there is text, removed when there is none. Kind, type, trash state and label come from the label
  // document, which exists from the object's insert on.
  await sql`create function repox_search_refresh_texts(p_tenant_ids uuid[], p_object_types text[], p_object_ids uuid[])
    returns void language sql volatile
    as $$
      with bodies as (
        select c.tenant_id, c.object_type, c.object_id,
          public.repox_search_cut_long_words(left(coalesce(string_agg(
            public.repox_search_value_text(pv.tenant_id, p.property_type, p.property_details, pv.value), ' '
            order by pv.property_key, pv.position), ''), ${sql.raw(String(BODY_MAX_LENGTH))})) as body
        from unnest(p_tenant_ids, p_object_types, p_object_ids) as c(tenant_id, object_type, object_id)
        left join public.property_values pv
          on pv.tenant_id = c.tenant_id and pv.object_type = c.object_type and pv.object_id = c.object_id
        left join public.properties p on p.tenant_id = pv.tenant_id and p.property_key = pv.property_key
        group by c.tenant_id, c.object_type, c.object_id
      ), emptied as (
        delete from public.search_texts t using bodies b
        where t.tenant_id = b.tenant_id and t.object_type = b.object_type and t.object_id = b.object_id and btrim(b.body) = ''
      )
      insert into public.search_texts as t (tenant_id, object_type, object_id, type_id, visible, label_key, body)
      select b.tenant_id, b.object_type, b.object_id, l.type_id, l.visible, l.label_key, b.body
      from bodies b
      join public.search_labels l on l.tenant_id = b.tenant_id and l.object_type = b.object_type and l.object_id = b.object_id
      where btrim(b.body) <> ''
      on conflict (tenant_id, object_type, object_id) do update set body = excluded.body where t.body <> excluded.body
    $$`.execute(db);

  // Values are replaced by delete + insert; each statement refreshes the objects it touched.
  await sql`create function search_texts_follow_values() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform public.repox_search_refresh_texts(array_agg(c.tenant_id), array_agg(c.object_type), array_agg(c.object_id))
        from (select distinct tenant_id, object_type, object_id from new_values) c;
      elsif tg_op = 'DELETE' then
        perform public.repox_search_refresh_texts(array_agg(c.tenant_id), array_agg(c.object_type), array_agg(c.object_id))
        from (select distinct tenant_id, object_type, object_id from old_values) c;
      else
        perform public.repox_search_refresh_texts(array_agg(c.tenant_id), array_agg(c.object_type), array_agg(c.object_id))
        from (select tenant_id, object_type, object_id from old_values
          union select tenant_id, object_type, object_id from new_values) c;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger property_values_search_insert after insert on property_values referencing new table as new_values
    for each statement execute function search_texts_follow_values()`.execute(db);
  await sql`create trigger property_values_search_delete after delete on property_values referencing old table as old_values
    for each statement execute function search_texts_follow_values()`.execute(db);
  await sql`create trigger property_values_search_update after update on property_values
    referencing old table as old_values new table as new_values
    for each statement execute function search_texts_follow_values()`.execute(db);

  // A renamed vocabulary term changes the text of the objects holding it.
  await sql`create function search_texts_follow_terms() returns trigger language plpgsql as $$
    begin
      perform public.repox_search_refresh_texts(array_agg(c.tenant_id), array_agg(c.object_type), array_agg(c.object_id))
      from (
        select distinct pv.tenant_id, pv.object_type, pv.object_id
        from new_terms n
        join old_terms o on o.tenant_id = n.tenant_id and o.vocabulary_id = n.vocabulary_id and o.term_id = n.term_id
        join public.properties p on p.tenant_id = n.tenant_id and p.property_type = 'vocabulary-flat'
          -- Only vocabulary properties' details are read as JSON (case keeps the order).
          and case when p.property_type = 'vocabulary-flat' then p.property_details::jsonb ->> 'vocabularyId' end
            = n.vocabulary_id::text
        join public.property_values pv on pv.tenant_id = p.tenant_id and pv.property_key = p.property_key
          and pv.value -> 'values' ? n.term_id
        where o.label <> n.label
      ) c;
      return null;
    end $$`.execute(db);
  await sql`create trigger vocabulary_terms_search after update on vocabulary_terms
    referencing old table as old_terms new table as new_terms
    for each statement execute function search_texts_follow_terms()`.execute(db);
}

/** Triggers of the documents: their words join the tenant's word list. */
async function followWords(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of [
    ["search_labels", "label_words"],
    ["search_texts", "words"],
  ] as const) {
    const add = sql.raw(`${table}_add_words`);
    await sql`create function ${add}() returns trigger language plpgsql as $$
      begin
        insert into public.search_words (tenant_id, word)
        select distinct d.tenant_id, substr(w.lexeme, 9)
        from new_documents d cross join lateral unnest(tsvector_to_array(d.${sql.raw(column)})) as w(lexeme)
        where char_length(w.lexeme) between 8 + 3 and 8 + 50 and substr(w.lexeme, 9) !~ '[0-9]'
        -- In key order, so two writers adding the same new words wait for each other instead of deadlocking.
        order by 1, 2
        on conflict do nothing;
        return null;
      end $$`.execute(db);
    for (const event of ["insert", "update"]) {
      await sql`create trigger ${sql.raw(`${table}_words_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        referencing new table as new_documents for each statement execute function ${add}()`.execute(db);
    }
  }
}

/** Documents of the content that exists already (the migration's owner reads past row-level security). */
async function backfill(db: Kysely<unknown>): Promise<void> {
  for (const [table, kind] of CONTENT_TABLES) {
    await sql`insert into search_labels (tenant_id, object_type, object_id, type_id, visible, label_key)
      select tenant_id, ${sql.lit(kind)}, id, type_id, deleted_at is null, repox_search_normalize(label)
      from ${sql.table(table)}`.execute(db);
  }
  await sql`select repox_search_refresh_texts(array_agg(c.tenant_id), array_agg(c.object_type), array_agg(c.object_id))
    from (select distinct tenant_id, object_type, object_id from property_values) c`.execute(db);
}

/**
 * search_content(kind, query, type ids or null, labels only, limit): the ids of the best matches, best first, with the
 * step that found them. Each step runs only while fewer than `limit` have been found and skips what earlier steps found:
 *   1 label equal to the query, then labels starting with it (label order)
 *   2 every query word is a word of the label          3 ... or starts a word of the label
 *   4 every query word is a word of label or values    5 ... or starts one
 *   6 the same as 3 and 5 with known words similar to each query word (typos)
 * Steps 2-6 rank at most STEP_CANDIDATES candidates each: exact words first, then by trigram similarity of label and
 * query. A blank query lists labels in order (the reference picker without text); "labels only" skips steps 4 and 5
 * and the values half of step 6.
 *
 * "Starts a word" is asked as the known words starting with the query word (search_words, at most PREFIX_EXPANSIONS),
 * because a GIN prefix match (:*) gathers the postings of every matching word before it can intersect them: 22 ms for
 * two common words among a million documents, against 1 ms for the same words looked up whole. Words the list does not
 * keep (with digits, shorter than 3) and words with more continuations than that keep :*. When no known word extends
 * the query words, steps 3 and 5 would repeat 2 and 4 and are skipped.
 *
 * Row-level security would keep the indexes out of reach (a policy's condition runs before any condition that is not
 * leakproof, and @@ and % are not), so, as in decision 0002, the function runs as its owner and filters by the same
 * app.tenant_id the policy uses, in every statement. Only the app role may execute it.
 */
async function searchFunction(db: Kysely<unknown>): Promise<void> {
  const listed = "char_length(v_word) between 3 and 50 and v_word !~ '[0-9]'";
  await sql`create function search_content(p_kind text, p_query text, p_type_ids integer[], p_labels_only boolean, p_limit integer)
    returns table (found_id uuid, found_step integer)
    language plpgsql stable security definer set search_path = pg_catalog, public
    -- Each step reads a bounded number of rows through an index. Left to itself the planner may expect a frequent word
    -- to be met early in a sequential scan, which at a million documents can read most of the table.
    set enable_seqscan = off
    as $fn$
    declare
      v_tenant uuid := public.app_tenant_id();
      v_text text := public.repox_search_normalize(coalesce(p_query, ''));
      v_tag text := public.repox_search_tag(v_tenant);
      v_words text[];
      v_word text;
      v_ids uuid[] := '{}';
      v_steps integer[] := '{}';
      v_found uuid[];
      v_known text[];
      v_exact_groups text[] := '{}';
      v_prefix_groups text[] := '{}';
      v_fuzzy_groups text[] := '{}';
      v_alternatives text;
      v_corrected boolean := false;
      v_exact tsquery;
      v_prefix tsquery;
      v_fuzzy tsquery;
      v_step record;
    begin
      if v_tenant is null or p_limit is null or p_limit < 1 then
        return;
      end if;

      -- 1: the label equals the query or starts with it; an index range in label order (the exact label sorts first).
      if p_type_ids is null then
        select coalesce(array_agg(m.object_id), '{}') into v_found from (
          select d.object_id from public.search_labels d
          where d.tenant_id = v_tenant and d.object_type = p_kind and d.visible
            and d.label_key >= v_text collate "C" and d.label_key < (v_text || chr(1114111)) collate "C"
          order by d.label_key, d.object_id limit p_limit) m;
      else
        select coalesce(array_agg(m.object_id), '{}') into v_found from (
          select d.object_id from unnest(p_type_ids) as t(type_id)
          cross join lateral (
            select s.object_id, s.label_key from public.search_labels s
            where s.tenant_id = v_tenant and s.type_id = t.type_id and s.visible and s.object_type = p_kind
              and s.label_key >= v_text collate "C" and s.label_key < (v_text || chr(1114111)) collate "C"
            order by s.label_key, s.object_id limit p_limit) d
          order by d.label_key, d.object_id limit p_limit) m;
      end if;
      v_ids := v_found;
      v_steps := array_fill(1, array[cardinality(v_found)]);

      v_words := public.repox_search_words(v_text);
      if cardinality(v_words) = 0 or cardinality(v_ids) >= p_limit then
        return query select u.id, u.step from unnest(v_ids, v_steps) with ordinality as u(id, step, n) order by u.n;
        return;
      end if;
      foreach v_word in array v_words loop
        v_exact_groups := v_exact_groups || quote_literal(v_tag || v_word);
        v_known := null;
        if ${sql.raw(listed)} then
          select array_agg(k.word) into v_known from (
            select w.word from public.search_words w
            where w.tenant_id = v_tenant and w.word >= v_word collate "C" and w.word < (v_word || chr(1114111)) collate "C"
            order by w.word limit ${sql.raw(String(PREFIX_EXPANSIONS + 1))}) k;
        end if;
        v_prefix_groups := v_prefix_groups || case
          when not (${sql.raw(listed)}) or cardinality(v_known) > ${sql.raw(String(PREFIX_EXPANSIONS))} then quote_literal(v_tag || v_word) || ':*'
          when v_known is null or v_known = array[v_word] then quote_literal(v_tag || v_word)
          else '(' || array_to_string(array(select quote_literal(v_tag || k) from unnest(v_known) k), ' | ') || ')'
        end;
      end loop;
      v_exact := array_to_string(v_exact_groups, ' & ')::tsquery;
      v_prefix := array_to_string(v_prefix_groups, ' & ')::tsquery;

      for v_step in select * from (values (2, 'search_labels', 'label_words', 'exact'), (3, 'search_labels', 'label_words', 'prefix'),
          (4, 'search_texts', 'words', 'exact'), (5, 'search_texts', 'words', 'prefix'), (6, 'search_labels', 'label_words', 'fuzzy'),
          (6, 'search_texts', 'words', 'fuzzy')) as s(step, table_name, column_name, kind) loop
        exit when cardinality(v_ids) >= p_limit;
        continue when p_labels_only and v_step.table_name = 'search_texts';
        continue when v_step.kind = 'prefix' and v_prefix_groups = v_exact_groups;
        if v_step.kind = 'fuzzy' and v_fuzzy is null then
          -- Typo tolerance, worked out once and only when needed: each query word (or a word it starts), or a known word
          -- similar to it.
          for i in 1 .. cardinality(v_words) loop
            v_word := v_words[i];
            v_alternatives := null;
            if i <= ${sql.raw(String(CORRECTED_WORDS))} and ${sql.raw(listed)} then
              select string_agg(quote_literal(v_tag || s.word), ' | ') into v_alternatives from (
                select w.word from public.search_words w
                where w.tenant_id = v_tenant and w.word % v_word and w.word <> v_word
                order by similarity(w.word, v_word) desc, w.word limit ${sql.raw(String(ALTERNATIVES_PER_WORD))}) s;
            end if;
            v_corrected := v_corrected or v_alternatives is not null;
            v_fuzzy_groups := v_fuzzy_groups || case when v_alternatives is null then v_prefix_groups[i]
              else '(' || v_prefix_groups[i] || ' | ' || v_alternatives || ')' end;
          end loop;
          exit when not v_corrected;
          v_fuzzy := array_to_string(v_fuzzy_groups, ' & ')::tsquery;
        end if;
        -- A bounded read of one word index, then its candidates ranked.
        execute format('select coalesce(array_agg(r.object_id order by r.rank), ''{}'') from (
            select c.object_id, row_number() over (order by (c.matched @@ $4) desc, similarity($5, c.label_key) desc,
              c.label_key, c.object_id) as rank
            from (select d.object_id, d.label_key, d.%2$I as matched from public.%1$I d
              where d.tenant_id = $1 and d.%2$I @@ $3 and d.visible and d.object_type = $2 and d.object_id <> all($6) %3$s
              limit ${sql.raw(String(STEP_CANDIDATES))}) c) r
          where r.rank <= $7', v_step.table_name, v_step.column_name,
          case when p_type_ids is null then '' else 'and d.type_id = any($8)' end)
          into v_found
          using v_tenant, p_kind,
            case v_step.kind when 'exact' then v_exact when 'prefix' then v_prefix else v_fuzzy end,
            v_exact, v_text, v_ids, p_limit - cardinality(v_ids), p_type_ids;
        v_ids := v_ids || v_found;
        v_steps := v_steps || array_fill(v_step.step, array[cardinality(v_found)]);
      end loop;

      return query select u.id, u.step from unnest(v_ids, v_steps) with ordinality as u(id, step, n) order by u.n;
    end $fn$`.execute(db);
  await sql`revoke all on function search_content(text, text, integer[], boolean, integer) from public`.execute(db);
  await sql`grant execute on function search_content(text, text, integer[], boolean, integer) to ${sql.raw(APP_ROLE)}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await textFunctions(db);
  await tables(db);
  await followObjects(db);
  await followValues(db);
  await followWords(db);
  await backfill(db);
  for (const table of ["search_labels", "search_texts", "search_words"]) {
    await protectTenantTable(db, table);
  }
  await searchFunction(db);
}
