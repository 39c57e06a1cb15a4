// /api/addons/srv/public (spec 3 §7 Public): a survey as a respondent sees it and its submissions. Tenant header, no
// sign-in; limited per address (429): reads `4 × perMinute`, submissions `perMinute` (SURVEY_RATE_LIMIT_PER_MINUTE,
// 60 by default). State refusals answer 403 with the spec's respondent message, a used personal link 409.
import {
  ErrorBody,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  PublicSurvey,
  PublicSurveyQuery,
  ResponseSubmission,
  SURVEY_LIMITS,
  SubmissionAnswer,
  SurveyParams,
} from "@repox/contracts";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { BadRequest, TooManyRequests } from "../../platform/errors.ts";
import type { App } from "../../platform/http/types.ts";
import type { PublicSurveysService } from "./public.service.ts";

const tenant = { access: "tenant" } as const;
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 429: ErrorBody };
const BASE = "/api/addons/srv/public";
const READS_PER_SUBMISSION = 4;

function idempotencyKey(req: FastifyRequest): string | undefined {
  const given = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (given === undefined) return undefined;
  if (typeof given !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(given)) {
    throw new BadRequest("Idempotency-Key: must be 8 to 128 letters, digits, '-' or '_'");
  }
  return given;
}

export function publicSurveyRoutes(app: App, respondents: PublicSurveysService, limits: { perMinute: number }) {
  const tags = ["Public surveys"];
  const limiter = (name: string, max: number) => {
    const limit = app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: (req) => `survey-${name}:${req.ip}` });
    return async (req: FastifyRequest) => {
      const result = await limit(req);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, Math.ceil(result.ttl / 1000));
        throw new TooManyRequests(`Too many requests from your address. Try again in ${seconds} seconds.`);
      }
    };
  };
  const readLimit = limiter("read", limits.perMinute * READS_PER_SUBMISSION);
  const submitLimit = limiter("submit", limits.perMinute);

  app.get(
    `${BASE}/:uuid`,
    {
      config: tenant,
      onRequest: readLimit,
      schema: { tags, params: SurveyParams, querystring: PublicSurveyQuery, response: { 200: PublicSurvey, ...errors } },
    },
    (req) => respondents.get(req.ctx, req.params.uuid, req.query.t),
  );
  app.post(
    `${BASE}/:uuid/responses`,
    {
      config: tenant,
      onRequest: submitLimit,
      bodyLimit: SURVEY_LIMITS.submissionMaxBytes,
      schema: {
        tags,
        params: SurveyParams,
        querystring: PublicSurveyQuery,
        body: ResponseSubmission,
        response: { 201: SubmissionAnswer, ...errors },
        // Read by idempotencyKey() rather than a headers schema, so a bad key answers the message above.
        documented: {
          headers: z.object({
            [IDEMPOTENCY_KEY_HEADER]: z
              .string()
              .regex(IDEMPOTENCY_KEY_PATTERN)
              .optional()
              .describe("Sent again with a retried submission, it answers the first submission's uuid instead of a second response"),
          }),
        },
      },
    },
    async (req, reply) => {
      const key = idempotencyKey(req);
      const answer = await respondents.submit(req.ctx, req.params.uuid, req.body, { token: req.query.t, idempotencyKey: key });
      return reply.status(201).send(answer);
    },
  );
}
