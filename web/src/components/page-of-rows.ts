// Client-side paging of a list already in memory (one-based pages, as the page picker counts them).

/** One page of rows; a page past the end shows the last page. */
export function pageOfRows<T>(rows: readonly T[], page: number, size: number): { rows: T[]; page: number; total: number } {
  const total = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(page, 1), total);
  return { rows: rows.slice((current - 1) * size, current * size), page: current, total };
}
