// The content-model usage rows of a vocabulary: the properties drawing on it and the types carrying them, sorted by
// label (spec 2 §9). Its content usages have the shape of a property's.
import type { VocabularyContentModelUsages } from "@repox/contracts";
import { byLabel, contentModelUsageRows, type UsageRow } from "../content-model/shared/usage-rows.ts";

export function vocabularyContentModelRows(usages: VocabularyContentModelUsages): UsageRow[] {
  const properties = usages.properties.map((property) => ({
    id: `p:${property.propertyKey}`,
    label: property.displayName,
    kind: "property" as const,
    code: property.propertyKey,
  }));
  return [...properties, ...contentModelUsageRows(usages)].sort(byLabel);
}
