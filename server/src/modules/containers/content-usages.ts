// What the content model and vocabularies ask of the content area: which containers and datastreams hold values of a
// property, or of the vocabulary-flat properties drawing on a vocabulary, and how many are of a type. Each runs in
// the caller's transaction.
import type { PropertyUsages } from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import type { ContentUsagePort } from "../content-model/ports.ts";
import type { ContentModelService } from "../content-model/service.ts";
import type { VocabularyUsageLookup } from "../vocabularies/usages.ts";
import * as repo from "./usages.repository.ts";

async function usagesOf(trx: Trx, propertyKeys: readonly string[]): Promise<PropertyUsages> {
  const item = (row: { id: string; label: string }) => ({ uuid: row.id, label: row.label });
  return {
    containers: (await repo.containersHolding(trx, propertyKeys)).map(item),
    datastreams: (await repo.datastreamsHolding(trx, propertyKeys)).map(item),
  };
}

export const contentUsagePort: ContentUsagePort = {
  propertyUsages: (trx, propertyKey) => usagesOf(trx, [propertyKey]),
  typeUsage: (trx, kind, typeId) => repo.countOfType(trx, kind, typeId),
};

/** The vocabularies area's content lookup; the properties come from the content model. */
export function vocabularyContentUsages(contentModel: Pick<ContentModelService, "vocabularyUsages">): VocabularyUsageLookup["content"] {
  return async (trx, vocabularyId) => {
    const { properties } = await contentModel.vocabularyUsages(trx, vocabularyId);
    return usagesOf(
      trx,
      properties.map((property) => property.propertyKey),
    );
  };
}
