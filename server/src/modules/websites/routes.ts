// /api/str/websites (spec 3 §7 Websites): repox.stories.show reads, repox.stories.edit writes.
import {
  ActivityQuery,
  ErrorBody,
  PageQuery,
  PERMISSIONS,
  Story,
  SurveyActivityPage,
  WEBSITE_READ_ONLY_FIELDS,
  Website,
  WebsiteBody,
  WebsiteLinkBody,
  WebsitePage,
  WebsiteParams,
} from "@repox/contracts";
import { z } from "zod";
import { readBack } from "../../platform/http/read-back.ts";
import type { App } from "../../platform/http/types.ts";
import type { WebsitesService } from "./service.ts";

const show = { access: PERMISSIONS.storiesShow };
const edit = { access: PERMISSIONS.storiesEdit };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const BASE = "/api/str/websites";
/** The activity page has the shape of every Activity tab. */
const ActivityPage = SurveyActivityPage;

export function websiteRoutes(app: App, websites: WebsitesService) {
  const tags = ["Websites"];
  app.get(BASE, { config: show, schema: { tags, querystring: PageQuery, response: { 200: WebsitePage, ...errors } } }, (req) =>
    websites.list(req.ctx, req.query),
  );
  app.get(`${BASE}/:id`, { config: show, schema: { tags, params: WebsiteParams, response: { 200: Website, ...errors } } }, (req) =>
    websites.get(req.ctx, req.params.id),
  );
  app.post(BASE, { config: edit, schema: { tags, body: WebsiteBody, response: { 201: Website, ...errors } } }, async (req, reply) =>
    reply.status(201).send(await websites.create(req.ctx, req.body)),
  );
  app.put(
    `${BASE}/:id`,
    {
      config: { ...edit, readBack: readBack(WEBSITE_READ_ONLY_FIELDS, (ctx, { id }: { id: string }) => websites.get(ctx, id)) },
      schema: { tags, params: WebsiteParams, body: WebsiteBody, response: { 200: Website, ...errors } },
    },
    (req) => websites.update(req.ctx, req.params.id, req.body),
  );
  app.delete(`${BASE}/:id`, { config: edit, schema: { tags, params: WebsiteParams } }, async (req, reply) => {
    await websites.remove(req.ctx, req.params.id);
    return reply.status(204).send();
  });
  app.get(
    `${BASE}/:id/activity`,
    { config: show, schema: { tags, params: WebsiteParams, querystring: ActivityQuery, response: { 200: ActivityPage, ...errors } } },
    (req) => websites.activity(req.ctx, req.params.id, req.query),
  );
  app.get(`${BASE}/:id/story`, { config: show, schema: { tags, params: WebsiteParams, response: { 200: Story, ...errors } } }, (req) =>
    websites.story(req.ctx, req.params.id),
  );
  app.post(
    `${BASE}/:id/link`,
    { config: edit, schema: { tags, params: WebsiteParams, body: WebsiteLinkBody, response: { 200: Website, ...errors } } },
    (req) => websites.link(req.ctx, req.params.id, req.body.storyId),
  );
  app.post(
    `${BASE}/:id/unlink`,
    { config: edit, schema: { tags, params: WebsiteParams, body: z.object({}).optional(), response: { 200: Website, ...errors } } },
    (req) => websites.unlink(req.ctx, req.params.id),
  );
}
