// What the content model needs from areas built elsewhere. They are injected (see services.ts) so this module
// never reads another area's tables, and every call runs inside the caller's transaction: PGlite has one
// connection, so a second transaction opened meanwhile would wait forever.
import type { ContentModelFileVocabulary, PropertyUsages } from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import type { TypeKind } from "./shared.ts";

export type VocabularyImportOutcome = { outcome: "created" | "skipped"; uuid: string } | { outcome: "refused"; reason: string };

/** Implemented by the vocabularies area. */
export type VocabularyPort = {
  /** Whether the transaction's tenant has a vocabulary with this uuid (vocabulary-flat details name one). */
  exists(trx: Trx, uuid: string): Promise<boolean>;
  /** Every vocabulary with all its terms, for the content-model export. */
  exportAll(trx: Trx): Promise<ContentModelFileVocabulary[]>;
  /**
   * Loads one vocabulary of an import file into the tenant: "skipped" when an identical one is there already,
   * "refused" with a reason when a different one holds its place. Answers the uuid it has in this tenant, which
   * replaces the file's uuid in vocabulary-flat properties.
   */
  importOne(trx: Trx, tenantId: string, vocabulary: ContentModelFileVocabulary): Promise<VocabularyImportOutcome>;
};

/** Implemented by the content area (containers and datastreams). */
export type ContentUsagePort = {
  /** Containers and datastreams holding a value of the property. */
  propertyUsages(trx: Trx, propertyKey: string): Promise<PropertyUsages>;
  /** How many containers (or datastreams) are of the type, and how many of those are in the trash. */
  typeUsage(trx: Trx, kind: TypeKind, typeId: number): Promise<TypeUsage>;
};

export type TypeUsage = { items: number; trashed: number };

export type ContentModelDeps = { vocabularies: VocabularyPort; content: ContentUsagePort };
