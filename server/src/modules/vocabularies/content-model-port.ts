// What the content-model area asks of vocabularies (its VocabularyPort): whether one exists, every vocabulary with its
// terms for content-model.json, and loading one vocabulary of such a file. Each runs in the caller's transaction.
import { type ContentModelFileVocabulary, termErrors, VocabularyBody } from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import * as repo from "./repository.ts";

type ImportOutcome = { outcome: "created" | "skipped"; uuid: string } | { outcome: "refused"; reason: string };
type FileTerm = ContentModelFileVocabulary["terms"][number];

const termKey = (term: { termId: string; label: string; termUri: string }) => JSON.stringify([term.termId, term.label, term.termUri]);

async function fileVocabularyOf(trx: Trx, row: repo.VocabularyRow): Promise<ContentModelFileVocabulary> {
  const terms = await repo.listAllTerms(trx, row.id);
  return {
    uuid: row.id,
    name: row.name,
    description: row.description,
    vocUri: row.voc_uri,
    terms: terms.map((term) => ({ termId: term.term_id, label: term.label, termUri: term.term_uri })),
  };
}

function isSame(existing: ContentModelFileVocabulary, incoming: ContentModelFileVocabulary): boolean {
  if (existing.description !== incoming.description.trim() || existing.vocUri !== incoming.vocUri.trim()) return false;
  if (existing.terms.length !== incoming.terms.length) return false;
  const held = new Set(existing.terms.map(termKey));
  return incoming.terms.every((term) =>
    held.has(termKey({ termId: term.termId.trim(), label: term.label.trim(), termUri: term.termUri.trim() })),
  );
}

/** The first problem among the file's terms, named after the term, or null when all may be saved. */
function firstTermProblem(terms: readonly FileTerm[]): string | null {
  const seen = new Set<string>();
  for (const [index, term] of terms.entries()) {
    const problems = termErrors(term);
    if (problems.length > 0) return `term ${index + 1} ('${term.termId.slice(0, 100)}'): ${problems.join("; ")}`;
    const termId = term.termId.trim();
    if (seen.has(termId)) return `termId '${termId}' appears more than once`;
    seen.add(termId);
  }
  return null;
}

export const vocabularyPort = {
  exists: (trx: Trx, uuid: string): Promise<boolean> => repo.vocabularyExists(trx, uuid),

  async exportAll(trx: Trx): Promise<ContentModelFileVocabulary[]> {
    const rows = await repo.listAllVocabularies(trx);
    const vocabularies: ContentModelFileVocabulary[] = [];
    for (const row of rows) vocabularies.push(await fileVocabularyOf(trx, row));
    return vocabularies;
  },

  /** Same name and same content: skipped; same name, other content: refused; otherwise created with its terms. */
  async importOne(trx: Trx, tenantId: string, vocabulary: ContentModelFileVocabulary): Promise<ImportOutcome> {
    const fields = VocabularyBody.safeParse(vocabulary);
    if (!fields.success) {
      const issue = fields.error.issues[0];
      return { outcome: "refused", reason: `${issue?.path.join(".") ?? "vocabulary"} ${issue?.message ?? "is not valid"}` };
    }
    const clash = await repo.findVocabularyIdByName(trx, fields.data.name);
    if (clash !== undefined) {
      const existing = await repo.getVocabulary(trx, clash);
      if (existing && isSame(await fileVocabularyOf(trx, existing), vocabulary)) return { outcome: "skipped", uuid: clash };
      return { outcome: "refused", reason: `A different vocabulary named '${fields.data.name}' already exists` };
    }
    const problem = firstTermProblem(vocabulary.terms);
    if (problem) return { outcome: "refused", reason: `The vocabulary's ${problem}` };
    const uuid = await repo.insertVocabulary(trx, {
      tenant_id: tenantId,
      name: fields.data.name,
      description: fields.data.description,
      voc_uri: fields.data.vocUri,
    });
    await repo.insertNewTerms(
      trx,
      vocabulary.terms.map((term) => ({
        tenant_id: tenantId,
        vocabulary_id: uuid,
        term_id: term.termId.trim(),
        label: term.label.trim(),
        term_uri: term.termUri.trim(),
      })),
    );
    return { outcome: "created", uuid };
  },
};
