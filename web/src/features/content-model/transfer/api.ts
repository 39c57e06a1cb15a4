// Content-model export (spec 2 §7: POST /cm/export, saved as content-model.json) and import of such a file.
import type { ContentModelExportBody, ContentModelImportResult } from "@repox/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.ts";
import { downloadFile } from "../../../api/download.ts";

export const CONTENT_MODEL_FILE_NAME = "content-model.json";

export function useExportContentModel() {
  return useMutation({
    mutationFn: (body: ContentModelExportBody) => downloadFile("POST", "/cm/export", CONTENT_MODEL_FILE_NAME, { body }),
  });
}

export function useImportContentModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: unknown) => api.post<ContentModelImportResult>("/cm/import", file),
    // An import can add to every part of the content model, whichever feature lists it.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
