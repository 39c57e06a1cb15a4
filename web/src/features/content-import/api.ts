// Calls of the import wizard (spec 1 §7): the preview of a spreadsheet (multipart with upload progress, nothing
// saved) and the submit that creates its containers, after which every folder list reloads.
import type { ImportPreview, ImportSubmitBodyInput, ImportSubmitResult } from "@repox/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { useInvalidation } from "../../api/entity-mutations.ts";
import { queryKeys } from "../../api/query-keys.ts";
import { postFormWithProgress } from "../../api/upload.ts";

export type PreviewRequest = {
  /** A container uuid or ROOT. */
  to: string;
  file: File;
  signal: AbortSignal;
  onProgress: (sent: number, total: number) => void;
};

export function usePreviewImport() {
  return useMutation({
    mutationFn: ({ to, file, signal, onProgress }: PreviewRequest) => {
      const form = new FormData();
      form.append("file", file, file.name);
      return postFormWithProgress<ImportPreview>("/import/preview", form, { query: { to }, signal, onProgress });
    },
  });
}

export function useSubmitImport() {
  // The folder lists, counts and reports all sit under the content key.
  const refresh = useInvalidation([queryKeys.containers]);
  return useMutation({
    mutationFn: (body: ImportSubmitBodyInput) => api.post<ImportSubmitResult>("/import/submit", body),
    onSuccess: refresh,
  });
}
