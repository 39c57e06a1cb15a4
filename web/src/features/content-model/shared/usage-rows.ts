// The rows of a usage table: content (containers, datastreams) or content model (container and datastream types),
// sorted by label (spec 2 §9).
import type { ContentModelUsages, PropertyUsages } from "@repox/contracts";

/** "property" rows list the properties drawing on a vocabulary (vocabulary usages). */
export type UsageKind = "container" | "datastream" | "containerType" | "datastreamType" | "property";
export type UsageRow = { id: string; label: string; kind: UsageKind; code: string | null };

export const byLabel = (a: UsageRow, b: UsageRow) =>
  a.label.localeCompare(b.label, undefined, { sensitivity: "base" }) || a.id.localeCompare(b.id);

export function contentUsageRows(usages: PropertyUsages): UsageRow[] {
  return [
    ...usages.containers.map((item) => ({ id: `c:${item.uuid}`, label: item.label, kind: "container" as const, code: null })),
    ...usages.datastreams.map((item) => ({ id: `d:${item.uuid}`, label: item.label, kind: "datastream" as const, code: null })),
  ].sort(byLabel);
}

export function contentModelUsageRows(usages: ContentModelUsages): UsageRow[] {
  return [
    ...usages.containerTypes.map((item) => ({ id: `ct:${item.code}`, label: item.name, kind: "containerType" as const, code: item.code })),
    ...usages.datastreamTypes.map((item) => ({
      id: `dt:${item.code}`,
      label: item.name,
      kind: "datastreamType" as const,
      code: item.code,
    })),
  ].sort(byLabel);
}
