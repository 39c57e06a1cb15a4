// POST /export (spec 1 §7): the chosen containers and datastreams as one archive, saved under the server's file name
// while the dialog follows the bytes. The export records activity on what it exported, so the content cache refreshes.
import { type ExportBody, exportArchiveName } from "@repox/contracts";
import { useMutation } from "@tanstack/react-query";
import { type DownloadProgress, downloadFile } from "../../api/download.ts";
import { useInvalidation } from "../../api/entity-mutations.ts";
import { queryKeys } from "../../api/query-keys.ts";

export type ExportRequest = { body: ExportBody; signal: AbortSignal; onProgress: DownloadProgress };

export function useExportContent() {
  const invalidate = useInvalidation([queryKeys.containers]);
  return useMutation({
    mutationFn: ({ body, signal, onProgress }: ExportRequest) =>
      downloadFile("POST", "/export", exportArchiveName(body.archiveFormat, new Date()), { body, signal, onProgress }),
    onSuccess: () => {
      void invalidate();
    },
  });
}
