// The folders and files of one folder (or the top level) for the chosen sort and search, page by page.
import type { ContainerSummary, DatastreamSummary, Page } from "@repox/contracts";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { type FolderQuery, useFolderContainers, useFolderDatastreams } from "./api.ts";
import type { FolderListing, FolderSection } from "./folder-listing.ts";

function sectionOf<T>(query: UseInfiniteQueryResult<InfiniteData<Page<T>>>): FolderSection<T> {
  const pages = query.data?.pages ?? [];
  return {
    items: pages.flatMap((page) => page.content),
    total: pages[0]?.totalElements ?? 0,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}

export function useFolderListing(folderUuid: string | null, query: FolderQuery) {
  const containers = useFolderContainers(folderUuid, query);
  const datastreams = useFolderDatastreams(folderUuid, query);
  const listing: FolderListing = {
    folders: sectionOf<ContainerSummary>(containers),
    files: folderUuid === null ? null : sectionOf<DatastreamSummary>(datastreams),
  };
  const isLoading = containers.isLoading || (folderUuid !== null && datastreams.isLoading);
  const error = containers.error ?? (folderUuid !== null ? datastreams.error : null);
  const isEmpty = !isLoading && !error && listing.folders.items.length === 0 && (listing.files?.items.length ?? 0) === 0;
  return { listing, isLoading, error, isEmpty };
}
