// Calls of My Content and the container view (spec 1 §7 "Content calls"). Folder lists are read page by page from the
// server, so a folder of 10 000 items costs one page at a time; every change refreshes the whole content cache, except
// the queries of items just removed: those are never asked for again (they would answer 404).
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityItem,
  type BulkColorBody,
  type BulkItemResult,
  type BulkLinkBody,
  type BulkMoveBody,
  type BulkPublishBody,
  type BulkResult,
  type BulkStarBody,
  type BulkTagBody,
  type Container,
  type ContainerReport,
  type ContainerSummary,
  type ContentListQuery,
  type ContentObjectType,
  type DatastreamSummary,
  type Page,
  ROOT,
  type Tag,
} from "@repox/contracts";
import { keepPreviousData, type Query, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api, send } from "../../api/client.ts";
import { downloadFile } from "../../api/download.ts";
import { useInvalidation } from "../../api/entity-mutations.ts";
import { errorText } from "../../api/errors.ts";
import { queryKeys } from "../../api/query-keys.ts";

/** Items per page of a folder list: divisible by every column count of the tile grid. */
export const FOLDER_PAGE_SIZE = 60;

export type FolderQuery = Pick<ContentListQuery, "sort" | "direction"> & { q: string };

const contentKey = queryKeys.containers;
const encode = encodeURIComponent;

const nextPage = <T>(page: Page<T>) => (page.last ? undefined : page.number + 1);

/** How often a folder's files are read again while one of their thumbnails is still being made. */
export const PENDING_THUMBNAIL_POLL_MS = 2000;

/** Polls while the media job has not yet recorded a thumbnail for a listed file, so its tile updates by itself. */
function whileThumbnailsPending(pages: Page<DatastreamSummary>[]): number | false {
  const isPending = pages.some((page) => page.content.some((datastream) => datastream.thumbnailStatus === "pending"));
  return isPending ? PENDING_THUMBNAIL_POLL_MS : false;
}

function usePagedList<T>(
  key: readonly unknown[],
  path: string,
  query: Record<string, string | number>,
  enabled = true,
  /** How soon to read the loaded pages again, given them; false: not until something changes. */
  pollWhile?: (pages: Page<T>[]) => number | false,
) {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => api.get<Page<T>>(path, { query: { ...query, page: pageParam }, signal }),
    initialPageParam: 0,
    getNextPageParam: nextPage<T>,
    enabled,
    // A new sort or search keeps the items on screen until its first page arrives.
    placeholderData: keepPreviousData,
    refetchInterval: pollWhile && ((current) => pollWhile(current.state.data?.pages ?? [])),
  });
}

/** The containers of a folder, or of the top level when `parent` is null. */
export function useFolderContainers(parent: string | null, query: FolderQuery) {
  const path = parent === null ? "/containers" : `/containers/${encode(parent)}/children`;
  return usePagedList<ContainerSummary>([...contentKey, "children", parent ?? ROOT, query], path, { ...query, size: FOLDER_PAGE_SIZE });
}

/** The files of a folder; the top level holds none. */
export function useFolderDatastreams(parent: string | null, query: FolderQuery) {
  return usePagedList<DatastreamSummary>(
    [...contentKey, "datastreams", parent ?? ROOT, query],
    `/containers/${encode(parent ?? "")}/datastreams`,
    { ...query, size: FOLDER_PAGE_SIZE },
    parent !== null,
    whileThumbnailsPending,
  );
}

export function useContainer(uuid: string | null) {
  return useQuery({
    queryKey: [...contentKey, "detail", uuid],
    queryFn: ({ signal }) => api.get<Container>(`/containers/${encode(uuid ?? "")}`, { signal }),
    enabled: uuid !== null,
  });
}

export type ActivitySubject = { kind: "container" | "datastream"; uuid: string };

export function useActivity(subject: ActivitySubject) {
  const base = subject.kind === "container" ? "/containers" : "/datastreams";
  return usePagedList<ActivityItem>([...contentKey, "activity", subject.kind, subject.uuid], `${base}/${encode(subject.uuid)}/activity`, {
    size: ACTIVITY_PAGE_SIZE,
  });
}

export function useContainerReport(uuid: string) {
  return useQuery({
    queryKey: [...contentKey, "report", uuid],
    queryFn: ({ signal }) => api.post<ContainerReport>(`/containers/${encode(uuid)}/reports`, { uuid }, { signal }),
    staleTime: 0,
  });
}

/**
 * A datastream's thumbnail (GET /datastreams/{id}/thumb/preview, spec 1 §7) as an object URL once the media job made
 * it; null before that and when loading failed (the tile keeps its generic icon). The URL is released on unmount.
 */
export function useThumbnail(datastream: Pick<DatastreamSummary, "uuid" | "thumbnailStatus">): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const isReady = datastream.thumbnailStatus === "ready";
  useEffect(() => {
    if (!isReady) return;
    const controller = new AbortController();
    let created: string | null = null;
    send("GET", `/datastreams/${encode(datastream.uuid)}/thumb/preview`, { signal: controller.signal })
      .then((response) => response.blob())
      .then((blob) => {
        created = URL.createObjectURL(blob);
        setUrl(created);
      })
      .catch(() => setUrl(null));
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [datastream.uuid, isReady]);
  return url;
}

/** A mutation whose success refreshes everything the content area shows. */
function useContentMutation<V, R = unknown>(call: (variables: V) => Promise<R>) {
  const invalidate = useInvalidation([contentKey]);
  return useMutation({ mutationFn: call, onSuccess: () => invalidate() });
}

export type ItemRef = { kind: "container" | "datastream"; uuid: string };
const itemBase = ({ kind, uuid }: ItemRef) => `${kind === "container" ? "/containers" : "/datastreams"}/${encode(uuid)}`;
const objectType = (kind: ItemRef["kind"]): ContentObjectType => (kind === "container" ? "CONTAINER" : "DATASTREAM");

export function useRename() {
  return useContentMutation(({ item, label }: { item: ItemRef; label: string }) => api.put(`${itemBase(item)}/label`, { label }));
}

export function useSetColor() {
  return useContentMutation(({ uuid, color }: { uuid: string; color: string | null }) =>
    api.put(`/containers/${encode(uuid)}/color`, { color }),
  );
}

export function useMove() {
  return useContentMutation(({ item, from, to }: { item: ItemRef; from: string; to: string }) =>
    api.post(`${itemBase(item)}/move`, { from, to }),
  );
}

export function useLink() {
  return useContentMutation(({ item, to }: { item: ItemRef; to: string }) =>
    api.post(`${itemBase(item)}/link`, undefined, { query: { to } }),
  );
}

export function useStar() {
  return useContentMutation(({ item, starred }: { item: ItemRef; starred: boolean }) =>
    api.post("/tags/starred", { starred, objectId: item.uuid, objectType: objectType(item.kind) }),
  );
}

/** Whether a cached query names one of `uuids` (its detail, tags, activity, report, or a list inside it). */
const namesAny = (uuids: ReadonlySet<string>) => (query: Query) =>
  query.queryKey.some((part) => typeof part === "string" && uuids.has(part));

/**
 * After a removal: the removed items' own queries are cancelled and left out of the refresh (still shown ones go when
 * their tile or panel does), so no request names an item that is gone; everything else is refreshed.
 */
function useForgetRemoved() {
  const queryClient = useQueryClient();
  return async (uuids: readonly string[]) => {
    const isRemoved = namesAny(new Set(uuids));
    await queryClient.cancelQueries({ queryKey: contentKey, predicate: isRemoved });
    queryClient.removeQueries({ queryKey: contentKey, predicate: isRemoved, type: "inactive" });
    await queryClient.invalidateQueries({ queryKey: contentKey, predicate: (query) => !isRemoved(query) });
  };
}

/**
 * Takes an item out of the folder `from` (a uuid, or ROOT for a container at the top level); an item left in no other
 * place goes to the trash.
 */
export function useRemove() {
  const forget = useForgetRemoved();
  return useMutation({
    mutationFn: ({ item, from }: { item: ItemRef; from: string }) => api.post(`${itemBase(item)}/remove`, undefined, { query: { from } }),
    onSuccess: (_answer, { item }) => forget([item.uuid]),
  });
}

/** Removes several items as useRemove does, one after the other; a refused item does not stop the others. */
export function useRemoveMany() {
  const forget = useForgetRemoved();
  return useMutation({
    mutationFn: async ({ items, from }: { items: readonly ItemRef[]; from: string }): Promise<BulkResult> => {
      const results: BulkItemResult[] = [];
      for (const item of items) {
        const named = { objectType: objectType(item.kind), objectId: item.uuid };
        await api.post(`${itemBase(item)}/remove`, undefined, { query: { from } }).then(
          () => results.push({ ...named, ok: true }),
          (error: unknown) => results.push({ ...named, ok: false, message: errorText(error) }),
        );
      }
      return { results };
    },
    onSuccess: ({ results }) => forget(results.filter((result) => result.ok).map((result) => result.objectId)),
  });
}

export function usePublish() {
  return useContentMutation(({ uuid, published }: { uuid: string; published: boolean }) =>
    api.post(`/containers/${encode(uuid)}/${published ? "publish" : "unpublish"}`),
  );
}

export function useDownloadDatastream() {
  return useMutation({
    mutationFn: (datastream: DatastreamSummary) =>
      downloadFile("POST", `/datastreams/${encode(datastream.uuid)}/download`, datastream.label),
  });
}

export function useItemTags(item: ItemRef) {
  return useQuery({
    queryKey: [...contentKey, "tags", item.kind, item.uuid],
    queryFn: ({ signal }) => api.get<Tag[]>(`${itemBase(item)}/tags`, { signal }),
  });
}

export function useToggleTag() {
  return useContentMutation(({ item, tagId, assigned }: { item: ItemRef; tagId: number; assigned: boolean }) =>
    api.post(`/tags/${tagId}/${assigned ? "add" : "remove"}`, { objectId: item.uuid, objectType: objectType(item.kind) }),
  );
}

type BulkBodies = {
  move: BulkMoveBody;
  link: BulkLinkBody;
  star: BulkStarBody;
  tag: BulkTagBody;
  color: BulkColorBody;
  publish: BulkPublishBody;
};
export type BulkAction = keyof BulkBodies;

/** POST /content/bulk/{action}: one change to several items, answered item by item. */
export function useBulkAction<A extends BulkAction>(action: A) {
  return useContentMutation((body: BulkBodies[A]) => api.post<BulkResult>(`/content/bulk/${action}`, body));
}
