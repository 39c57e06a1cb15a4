// The paging and search of a server-paged list, and the page a select loads its options from.
import { LIMITS } from "@repox/contracts";

export type ListParams = { page: number; size: number; q?: string };

export const LIST_PAGE_SIZE = LIMITS.defaultPageSize;

/** Options of a select: the first page the API allows, which covers every realistic list. */
export const ALL_OPTIONS: ListParams = { page: 0, size: LIMITS.maxPageSize };
