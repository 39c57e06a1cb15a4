// The addresses the editor shows pictures at: a signed link per picture of the draft (uploaded assets through GET
// /api/assets/{uuid}, store datastreams through POST /api/datastreams/{uuid}/urls), fetched once per picture and kept
// while the links are valid. Pictures picked since the last save show at once, not only those the server knows.
import { picturesOfStory, type StoryDetails } from "@repox/contracts";
import { useQueries } from "@tanstack/react-query";
import { useMemo } from "react";
import { queryKeys } from "../../api/query-keys.ts";
import { type PictureResolver, pictureKey, resolverOf, type StoryPictureRef } from "../story-viewer/index.ts";
import { fetchAsset, fetchDatastreamUrls } from "./api.ts";

/** Signed links last 30 minutes or more; a link is fetched again after 20. */
const LINK_FRESH_MS = 20 * 60 * 1000;

export const pictureQueryKey = (picture: StoryPictureRef) => [...queryKeys.stories, "picture", picture.from, picture.uuid] as const;

async function addressOf(picture: StoryPictureRef, signal: AbortSignal): Promise<string | null> {
  if (picture.from === "store") return (await fetchDatastreamUrls(picture.uuid, signal)).preview;
  return (await fetchAsset(picture.uuid, signal)).downloadUrl;
}

export function useEditorPictures(details: StoryDetails, coverPage: string | null): PictureResolver {
  const pictures = useMemo(() => {
    const all: StoryPictureRef[] = picturesOfStory(details).map(({ uuid, from }) => ({ uuid, from }));
    if (coverPage) all.push({ uuid: coverPage, from: "stories" });
    const unique = new Map(all.map((picture) => [pictureKey(picture), picture]));
    return [...unique.values()];
  }, [details, coverPage]);

  const results = useQueries({
    queries: pictures.map((picture) => ({
      queryKey: pictureQueryKey(picture),
      queryFn: ({ signal }: { signal: AbortSignal }) => addressOf(picture, signal),
      staleTime: LINK_FRESH_MS,
      refetchInterval: LINK_FRESH_MS,
      retry: false,
    })),
  });

  const addresses = results.map((result) => result.data ?? null);
  const signature = addresses.join("\n") + pictures.map(pictureKey).join("\n");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the pictures and their addresses
  return useMemo(() => resolverOf(new Map(pictures.map((picture, index) => [pictureKey(picture), addresses[index] ?? null]))), [signature]);
}
