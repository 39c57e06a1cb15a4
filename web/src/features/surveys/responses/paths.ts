// Addresses of the Responses area under the survey editor's route /surveys/edit/{uuid}/{page}/{subpage}/{responseUuid}.
export const RESPONSE_VIEWS = ["summary", "individual", "list"] as const;
export type ResponseViewName = (typeof RESPONSE_VIEWS)[number];

export function responseViewOf(subpage: string | undefined): ResponseViewName {
  return RESPONSE_VIEWS.find((view) => view === subpage) ?? "summary";
}

export function responsesPath(surveyUuid: string, view: ResponseViewName, responseUuid?: string): string {
  const base = `/surveys/edit/${surveyUuid}/responses/${view}`;
  return responseUuid ? `${base}/${responseUuid}` : base;
}

export function surveyEditPath(surveyUuid: string): string {
  return `/surveys/edit/${surveyUuid}`;
}
