// GET /addons/srv/surveys/{uuid}/activity?page= (spec 3 §7): the survey's activity log, newest first, one page at a time.
import type { ActivityItem, Page } from "@repox/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client.ts";
import { surveysKey } from "../api.ts";

export function useSurveyActivity(surveyUuid: string, page: number) {
  return useQuery({
    queryKey: [...surveysKey, surveyUuid, "activity", page],
    queryFn: ({ signal }) =>
      api.get<Page<ActivityItem>>(`/addons/srv/surveys/${encodeURIComponent(surveyUuid)}/activity`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}
