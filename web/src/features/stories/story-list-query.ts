// What the stories list asks the server for (spec 3 §2, §5, §9): the one-based `page` of the address as the API's
// zero-based page, the sort (Name or Date, ASC or DESC; title DESC unless chosen), and a search that counts only from
// 4 characters (more than 3).
import { STORY_DEFAULT_SORT, STORY_LIMITS, STORY_SORTS, type StorySort } from "@repox/contracts";

export type StorySortField = "title" | "updatedAt";
export type SortDirection = "ASC" | "DESC";

/** The `page` query parameter (one-based) as the API's zero-based page; anything unreadable is the first page. */
export function apiPageOf(pageParam: string | null): number {
  const page = Number(pageParam);
  return Number.isInteger(page) && page >= 1 ? page - 1 : 0;
}

/** The zero-based page as the address writes it: absent for the first page. */
export function pageParamOf(zeroBasedPage: number): string | null {
  return zeroBasedPage > 0 ? String(zeroBasedPage + 1) : null;
}

/** The `sort` query parameter when it is one the API knows, else the default (title DESC). */
export function storySortOf(sortParam: string | null): StorySort {
  return STORY_SORTS.find((sort) => sort === sortParam) ?? STORY_DEFAULT_SORT;
}

export function sortParts(sort: StorySort): { field: StorySortField; direction: SortDirection } {
  const [field, direction] = sort.split(",") as [StorySortField, SortDirection];
  return { field, direction };
}

export function sortOf(field: StorySortField, direction: SortDirection): StorySort {
  return `${field},${direction}`;
}

/** The text the list is searched with: the typed text from 4 characters on, otherwise none (every story). */
export function appliedStorySearch(typed: string): string {
  const text = typed.trim();
  return Array.from(text).length >= STORY_LIMITS.searchMinLength ? text : "";
}
