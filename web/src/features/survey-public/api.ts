// The public survey calls (spec 3 §7 Public): the survey a respondent answers, the submission with its idempotency
// key, and the public summary. No sign-in: the tenant header and the link's token (`t`) identify the access.
import { IDEMPOTENCY_KEY_HEADER, type PublicSummary, type PublicSurvey } from "@repox/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import type { PendingSubmission } from "./draft-store.ts";

const publicPath = (uuid: string) => `/addons/srv/public/${encodeURIComponent(uuid)}`;

export function usePublicSurvey(uuid: string, token: string | undefined) {
  return useQuery({
    queryKey: ["public-survey", uuid, token ?? ""],
    queryFn: ({ signal }) => api.get<PublicSurvey>(publicPath(uuid), { query: { t: token }, signal }),
    retry: false,
    // The respondent's answers live in the page; refetching the form under them would only risk resetting it.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function sendSubmission(uuid: string, token: string | undefined, pending: PendingSubmission) {
  return api.post<{ uuid: string }>(`${publicPath(uuid)}/responses`, pending.submission, {
    query: { t: token },
    headers: { [IDEMPOTENCY_KEY_HEADER]: pending.key },
  });
}

export function usePublicSummary(uuid: string, token: string | undefined) {
  return useQuery({
    queryKey: ["public-survey-summary", uuid, token ?? ""],
    queryFn: ({ signal }) => api.get<PublicSummary>(`${publicPath(uuid)}/summary`, { query: { t: token }, signal }),
    retry: false,
  });
}
