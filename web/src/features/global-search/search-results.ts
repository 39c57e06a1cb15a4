// The top bar's search answer as the dropdown lists it: the non-empty groups in a fixed order, every hit with a unique
// option value (the keyboard walks them in this order) and the page it opens.
import {
  SEARCH_LIMITS,
  type SearchContainerHit,
  type SearchDatastreamHit,
  type SearchGroupHit,
  type SearchResults,
  type SearchUserHit,
} from "@repox/contracts";
import { containerPath, datastreamPath } from "../containers/content-items.ts";

export type SearchEntry =
  | { kind: "containers"; value: string; hit: SearchContainerHit }
  | { kind: "datastreams"; value: string; hit: SearchDatastreamHit }
  | { kind: "users"; value: string; hit: SearchUserHit }
  | { kind: "groups"; value: string; hit: SearchGroupHit };

export type SearchGroupKind = SearchEntry["kind"];
export type SearchSection = { kind: SearchGroupKind; entries: SearchEntry[] };

export const SEARCH_GROUP_ORDER: readonly SearchGroupKind[] = ["containers", "datastreams", "users", "groups"];

/** The text a search runs for once the user paused on `typed`: trimmed, or "" (no search) under 3 characters. */
export function searchTextOf(typed: string): string {
  const text = typed.trim();
  return [...text].length >= SEARCH_LIMITS.globalMinLength ? text : "";
}

export function searchSections(results: SearchResults): SearchSection[] {
  const sections: SearchSection[] = [
    { kind: "containers", entries: results.containers.map((hit) => ({ kind: "containers", value: `container:${hit.uuid}`, hit })) },
    { kind: "datastreams", entries: results.datastreams.map((hit) => ({ kind: "datastreams", value: `datastream:${hit.uuid}`, hit })) },
    { kind: "users", entries: results.users.map((hit) => ({ kind: "users", value: `user:${hit.uuid}`, hit })) },
    { kind: "groups", entries: results.groups.map((hit) => ({ kind: "groups", value: `group:${hit.id}`, hit })) },
  ];
  return sections.filter((section) => section.entries.length > 0);
}

/** Every hit in the order the dropdown shows them. */
export function searchEntries(sections: readonly SearchSection[]): SearchEntry[] {
  return sections.flatMap((section) => section.entries);
}

export function findEntry(sections: readonly SearchSection[], value: string): SearchEntry | undefined {
  return searchEntries(sections).find((entry) => entry.value === value);
}

/**
 * The page a hit opens: a container's page; a file previewed over its container, or its own page when every container
 * holding it is in the trash; the user's or the group's editor.
 */
export function entryPath(entry: SearchEntry): string {
  switch (entry.kind) {
    case "containers":
      return containerPath(entry.hit.uuid);
    case "datastreams":
      return entry.hit.parentUuid
        ? datastreamPath(entry.hit.parentUuid, entry.hit.uuid)
        : `/datastreams/${encodeURIComponent(entry.hit.uuid)}`;
    case "users":
      return `/settings/users/${encodeURIComponent(entry.hit.uuid)}`;
    case "groups":
      return `/settings/groups/${entry.hit.id}`;
  }
}
