// What a folder view shows: its folders and its files, each read page by page with its own "Load more".
import type { ContainerSummary, DatastreamSummary } from "@repox/contracts";
import type { ContentAction } from "./content-actions.tsx";
import type { ContentItem } from "./content-items.ts";
import type { FolderSort, FolderSortColumn } from "./folder-sort.ts";
import type { ItemInteractions } from "./item-interactions.ts";

export type FolderSection<T> = { items: T[]; total: number; hasMore: boolean; isLoadingMore: boolean; loadMore: () => void };

export type FolderListing = {
  folders: FolderSection<ContainerSummary>;
  /** Null at the top level, which holds no files. */
  files: FolderSection<DatastreamSummary> | null;
};

export type FolderViewProps = {
  listing: FolderListing;
  interactions: ItemInteractions;
  actionsFor: (entry: ContentItem) => ContentAction[];
  sort: FolderSort;
  onSort: (column: FolderSortColumn) => void;
};
