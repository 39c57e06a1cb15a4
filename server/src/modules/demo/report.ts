// What a demo seed did, as the CLI prints it and the first start logs it.
import type { DemoItem, DemoSeedReport } from "./service.ts";

/** Singular and plural names, in the order the seed makes them. */
const KIND_NAMES: Record<DemoItem["kind"], readonly [string, string]> = {
  namespace: ["namespace", "namespaces"],
  qualifier: ["qualifier", "qualifiers"],
  propertyGroup: ["property group", "property groups"],
  vocabulary: ["vocabulary", "vocabularies"],
  property: ["property", "properties"],
  datastreamType: ["datastream type", "datastream types"],
  containerType: ["container type", "container types"],
  tag: ["tag", "tags"],
};

const KINDS = Object.keys(KIND_NAMES) as DemoItem["kind"][];

/** "namespace 'dc'; properties 'title', 'notes'; tag 'Featured'". */
function listByKind(items: readonly DemoItem[]): string {
  return KINDS.flatMap((kind) => {
    const codes = items.filter((item) => item.kind === kind).map((item) => `'${item.code}'`);
    if (codes.length === 0) return [];
    return [`${KIND_NAMES[kind][codes.length === 1 ? 0 : 1]} ${codes.join(", ")}`];
  }).join("; ");
}

export function describeDemoSeed(tenantCode: string, report: DemoSeedReport): string {
  const { created, skipped, kept } = report;
  const lines = [
    `Demo content model seeded into tenant '${tenantCode}': ${created.length} created, ${skipped.length} already there, ${kept.length} kept as the tenant has them.`,
  ];
  if (skipped.length > 0) lines.push(`Skipped, already there: ${listByKind(skipped)}.`);
  for (const { item, reason } of kept) {
    lines.push(`Kept the tenant's own ${KIND_NAMES[item.kind][0]} '${item.code}': ${reason}.`);
  }
  return lines.join("\n");
}
