// The survey calls of the list and the editor (spec 3 §7 Surveys): the paged list, one survey, create/update, delete,
// sharing by e-mail, the public link (with its token for SIGNED_URL surveys) and the contacts the share modal picks from.
import type { Page, Survey, SurveyBodyInput, SurveySummary } from "@repox/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { useDeleteMutation, useSaveMutation } from "../../api/entity-mutations.ts";
import { usePageQuery } from "../../api/page-query.ts";

export const SURVEYS_PATH = "/addons/srv/surveys";
const surveyPath = (uuid: string) => `${SURVEYS_PATH}/${uuid}`;

/** Everything of surveys (list, editors, responses) is refreshed together after a change. */
export const surveysKey = ["surveys"] as const;
const surveyKey = (uuid: string) => [...surveysKey, "item", uuid] as const;

export function useSurveyPage(params: { page: number; size: number }) {
  return usePageQuery<SurveySummary>([...surveysKey, "list"], SURVEYS_PATH, params);
}

export function useSurvey(uuid: string | undefined) {
  return useQuery({
    queryKey: surveyKey(uuid ?? ""),
    queryFn: ({ signal }) => api.get<Survey>(surveyPath(uuid as string), { signal }),
    enabled: uuid !== undefined,
  });
}

export function useSaveSurvey() {
  return useSaveMutation<Survey, string, SurveyBodyInput>({
    collectionPath: SURVEYS_PATH,
    itemPath: surveyPath,
    invalidates: [surveysKey],
    detailKey: (saved) => surveyKey(saved.uuid),
  });
}

export function useDeleteSurvey() {
  return useDeleteMutation<string>({ itemPath: surveyPath, invalidates: [[...surveysKey, "list"]] });
}

export type ShareRequest = { subject: string; message: string; toRecipients: string[] };

export function useShareSurvey(uuid: string) {
  return useMutation({ mutationFn: (body: ShareRequest) => api.post<{ sent: number }>(`${surveyPath(uuid)}/share`, body) });
}

/** The public link respondents open; a SIGNED_URL survey's link carries its token `t`. */
export function useSurveyLink(uuid: string, enabled: boolean) {
  return useQuery({
    queryKey: [...surveyKey(uuid), "link"],
    queryFn: ({ signal }) => api.get<{ url: string; token: string }>(`${surveyPath(uuid)}/link`, { signal }),
    enabled,
  });
}

export type ContactOption = { uuid: string; firstName: string; lastName: string; email: string; organization: string };

/** Contacts matching `q` (names, e-mail, organization), sorted by e-mail: the first page is enough for a picker. */
export function useContactSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ["contacts", "picker", q],
    queryFn: ({ signal }) => api.get<Page<ContactOption>>("/addons/srv/contacts", { query: { page: 0, q, sort: "email" }, signal }),
    enabled,
    staleTime: 30_000,
  });
}
