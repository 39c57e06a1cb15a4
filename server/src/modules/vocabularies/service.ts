// Controlled vocabularies and their terms: the rules, the transactions, term export and the two-stage term import.
import type { Readable } from "node:stream";
import {
  type Page,
  type Term,
  type TermCreateBody,
  type TermFileRows,
  type TermImportBody,
  type TermImportResult,
  type TermListQuery,
  type TermUpdateBody,
  toPage,
  type Vocabulary,
  type VocabularyBody,
  type VocabularyContentModelUsages,
  type VocabularyListQuery,
  type VocabularyUsages,
} from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { Conflict, NotFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import * as repo from "./repository.ts";
import { exportFileName, termsWorkbook } from "./term-export.ts";
import { readTermFile, type TermUpload } from "./term-file-reader.ts";
import { checkFileRows, listedErrors, planImport } from "./term-rows.ts";
import type { VocabularyUsageLookup } from "./usages.ts";

/** Terms per transaction while an export streams. */
const EXPORT_PAGE = 2000;

function toVocabulary(row: repo.VocabularyRow): Vocabulary {
  return { uuid: row.id, name: row.name, description: row.description, vocUri: row.voc_uri, termCount: row.term_count };
}

function toTerm(row: repo.TermRow): Term {
  return { termId: row.term_id, label: row.label, termUri: row.term_uri };
}

function offsetOf({ page, size }: { page: number; size: number }) {
  return { offset: page * size, limit: size };
}

async function requireVocabulary(trx: Trx, id: string): Promise<repo.VocabularyRow> {
  const vocabulary = await repo.getVocabulary(trx, id);
  if (!vocabulary) throw new NotFound(`Vocabulary ${id} not found`);
  return vocabulary;
}

async function assertNameFree(trx: Trx, name: string, exceptId?: string) {
  const clash = await repo.findVocabularyIdByName(trx, name);
  if (clash !== undefined && clash !== exceptId) throw new Conflict(`A vocabulary named '${name}' already exists`);
}

function describeUsers({ properties }: VocabularyContentModelUsages): string {
  const names = properties.slice(0, 5).map((p) => `${p.displayName} (${p.propertyKey})`);
  const more = properties.length > 5 ? ` and ${properties.length - 5} more` : "";
  return `${names.join(", ")}${more}`;
}

async function existingTermIds(trx: Trx, vocabularyId: string, termIds: readonly string[]): Promise<Set<string>> {
  return new Set(await repo.findExistingTermIds(trx, vocabularyId, [...new Set(termIds.filter(Boolean))]));
}

type Deps = {
  usages: VocabularyUsageLookup;
  /** Refreshes the planner statistics of vocabulary_terms after a bulk import (outside any tenant transaction). */
  afterBulkImport: () => Promise<void>;
};

export function createVocabulariesService({ usages, afterBulkImport }: Deps) {
  return {
    async list(ctx: RequestContext, query: VocabularyListQuery): Promise<Page<Vocabulary>> {
      return ctx.db.transaction(async (trx) => {
        const [rows, total] = await Promise.all([
          repo.listVocabularies(trx, { ...offsetOf(query), search: query.q }),
          repo.countVocabularies(trx, query.q),
        ]);
        return toPage(rows.map(toVocabulary), total, query);
      });
    },

    async get(ctx: RequestContext, id: string): Promise<Vocabulary> {
      return ctx.db.transaction(async (trx) => toVocabulary(await requireVocabulary(trx, id)));
    },

    async create(ctx: RequestContext, body: VocabularyBody): Promise<Vocabulary> {
      return ctx.db.transaction(async (trx) => {
        await assertNameFree(trx, body.name);
        const id = await repo.insertVocabulary(trx, {
          tenant_id: ctx.tenant.id,
          name: body.name,
          description: body.description,
          voc_uri: body.vocUri,
        });
        return toVocabulary(await requireVocabulary(trx, id));
      });
    },

    async update(ctx: RequestContext, id: string, body: VocabularyBody): Promise<Vocabulary> {
      return ctx.db.transaction(async (trx) => {
        await requireVocabulary(trx, id);
        await assertNameFree(trx, body.name, id);
        await repo.updateVocabulary(trx, id, { name: body.name, description: body.description, voc_uri: body.vocUri });
        return toVocabulary(await requireVocabulary(trx, id));
      });
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      await ctx.db.transaction(async (trx) => {
        const vocabulary = await requireVocabulary(trx, id);
        const used = await usages.contentModel(trx, id);
        if (used.properties.length > 0) {
          throw new Conflict(`The vocabulary '${vocabulary.name}' is used by the properties ${describeUsers(used)} and cannot be deleted`);
        }
        await repo.deleteVocabulary(trx, id);
      });
    },

    async usages(ctx: RequestContext, id: string): Promise<VocabularyUsages> {
      return ctx.db.transaction(async (trx) => {
        await requireVocabulary(trx, id);
        return usages.content(trx, id);
      });
    },

    async contentModelUsages(ctx: RequestContext, id: string): Promise<VocabularyContentModelUsages> {
      return ctx.db.transaction(async (trx) => {
        await requireVocabulary(trx, id);
        return usages.contentModel(trx, id);
      });
    },

    async listTerms(ctx: RequestContext, id: string, query: TermListQuery): Promise<Page<Term>> {
      return ctx.db.transaction(async (trx) => {
        await requireVocabulary(trx, id);
        const [rows, total] = await Promise.all([
          repo.listTerms(trx, id, { ...offsetOf(query), search: query.q }),
          repo.countTerms(trx, id, query.q),
        ]);
        return toPage(rows.map(toTerm), total, query);
      });
    },

    async createTerm(ctx: RequestContext, id: string, body: TermCreateBody): Promise<Term> {
      return ctx.db.transaction(async (trx) => {
        await requireVocabulary(trx, id);
        if (await repo.getTerm(trx, id, body.termId))
          throw new Conflict(`A term with termId '${body.termId}' already exists in this vocabulary`);
        await repo.insertTerm(trx, {
          tenant_id: ctx.tenant.id,
          vocabulary_id: id,
          term_id: body.termId,
          label: body.label,
          term_uri: body.termUri,
        });
        return { termId: body.termId, label: body.label, termUri: body.termUri };
      });
    },

    /** One term as the list shows it (the PUT's read-back compares with it). */
    async getTerm(ctx: RequestContext, id: string, termId: string): Promise<Term> {
      return ctx.db.transaction(async (trx) => {
        await requireVocabulary(trx, id);
        const row = await repo.getTerm(trx, id, termId);
        if (!row) throw new NotFound(`Term '${termId}' not found in this vocabulary`);
        return toTerm(row);
      });
    },

    async updateTerm(ctx: RequestContext, id: string, termId: string, body: TermUpdateBody): Promise<Term> {
      return ctx.db.transaction(async (trx) => {
        await requireVocabulary(trx, id);
        if (!(await repo.updateTerm(trx, id, termId, { label: body.label, term_uri: body.termUri }))) {
          throw new NotFound(`Term '${termId}' not found in this vocabulary`);
        }
        return { termId, label: body.label, termUri: body.termUri };
      });
    },

    async deleteTerm(ctx: RequestContext, id: string, termId: string): Promise<void> {
      await ctx.db.transaction(async (trx) => {
        await requireVocabulary(trx, id);
        if (!(await repo.deleteTerm(trx, id, termId))) throw new NotFound(`Term '${termId}' not found in this vocabulary`);
      });
    },

    /** The xlsx of every term, in list order, read in short transactions while it streams out. */
    async exportTerms(ctx: RequestContext, id: string): Promise<{ fileName: string; content: Readable }> {
      const vocabulary = await ctx.db.transaction((trx) => requireVocabulary(trx, id));
      async function* pages(): AsyncGenerator<Term[]> {
        let after: repo.TermRow | null = null;
        for (;;) {
          const from = after;
          const rows: repo.TermRow[] = await ctx.db.transaction((trx) => repo.listTermsAfter(trx, id, from, EXPORT_PAGE));
          if (rows.length === 0) return;
          yield rows.map(toTerm);
          after = rows[rows.length - 1] ?? null;
        }
      }
      return { fileName: exportFileName(vocabulary.name), content: termsWorkbook(pages()) };
    },

    /** Stage one: the file's rows, each valid or not with its reasons. Nothing is saved. */
    async loadTermFile(ctx: RequestContext, id: string, upload: TermUpload): Promise<TermFileRows> {
      await ctx.db.transaction((trx) => requireVocabulary(trx, id));
      // The file is read outside any transaction: with embedded PGlite a transaction holds the one connection.
      const rows = await readTermFile(upload);
      const existing = await ctx.db.transaction((trx) =>
        existingTermIds(
          trx,
          id,
          rows.map((row) => row.data.termId.trim()),
        ),
      );
      return { rows: checkFileRows(rows, existing) };
    },

    /** Stage two: saves every valid term in one transaction; the others are reported, row by row. */
    async importTerms(ctx: RequestContext, id: string, body: TermImportBody): Promise<TermImportResult> {
      const result = await ctx.db.transaction(async (trx) => {
        await requireVocabulary(trx, id);
        const existing = await existingTermIds(
          trx,
          id,
          body.data.map((item) => (item.termId ?? "").trim()),
        );
        const { accepted, errors } = planImport(body.data, existing);
        const inserted = await repo.insertNewTerms(
          trx,
          accepted.map((term) => ({
            tenant_id: ctx.tenant.id,
            vocabulary_id: id,
            term_id: term.termId,
            label: term.label,
            term_uri: term.termUri,
          })),
        );
        // Another import may have added the same term id since we looked.
        for (const term of accepted) {
          if (!inserted.has(term.termId)) errors.push(`Term '${term.termId}' was not imported: termId already exists in this vocabulary`);
        }
        return { valid: errors.length === 0, imported: inserted.size, errors: listedErrors(errors) };
      });
      if (result.imported > 0) await afterBulkImport();
      return result;
    },
  };
}

export type VocabulariesService = ReturnType<typeof createVocabulariesService>;
