// Calls of the file preview, the datastream edit dialog and the datastream page (spec 1 §7): the datastream, its
// signed media links (usable in <img>, <video> and fetches without the bearer token), the head of a text document,
// and the update.
import type { Datastream, DatastreamMediaUrls, DatastreamUpdateBodyInput } from "@repox/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { useInvalidation } from "../../api/entity-mutations.ts";
import { readLinkedFileHead } from "../../api/media-links.ts";
import { queryKeys } from "../../api/query-keys.ts";
import { TEXT_PREVIEW_BYTES } from "./preview-kind.ts";

const encode = encodeURIComponent;
const datastreamKey = (uuid: string) => [...queryKeys.containers, "datastream", uuid] as const;

export function useDatastream(uuid: string) {
  return useQuery({
    queryKey: datastreamKey(uuid),
    queryFn: ({ signal }) => api.get<Datastream>(`/datastreams/${encode(uuid)}`, { signal }),
  });
}

/** Signed links, renewed before they expire while the preview stays open. */
export function useMediaUrls(uuid: string) {
  return useQuery({
    queryKey: [...datastreamKey(uuid), "urls"],
    queryFn: () => api.post<DatastreamMediaUrls>(`/datastreams/${encode(uuid)}/urls`),
    staleTime: 60_000,
    refetchInterval: (query) => {
      const expiresAt = query.state.data?.expiresAt;
      if (!expiresAt) return false;
      return Math.max(10_000, new Date(expiresAt).getTime() - Date.now() - 30_000);
    },
    // A renewed link must not reload a playing video or a PDF page: the viewers keep the link they started with.
    refetchOnWindowFocus: false,
  });
}

/** The first TEXT_PREVIEW_BYTES of a text document, read with a Range request on its signed link. */
export function useTextHead(previewUrl: string | undefined) {
  return useQuery({
    queryKey: ["text-head", previewUrl],
    enabled: previewUrl !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      const bytes = await readLinkedFileHead(previewUrl ?? "", TEXT_PREVIEW_BYTES, signal);
      // The cut may split a multi-byte character: decode leniently so the last one shows as a replacement mark.
      return new TextDecoder("utf-8", { fatal: false }).decode(bytes);
    },
  });
}

export function useUpdateDatastream() {
  const invalidate = useInvalidation([queryKeys.containers]);
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: DatastreamUpdateBodyInput }) =>
      api.put<Datastream>(`/datastreams/${encode(uuid)}`, body),
    onSuccess: () => invalidate(),
  });
}
