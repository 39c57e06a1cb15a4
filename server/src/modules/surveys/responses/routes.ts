// A survey's responses, read with repox.surveys.show: the list, one response, the pager's uuids, the summary with its
// 'View more' pages and the xlsx export; and the public summary (tenant header, no sign-in, rate-limited).
import {
  ErrorBody,
  PERMISSIONS,
  PublicSummary,
  PublicSurveyQuery,
  ResponseListQuery,
  ResponsePage,
  ResponseParams,
  ResponseSummary,
  SummaryAnswersPage,
  SummaryAnswersParams,
  SummaryAnswersQuery,
  SurveyParams,
  SurveyResponse,
  XLSX_MEDIA_TYPE,
} from "@repox/contracts";
import { z } from "zod";
import { sendMadeFile } from "../../../platform/http/made-file.ts";
import { errorAnswers, streamedFileAnswer } from "../../../platform/http/openapi-answers.ts";
import type { App } from "../../../platform/http/types.ts";
import type { SurveyResponsesService } from "./service.ts";

const read = { access: PERMISSIONS.surveysShow };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** The individual view's pager: every response's uuid, newest first (plain strings: they come from the primary key). */
const ResponseUuids = z.array(z.string());

/** `perMinute`: public survey submissions a minute from one address; reads such as the public summary get four times as many. */
export function surveyResponseRoutes(app: App, responses: SurveyResponsesService, limits: { perMinute: number }) {
  const tags = ["Surveys"];
  const base = "/api/addons/srv/surveys/:uuid";
  app.get(
    `${base}/responses`,
    { config: read, schema: { tags, params: SurveyParams, querystring: ResponseListQuery, response: { 200: ResponsePage, ...errors } } },
    (req) => responses.list(req.ctx, req.params.uuid, req.query),
  );
  app.get(
    `${base}/responses/:responseUuid`,
    { config: read, schema: { tags, params: ResponseParams, response: { 200: SurveyResponse, ...errors } } },
    (req) => responses.get(req.ctx, req.params.uuid, req.params.responseUuid),
  );
  app.get(
    `${base}/responses_uuids`,
    { config: read, schema: { tags, params: SurveyParams, response: { 200: ResponseUuids, ...errors } } },
    (req) => responses.uuids(req.ctx, req.params.uuid),
  );
  app.get(
    `${base}/summary`,
    { config: read, schema: { tags, params: SurveyParams, response: { 200: ResponseSummary, ...errors } } },
    (req) => responses.summary(req.ctx, req.params.uuid),
  );
  app.get(
    `${base}/summary/:questionId/answers`,
    {
      config: read,
      schema: { tags, params: SummaryAnswersParams, querystring: SummaryAnswersQuery, response: { 200: SummaryAnswersPage, ...errors } },
    },
    (req) => responses.summaryAnswers(req.ctx, req.params.uuid, req.params.questionId, req.query.page),
  );
  const exportAnswers = {
    ...streamedFileAnswer([XLSX_MEDIA_TYPE], "The survey's responses as a spreadsheet"),
    ...errorAnswers([400, 401, 403, 404]),
  };
  app.get(
    `${base}/export`,
    { config: read, schema: { tags, params: SurveyParams, documented: { responses: exportAnswers } } },
    async (req, reply) => {
      const { fileName, content } = await responses.exportResponses(req.ctx, req.params.uuid);
      return sendMadeFile(reply, { mediaType: XLSX_MEDIA_TYPE, fileName, content });
    },
  );

  app.get(
    "/api/addons/srv/public/:uuid/summary",
    {
      config: { access: "tenant", rateLimit: { max: 4 * limits.perMinute, timeWindow: 60_000 } },
      schema: { tags, params: SurveyParams, querystring: PublicSurveyQuery, response: { 200: PublicSummary, ...errors } },
    },
    (req) => responses.publicSummary(req.ctx, req.params.uuid, req.query.t),
  );
}
