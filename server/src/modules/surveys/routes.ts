// /api/addons/srv/surveys (spec 3 §7): survey CRUD, activity, deleting responses, the share link and e-mailed links.
// repox.surveys.show reads, repox.surveys.edit writes. The response reads are in responses/.
import {
  ActivityQuery,
  CheckedSurveyBody,
  ErrorBody,
  PERMISSIONS,
  ResponseParams,
  ShareBody,
  ShareResult,
  SURVEY_LIMITS,
  SURVEY_READ_ONLY_FIELDS,
  Survey,
  SurveyActivityPage,
  SurveyLink,
  SurveyListQuery,
  SurveyPage,
  SurveyParams,
} from "@repox/contracts";
import type { FastifyRequest } from "fastify";
import { readBack } from "../../platform/http/read-back.ts";
import type { App } from "../../platform/http/types.ts";
import type { SurveysService } from "./service.ts";

const show = { access: PERMISSIONS.surveysShow };
const edit = { access: PERMISSIONS.surveysEdit };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody };
const BASE = "/api/addons/srv/surveys";

/** Where links in e-mails and the Share modal point: PUBLIC_URL when set, else the address the request came to. */
export function appOrigin(req: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${req.protocol}://${req.host}`;
}

export function surveyRoutes(app: App, surveys: SurveysService, publicUrl: string | undefined) {
  const tags = ["Surveys"];
  app.get(BASE, { config: show, schema: { tags, querystring: SurveyListQuery, response: { 200: SurveyPage, ...errors } } }, (req) =>
    surveys.list(req.ctx, req.query),
  );
  app.get(`${BASE}/:uuid`, { config: show, schema: { tags, params: SurveyParams, response: { 200: Survey, ...errors } } }, (req) =>
    surveys.get(req.ctx, req.params.uuid),
  );
  app.post(
    BASE,
    {
      config: edit,
      bodyLimit: SURVEY_LIMITS.surveyMaxBytes,
      schema: { tags, body: CheckedSurveyBody, response: { 201: Survey, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await surveys.create(req.ctx, req.body)),
  );
  app.put(
    `${BASE}/:uuid`,
    {
      config: { ...edit, readBack: readBack(SURVEY_READ_ONLY_FIELDS, (ctx, { uuid }: { uuid: string }) => surveys.get(ctx, uuid)) },
      bodyLimit: SURVEY_LIMITS.surveyMaxBytes,
      schema: { tags, params: SurveyParams, body: CheckedSurveyBody, response: { 200: Survey, ...errors } },
    },
    (req) => surveys.update(req.ctx, req.params.uuid, req.body),
  );
  app.delete(`${BASE}/:uuid`, { config: edit, schema: { tags, params: SurveyParams } }, async (req, reply) => {
    await surveys.remove(req.ctx, req.params.uuid);
    return reply.status(204).send();
  });
  app.get(
    `${BASE}/:uuid/activity`,
    { config: show, schema: { tags, params: SurveyParams, querystring: ActivityQuery, response: { 200: SurveyActivityPage, ...errors } } },
    (req) => surveys.activity(req.ctx, req.params.uuid, req.query),
  );
  app.delete(`${BASE}/:uuid/responses/:responseUuid`, { config: edit, schema: { tags, params: ResponseParams } }, async (req, reply) => {
    await surveys.deleteResponse(req.ctx, req.params.uuid, req.params.responseUuid);
    return reply.status(204).send();
  });
  app.delete(`${BASE}/:uuid/responses`, { config: edit, schema: { tags, params: SurveyParams } }, async (req, reply) => {
    await surveys.deleteAllResponses(req.ctx, req.params.uuid);
    return reply.status(204).send();
  });
  app.get(`${BASE}/:uuid/link`, { config: show, schema: { tags, params: SurveyParams, response: { 200: SurveyLink, ...errors } } }, (req) =>
    surveys.link(req.ctx, req.params.uuid, appOrigin(req, publicUrl)),
  );
  app.post(
    `${BASE}/:uuid/share`,
    { config: edit, schema: { tags, params: SurveyParams, body: ShareBody, response: { 200: ShareResult, ...errors } } },
    (req) => surveys.share(req.ctx, req.params.uuid, req.body, appOrigin(req, publicUrl)),
  );
}
