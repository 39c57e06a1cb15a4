// The List view's contact search (spec 3 §5, §9): a text counts only from 4 characters (more than 3); shorter text,
// or none, lists every response. One-based pages in the address, zero-based at the API.
import { SURVEY_LIMITS } from "@repox/contracts";

export function appliedSearch(text: string): string {
  const trimmed = text.trim();
  return trimmed.length >= SURVEY_LIMITS.searchMinLength ? trimmed : "";
}

/** The `page` query parameter (one-based) as the API's zero-based page; anything unreadable is the first page. */
export function apiPageOf(pageParam: string | null): number {
  const page = Number(pageParam);
  return Number.isInteger(page) && page >= 1 ? page - 1 : 0;
}
