// /api/slide_templates (spec 3 §7 Stories): the 'Select a Slide Template' lists, saving a slide as a template, deleting
// one's own. repox.stories.show reads, repox.stories.edit writes.
import {
  ErrorBody,
  PERMISSIONS,
  SlideTemplate,
  SlideTemplateBody,
  SlideTemplateListQuery,
  SlideTemplatePage,
  SlideTemplateParams,
  STORY_LIMITS,
} from "@repox/contracts";
import type { App } from "../../platform/http/types.ts";
import type { SlideTemplatesService } from "./slide-templates.ts";

const show = { access: PERMISSIONS.storiesShow };
const edit = { access: PERMISSIONS.storiesEdit };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody };
const BASE = "/api/slide_templates";

export function slideTemplateRoutes(app: App, templates: SlideTemplatesService) {
  const tags = ["Stories"];
  app.get(
    BASE,
    { config: show, schema: { tags, querystring: SlideTemplateListQuery, response: { 200: SlideTemplatePage, ...errors } } },
    (req) => templates.list(req.ctx, req.query),
  );
  app.post(
    BASE,
    {
      config: edit,
      bodyLimit: STORY_LIMITS.bodyMaxBytes,
      schema: { tags, body: SlideTemplateBody, response: { 201: SlideTemplate, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await templates.create(req.ctx, req.body)),
  );
  app.delete(`${BASE}/:id`, { config: edit, schema: { tags, params: SlideTemplateParams } }, async (req, reply) => {
    await templates.remove(req.ctx, req.params.id);
    return reply.status(204).send();
  });
}
