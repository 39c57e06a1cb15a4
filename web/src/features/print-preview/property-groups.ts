// A container's properties grouped as the container form steps through them: one block per property group in the
// order the type first lists a property of it, properties outside any group last.
import type { PropertyGroup } from "@repox/contracts";
import type { PropertyDisplay } from "../containers/property-display.ts";

/** `name` is null for the properties in no group, and for a group the list of groups does not hold (yet). */
export type PropertyBlock = { groupId: number | null; name: string | null; entries: PropertyDisplay[] };

export function groupProperties(entries: readonly PropertyDisplay[], groups: readonly PropertyGroup[]): PropertyBlock[] {
  const blocks: PropertyBlock[] = [];
  for (const entry of entries) {
    let block = blocks.find((candidate) => candidate.groupId === entry.groupId);
    if (!block) {
      block = { groupId: entry.groupId, name: groups.find((group) => group.id === entry.groupId)?.name ?? null, entries: [] };
      blocks.push(block);
    }
    block.entries.push(entry);
  }
  return [...blocks.filter((block) => block.groupId !== null), ...blocks.filter((block) => block.groupId === null)];
}
