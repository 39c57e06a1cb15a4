// What the content area asks of vocabularies while it validates vocabulary-flat property values, in its transaction.
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import * as repo from "./repository.ts";

export type VocabularyTermsPort = {
  /** The ids among `termIds` that are not terms of the vocabulary, in the order given. */
  missingTermIds(trx: Trx, vocabularyId: string, termIds: readonly string[]): Promise<string[]>;
};

export const vocabularyTermsPort: VocabularyTermsPort = {
  async missingTermIds(trx, vocabularyId, termIds) {
    const found = new Set(await repo.findExistingTermIds(trx, vocabularyId, termIds));
    return termIds.filter((termId) => !found.has(termId));
  },
};
