// The Responses area's calls (spec 3 §7 Surveys): the summary and its 'View more' pages, the paged and searched list,
// one response, the ordered uuids the Individual pager walks, deletes (one or all) and the xlsx export.
// Failed reads only stop loading (spec 3 §8), so these queries are not retried into an error screen.
import { type Page, type ResponseListItem, type ResponseSummary, type SurveyResponse, surveyExportFileName } from "@repox/contracts";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client.ts";
import { type DownloadProgress, downloadFile } from "../../../api/download.ts";
import { useInvalidation } from "../../../api/entity-mutations.ts";
import { surveysKey } from "../api.ts";
import { readResponseUuids } from "./pager.ts";

// Under the surveys key: a delete refreshes the editor's response count with them.
const responsesKey = (surveyUuid: string) => [...surveysKey, surveyUuid, "responses"] as const;

const surveyPath = (surveyUuid: string) => `/addons/srv/surveys/${encodeURIComponent(surveyUuid)}`;

export const summaryPath = (surveyUuid: string) => `${surveyPath(surveyUuid)}/summary`;

export function useResponseSummary(surveyUuid: string) {
  return useQuery({
    queryKey: [...responsesKey(surveyUuid), "summary"],
    queryFn: ({ signal }) => api.get<ResponseSummary>(summaryPath(surveyUuid), { signal }),
    retry: false,
  });
}

export function useResponsePage(surveyUuid: string, page: number, q: string) {
  return useQuery({
    queryKey: [...responsesKey(surveyUuid), "list", { page, q }],
    queryFn: ({ signal }) => api.get<Page<ResponseListItem>>(`${surveyPath(surveyUuid)}/responses`, { query: { page, q }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useResponse(surveyUuid: string, responseUuid: string | undefined) {
  return useQuery({
    queryKey: [...responsesKey(surveyUuid), "one", responseUuid],
    queryFn: ({ signal }) =>
      api.get<SurveyResponse>(`${surveyPath(surveyUuid)}/responses/${encodeURIComponent(responseUuid ?? "")}`, { signal }),
    enabled: Boolean(responseUuid),
    retry: false,
  });
}

export function useResponseUuids(surveyUuid: string) {
  return useQuery({
    queryKey: [...responsesKey(surveyUuid), "uuids"],
    queryFn: async ({ signal }) => readResponseUuids(await api.get<unknown>(`${surveyPath(surveyUuid)}/responses_uuids`, { signal })),
    retry: false,
  });
}

export function useDeleteResponse(surveyUuid: string) {
  const invalidate = useInvalidation([surveysKey]);
  return useMutation({
    mutationFn: (responseUuid: string) => api.delete(`${surveyPath(surveyUuid)}/responses/${encodeURIComponent(responseUuid)}`),
    onSuccess: invalidate,
  });
}

export function useDeleteAllResponses(surveyUuid: string) {
  const invalidate = useInvalidation([surveysKey]);
  return useMutation({
    mutationFn: () => api.delete(`${surveyPath(surveyUuid)}/responses`),
    onSuccess: invalidate,
  });
}

export type ExportRequest = { label: string; onProgress: DownloadProgress; signal: AbortSignal };

/** GET /export streamed: the xlsx saved under the server's name (`<label>-responses.xlsx`) while the bytes are counted. */
export function useExportResponses(surveyUuid: string) {
  return useMutation({
    mutationFn: ({ label, onProgress, signal }: ExportRequest) =>
      downloadFile("GET", `${surveyPath(surveyUuid)}/export`, surveyExportFileName(label), { onProgress, signal }),
  });
}
