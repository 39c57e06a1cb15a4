// Helpers every part of the content model uses: the transaction scope, paging and the "in use" message.
import type { Trx } from "../../platform/db/tenant-transaction.ts";

/** One tenant transaction. Operations take it so import can run many of them in a single transaction. */
export type Tx = { trx: Trx; tenantId: string };
/** Reads need only the transaction. */
export type ReadTx = Pick<Tx, "trx">;

export type Paging = { offset: number; limit: number; search?: string | undefined };

export function pagingOf(query: { page: number; size: number; q?: string | undefined }): Paging {
  return { offset: query.page * query.size, limit: query.size, search: query.q || undefined };
}

/** A case-insensitive "contains" pattern for ilike, with the wildcard characters of the search escaped. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, "\\$&")}%`;
}

const SHOWN_USERS = 5;

/** "container type 'book', datastream type 'image' and 4 more". */
export function listOfUsers(users: readonly string[]): string {
  const shown = users.slice(0, SHOWN_USERS);
  const rest = users.length - shown.length;
  return rest > 0 ? `${shown.join(", ")} and ${rest} more` : shown.join(", ");
}

/** "Property 'title' is in use by container type 'book'". */
export function inUseMessage(subject: string, users: readonly string[]): string {
  return `${subject} is in use by ${listOfUsers(users)}`;
}

export const KIND_LABEL = { container: "container type", datastream: "datastream type" } as const;
export type TypeKind = keyof typeof KIND_LABEL;
