// The Individual view's pager (spec 3 §2): positions are one-based over the survey's ordered response uuids; the
// number input takes any text and lands on the nearest real position.

/** A typed or computed position kept within 1..total (0 when there is nothing to show). */
export function clampPosition(position: number, total: number): number {
  if (total <= 0) return 0;
  if (!Number.isFinite(position)) return 1;
  return Math.min(total, Math.max(1, Math.trunc(position)));
}

/** The position of the response the address names; the first when it names none or one no longer there. */
export function positionOf(uuids: readonly string[], responseUuid: string | undefined): number {
  if (uuids.length === 0) return 0;
  const index = responseUuid ? uuids.indexOf(responseUuid) : -1;
  return index === -1 ? 1 : index + 1;
}

/** After deleting the response at `position`, the one before it (the new first when it was the first). */
export function positionAfterDelete(position: number, totalAfter: number): number {
  return clampPosition(position - 1, totalAfter);
}

export type PagerState = { position: number; total: number; canGoBack: boolean; canGoForward: boolean };

export function pagerState(position: number, total: number): PagerState {
  const current = clampPosition(position, total);
  return { position: current, total, canGoBack: current > 1, canGoForward: current < total };
}

/** The uuids in the server's order; read as a plain list or as `{responseUuids}` (the spec's response state). */
export function readResponseUuids(body: unknown): string[] {
  const list = Array.isArray(body) ? body : (body as { responseUuids?: unknown } | null)?.responseUuids;
  return Array.isArray(list) ? list.filter((uuid): uuid is string => typeof uuid === "string") : [];
}
