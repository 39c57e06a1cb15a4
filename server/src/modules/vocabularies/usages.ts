// Where a vocabulary is used. Properties live in the content-model area and property values in the content area, so
// the vocabularies service asks through this seam instead of reading their tables; services.ts wires it.
import type { VocabularyContentModelUsages, VocabularyUsages } from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export type VocabularyUsageLookup = {
  /** vocabulary-flat properties whose details name the vocabulary, and the container and datastream types using them. */
  contentModel(trx: Trx, vocabularyId: string): Promise<VocabularyContentModelUsages>;
  /** Containers and datastreams holding values of such properties. */
  content(trx: Trx, vocabularyId: string): Promise<VocabularyUsages>;
};
