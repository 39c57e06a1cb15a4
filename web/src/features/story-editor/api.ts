// The editor's calls (spec 3 §7 Stories): save and delete the story, slide templates (list by tab, save a slide as
// one), story tags (search, create), story assets (list, search, upload) and store pictures, the exports.
import type {
  Asset,
  DatastreamMediaUrls,
  Page,
  SearchResults,
  SlideTemplate,
  SlideTemplateBodyInput,
  SlideTemplateKind,
  Story,
  StoryFormat,
  StoryTag,
  StoryTagBodyInput,
  StoryUpdateBodyInput,
} from "@repox/contracts";
import { ASSET_DATA_PART, ASSET_FILE_PART, STORY_LIMITS } from "@repox/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { queryKeys } from "../../api/query-keys.ts";
import { postFormWithProgress } from "../../api/upload.ts";
import { STORIES_PATH, storyPath } from "../stories/api.ts";

const encode = encodeURIComponent;
const templatesKey = [...queryKeys.stories, "slide-templates"] as const;
const assetsKey = [...queryKeys.stories, "assets"] as const;

export function useSaveStory(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StoryUpdateBodyInput) => api.put<Story>(storyPath(id), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...queryKeys.stories, "list"] }),
  });
}

export function useDeleteStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(storyPath(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...queryKeys.stories, "list"] }),
  });
}

export function useSlideTemplates(format: StoryFormat, kind: SlideTemplateKind, enabled: boolean) {
  return useQuery({
    queryKey: [...templatesKey, format.aspectRatio, format.orientation, kind],
    queryFn: ({ signal }) => api.get<Page<SlideTemplate>>("/slide_templates", { query: { ...format, kind }, signal }),
    enabled,
  });
}

export function useSaveSlideTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SlideTemplateBodyInput) => api.post<SlideTemplate>("/slide_templates", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

/** GET /api/story_tags?q=: only once more than 2 characters are typed (spec 3 §9). */
export function useStoryTagSearch(q: string) {
  return useQuery({
    queryKey: [...queryKeys.stories, "tags", q],
    queryFn: ({ signal }) => api.get<Page<StoryTag>>("/story_tags", { query: { q }, signal }),
    enabled: q.length >= STORY_LIMITS.tagSearchMinLength,
    placeholderData: keepPreviousData,
  });
}

export function useCreateStoryTag() {
  return useMutation({ mutationFn: (body: StoryTagBodyInput) => api.post<StoryTag>("/story_tags", body) });
}

/** GET /api/assets?page= or, with a label, GET /api/search_assets?q=image&page=&label=. */
export function useAssetPage(page: number, label: string, enabled = true) {
  return useQuery({
    queryKey: [...assetsKey, "page", page, label],
    queryFn: ({ signal }) =>
      label
        ? api.get<Page<Asset>>("/search_assets", { query: { q: "image", page, label }, signal })
        : api.get<Page<Asset>>("/assets", { query: { page }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useUploadAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (sent: number, total: number) => void }) => {
      const form = new FormData();
      form.append(ASSET_DATA_PART, JSON.stringify({ type: "IMAGE", label: file.name, properties: [] }));
      form.append(ASSET_FILE_PART, file);
      return postFormWithProgress<Asset>("/assets", form, { onProgress });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetsKey }),
  });
}

export const fetchAsset = (uuid: string, signal?: AbortSignal) => api.get<Asset>(`/assets/${encode(uuid)}`, { signal });
export const fetchDatastreamUrls = (uuid: string, signal?: AbortSignal) =>
  api.post<DatastreamMediaUrls>(`/datastreams/${encode(uuid)}/urls`, undefined, { signal });

/** Pictures of the repository store for the asset picker's 'Repox Store Content' tab: found by POST /api/search. */
export function useStorePictureSearch(q: string) {
  return useQuery({
    queryKey: [...queryKeys.stories, "store-pictures", q],
    queryFn: ({ signal }) => api.post<SearchResults>("/search", { operation: "OP_DATASTREAM" }, { query: { q, size: 50 }, signal }),
    enabled: q.length >= 1,
    placeholderData: keepPreviousData,
    select: (results) => results.datastreams.filter((hit) => hit.mimeType.startsWith("image/")),
  });
}

export type StillsResolution = "FHD" | "QHD";
export const exportPath = (id: string) => `${STORIES_PATH}/${encode(id)}/export`;
export const exportVideoPath = (id: string) => `${STORIES_PATH}/${encode(id)}/export_video`;

export function useExportVideo(id: string) {
  return useMutation({
    mutationFn: (body: { resolution: StillsResolution; recipient: string }) => api.post<unknown>(exportVideoPath(id), body),
  });
}
