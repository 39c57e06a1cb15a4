// SQL for vocabularies and their terms. Every function runs inside a tenant transaction (row-level security).
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export type VocabularyRow = {
  id: string;
  name: string;
  description: string;
  voc_uri: string;
  term_count: number;
};

export type TermRow = { term_id: string; label: string; term_uri: string };

type Paging = { offset: number; limit: number; search?: string | undefined };

const termColumns = ["t.term_id", "t.label", "t.term_uri"] as const;

/** A LIKE pattern matching `search` anywhere, folded the way the stored search text is (lower case, no accents). */
function containsFolded(search: string) {
  const escaped = search.replace(/[\\%_]/g, "\\$&");
  return sql<string>`'%' || repox_search_fold(${escaped}) || '%'`;
}

function vocabularyNameMatches(search: string) {
  return sql<boolean>`repox_search_fold(v.name) like ${containsFolded(search)}`;
}

/** The terms matching a search, through the function that lets the trigram index serve it (see migration 0004). */
function termMatches(vocabularyId: string, search: string) {
  return sql<TermRow>`vocabulary_term_matches(${vocabularyId}, ${containsFolded(search)})`;
}

export async function countVocabularies(trx: Trx, search: string | undefined): Promise<number> {
  const { count } = await trx
    .selectFrom("vocabularies as v")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .$if(!!search, (q) => q.where(vocabularyNameMatches(search ?? "")))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export function listVocabularies(trx: Trx, page: Paging): Promise<VocabularyRow[]> {
  return trx
    .selectFrom("vocabularies as v")
    .select(["v.id", "v.name", "v.description", "v.voc_uri", "v.term_count"])
    .$if(!!page.search, (q) => q.where(vocabularyNameMatches(page.search ?? "")))
    .orderBy(sql`lower(v.name)`)
    .orderBy("v.id")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export function getVocabulary(trx: Trx, id: string): Promise<VocabularyRow | undefined> {
  return trx
    .selectFrom("vocabularies as v")
    .select(["v.id", "v.name", "v.description", "v.voc_uri", "v.term_count"])
    .where("v.id", "=", id)
    .executeTakeFirst();
}

/** Every vocabulary of the tenant, by name (content-model export). */
export function listAllVocabularies(trx: Trx): Promise<VocabularyRow[]> {
  return trx
    .selectFrom("vocabularies as v")
    .select(["v.id", "v.name", "v.description", "v.voc_uri", "v.term_count"])
    .orderBy(sql`lower(v.name)`)
    .orderBy("v.id")
    .execute();
}

/** Every term of a vocabulary in list order (content-model export and import compare whole vocabularies). */
export function listAllTerms(trx: Trx, vocabularyId: string): Promise<TermRow[]> {
  return trx
    .selectFrom("vocabulary_terms as t")
    .select(termColumns)
    .where("t.vocabulary_id", "=", vocabularyId)
    .orderBy(sql`lower(t.label)`)
    .orderBy("t.term_id")
    .execute();
}

export async function vocabularyExists(trx: Trx, id: string): Promise<boolean> {
  return (await trx.selectFrom("vocabularies").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

export async function findVocabularyIdByName(trx: Trx, name: string): Promise<string | undefined> {
  const row = await trx.selectFrom("vocabularies").select("id").where(sql`lower(name)`, "=", name.toLowerCase()).executeTakeFirst();
  return row?.id;
}

export async function insertVocabulary(
  trx: Trx,
  vocabulary: { tenant_id: string; name: string; description: string; voc_uri: string },
): Promise<string> {
  const { id } = await trx.insertInto("vocabularies").values(vocabulary).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateVocabulary(
  trx: Trx,
  id: string,
  changes: { name: string; description: string; voc_uri: string },
): Promise<boolean> {
  const result = await trx
    .updateTable("vocabularies")
    .set({ ...changes, modified_at: new Date() })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteVocabulary(trx: Trx, id: string): Promise<boolean> {
  const result = await trx.deleteFrom("vocabularies").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function countTerms(trx: Trx, vocabularyId: string, search: string | undefined): Promise<number> {
  if (search) {
    const { rows } = await sql<{ count: number }>`select count(*)::int as count from ${termMatches(vocabularyId, search)} t`.execute(trx);
    return rows[0]?.count ?? 0;
  }
  const row = await trx.selectFrom("vocabularies").select("term_count").where("id", "=", vocabularyId).executeTakeFirst();
  return row?.term_count ?? 0;
}

export async function listTerms(trx: Trx, vocabularyId: string, page: Paging): Promise<TermRow[]> {
  if (page.search) {
    const { rows } = await sql<TermRow>`select t.term_id, t.label, t.term_uri from ${termMatches(vocabularyId, page.search)} t
      order by lower(t.label), t.term_id offset ${page.offset} limit ${page.limit}`.execute(trx);
    return rows;
  }
  return trx
    .selectFrom("vocabulary_terms as t")
    .select(termColumns)
    .where("t.vocabulary_id", "=", vocabularyId)
    .orderBy(sql`lower(t.label)`)
    .orderBy("t.term_id")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** Terms in list order after `after` (keyset paging, for exports that walk every term in short transactions). */
export function listTermsAfter(trx: Trx, vocabularyId: string, after: TermRow | null, limit: number): Promise<TermRow[]> {
  return trx
    .selectFrom("vocabulary_terms as t")
    .select(termColumns)
    .where("t.vocabulary_id", "=", vocabularyId)
    .$if(after !== null, (q) => q.where(sql<boolean>`(lower(t.label), t.term_id) > (lower(${after?.label}), ${after?.term_id})`))
    .orderBy(sql`lower(t.label)`)
    .orderBy("t.term_id")
    .limit(limit)
    .execute();
}

export function getTerm(trx: Trx, vocabularyId: string, termId: string): Promise<TermRow | undefined> {
  return trx
    .selectFrom("vocabulary_terms as t")
    .select(termColumns)
    .where("t.vocabulary_id", "=", vocabularyId)
    .where("t.term_id", "=", termId)
    .executeTakeFirst();
}

export type NewTerm = { tenant_id: string; vocabulary_id: string; term_id: string; label: string; term_uri: string };

export async function insertTerm(trx: Trx, term: NewTerm): Promise<void> {
  await trx.insertInto("vocabulary_terms").values(term).execute();
}

/** Rows per insert statement: 5 parameters each, far below PostgreSQL's limit of 65 535. */
const INSERT_CHUNK = 1000;

/** Inserts what is not there yet; answers the term ids it inserted (a concurrent import may have taken some). */
export async function insertNewTerms(trx: Trx, terms: readonly NewTerm[]): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (let start = 0; start < terms.length; start += INSERT_CHUNK) {
    const rows = await trx
      .insertInto("vocabulary_terms")
      .values(terms.slice(start, start + INSERT_CHUNK))
      .onConflict((oc) => oc.columns(["tenant_id", "vocabulary_id", "term_id"]).doNothing())
      .returning("term_id")
      .execute();
    for (const row of rows) inserted.add(row.term_id);
  }
  return inserted;
}

export async function updateTerm(
  trx: Trx,
  vocabularyId: string,
  termId: string,
  changes: { label: string; term_uri: string },
): Promise<boolean> {
  const result = await trx
    .updateTable("vocabulary_terms")
    .set({ ...changes, modified_at: new Date() })
    .where("vocabulary_id", "=", vocabularyId)
    .where("term_id", "=", termId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteTerm(trx: Trx, vocabularyId: string, termId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom("vocabulary_terms")
    .where("vocabulary_id", "=", vocabularyId)
    .where("term_id", "=", termId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function findExistingTermIds(trx: Trx, vocabularyId: string, termIds: readonly string[]): Promise<string[]> {
  if (termIds.length === 0) return [];
  const rows = await trx
    .selectFrom("vocabulary_terms")
    .select("term_id")
    .where("vocabulary_id", "=", vocabularyId)
    .where(sql<boolean>`term_id = any(${sql.val([...termIds])}::text[])`)
    .execute();
  return rows.map((row) => row.term_id);
}

/** The labels of the given terms, keyed `vocabulary id + "\n" + term id` (OAI records and IIIF manifests show values as text). */
export async function termLabels(trx: Trx, terms: readonly { vocabularyId: string; termId: string }[]): Promise<Map<string, string>> {
  if (terms.length === 0) return new Map();
  const rows = await trx
    .selectFrom("vocabulary_terms")
    .select(["vocabulary_id", "term_id", "label"])
    .where((eb) => eb.or(terms.map((t) => eb.and([eb("vocabulary_id", "=", t.vocabularyId), eb("term_id", "=", t.termId)]))))
    .execute();
  return new Map(rows.map((row) => [`${row.vocabulary_id}\n${row.term_id}`, row.label]));
}
