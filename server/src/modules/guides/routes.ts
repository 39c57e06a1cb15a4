// /api/guides (issue 14 Guides): guide CRUD, activity, publish and unpublish, the guide's images for staff;
// repox.stories.show reads, repox.stories.edit writes. /api/pub/guides: a published guide for a mobile app, tenant
// header and no sign-in, and its images by a link carrying the tenant; both limited per address (429).
import {
  ActivityItem,
  ActivityQuery,
  ErrorBody,
  GUIDE_LIMITS,
  GUIDE_READ_ONLY_FIELDS,
  Guide,
  GuideBody,
  GuideImageParams,
  GuideListQuery,
  GuidePage,
  GuideParams,
  PERMISSIONS,
  PublicGuide,
  PublicGuideImageQuery,
  pageOf,
} from "@repox/contracts";
import { storedFileAnswers } from "../../platform/http/openapi-answers.ts";
import { readBack } from "../../platform/http/read-back.ts";
import type { App } from "../../platform/http/types.ts";
import { sendContent } from "../datastreams/content-delivery.ts";
import { previewPresentation } from "../datastreams/presentation.ts";
import type { GuidesService } from "./service.ts";

const show = { access: PERMISSIONS.storiesShow };
const edit = { access: PERMISSIONS.storiesEdit };
const publicRead = { max: GUIDE_LIMITS.publicReadsPerMinute, timeWindow: 60_000 };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody };
const contentErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 416: ErrorBody, 429: ErrorBody };
const BASE = "/api/guides";
const PUBLIC_BASE = "/api/pub/guides";

export function guideRoutes(app: App, guides: GuidesService) {
  const tags = ["Guides"];
  const params = GuideParams;
  const write = { config: edit, bodyLimit: GUIDE_LIMITS.bodyMaxBytes };

  app.get(BASE, { config: show, schema: { tags, querystring: GuideListQuery, response: { 200: GuidePage, ...errors } } }, (req) =>
    guides.list(req.ctx, req.query),
  );
  app.get(`${BASE}/:id`, { config: show, schema: { tags, params, response: { 200: Guide, ...errors } } }, (req) =>
    guides.get(req.ctx, req.params.id),
  );
  app.post(BASE, { ...write, schema: { tags, body: GuideBody, response: { 201: Guide, ...errors } } }, async (req, reply) =>
    reply.status(201).send(await guides.create(req.ctx, req.body)),
  );
  const readGuide = readBack(GUIDE_READ_ONLY_FIELDS, (ctx, { id }: { id: string }) => guides.get(ctx, id));
  app.put(
    `${BASE}/:id`,
    { ...write, config: { ...edit, readBack: readGuide }, schema: { tags, params, body: GuideBody, response: { 200: Guide, ...errors } } },
    (req) => guides.update(req.ctx, req.params.id, req.body),
  );
  app.delete(`${BASE}/:id`, { config: edit, schema: { tags, params } }, async (req, reply) => {
    await guides.remove(req.ctx, req.params.id);
    return reply.status(204).send();
  });
  app.post(`${BASE}/:id/publish`, { config: edit, schema: { tags, params, response: { 200: Guide, ...errors } } }, (req) =>
    guides.publish(req.ctx, req.params.id),
  );
  app.post(`${BASE}/:id/unpublish`, { config: edit, schema: { tags, params, response: { 200: Guide, ...errors } } }, (req) =>
    guides.unpublish(req.ctx, req.params.id),
  );
  app.get(
    `${BASE}/:id/activity`,
    { config: show, schema: { tags, params, querystring: ActivityQuery, response: { 200: pageOf(ActivityItem), ...errors } } },
    (req) => guides.activity(req.ctx, req.params.id, req.query),
  );
  app.get(
    `${BASE}/:id/images/:sha256`,
    {
      config: { access: "signed-url" },
      schema: { tags, params: GuideImageParams, response: contentErrors, documented: storedFileAnswers("The image") },
    },
    async (req, reply) => {
      const file = await guides.image(req.ctx, req.params.id, req.params.sha256);
      return sendContent(req, reply, file, previewPresentation(file.mimeType));
    },
  );

  app.get(
    `${PUBLIC_BASE}/:id`,
    {
      config: { access: "tenant", rateLimit: publicRead },
      schema: { tags, params, response: { 200: PublicGuide, ...errors, 429: ErrorBody } },
    },
    (req) => guides.getPublished(req.ctx, req.params.id),
  );
  app.get(
    `${PUBLIC_BASE}/:id/images/:sha256`,
    {
      config: { access: "public", rateLimit: publicRead },
      schema: {
        tags,
        params: GuideImageParams,
        querystring: PublicGuideImageQuery,
        response: contentErrors,
        documented: storedFileAnswers("The image"),
      },
    },
    async (req, reply) => {
      const file = await guides.publishedImage(req.query.tenant, req.params.id, req.params.sha256);
      return sendContent(req, reply, file, previewPresentation(file.mimeType));
    },
  );
}
