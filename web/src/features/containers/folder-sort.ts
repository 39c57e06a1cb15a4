// How a folder is sorted: by label, creation date or starred status (spec 1 §2), ascending or descending.
import type { CONTENT_SORTS } from "@repox/contracts";

export type FolderSortColumn = (typeof CONTENT_SORTS)[number];
export type FolderSort = { sort: FolderSortColumn; direction: "asc" | "desc" };

export const DEFAULT_FOLDER_SORT: FolderSort = { sort: "label", direction: "asc" };

/** Clicking a column: the same column flips the direction; another starts ascending, except Status, which puts starred items first. */
export function nextSort(current: FolderSort, column: FolderSortColumn): FolderSort {
  if (current.sort === column) return { sort: column, direction: current.direction === "asc" ? "desc" : "asc" };
  return { sort: column, direction: column === "starred" ? "desc" : "asc" };
}
