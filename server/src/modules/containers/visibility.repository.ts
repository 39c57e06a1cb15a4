// What every content read agrees on. A trashed item (deleted_at set) is invisible to every read of the content area:
// this predicate is the one place that says so, and the trash area reads around it on purpose.
import { type RawBuilder, sql } from "kysely";

/** The parent key of the top level ("ROOT") in container_edges (migration 0006): the nil uuid. */
export const ROOT_PARENT_KEY = "00000000-0000-0000-0000-000000000000";

/** `alias.deleted_at is null`: the row is not in the trash. */
export function visible(alias: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${alias}.deleted_at`)} is null`;
}

/**
 * The same for placements: container_edges.child_visible and datastream_memberships.datastream_visible are copies of
 * "the placed item's deleted_at is null", kept by triggers (migration 0006), so folder lists need not visit each item.
 */
export function visiblePlacement(alias: "e" | "m"): RawBuilder<boolean> {
  return alias === "e" ? sql<boolean>`e.child_visible` : sql<boolean>`m.datastream_visible`;
}

/** Labels sort with accents and case ignored, byte-wise after that, so PGlite and PostgreSQL servers agree. */
export function labelSortKey(alias: string): RawBuilder<string> {
  return sql<string>`repox_search_fold(${sql.ref(`${alias}.label`)}) collate "C"`;
}
