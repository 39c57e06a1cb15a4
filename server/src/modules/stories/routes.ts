// /api/stories and /api/story_tags (spec 3 §7 Stories): repox.stories.show reads, repox.stories.edit writes.
import {
  ErrorBody,
  PERMISSIONS,
  STORY_LIMITS,
  STORY_READ_ONLY_FIELDS,
  Story,
  StoryCreateBody,
  StoryCreated,
  StoryListQuery,
  StoryPage,
  StoryParams,
  StoryTag,
  StoryTagBody,
  StoryTagListQuery,
  StoryTagPage,
  StoryUpdateBody,
} from "@repox/contracts";
import { z } from "zod";
import { readBack } from "../../platform/http/read-back.ts";
import type { App } from "../../platform/http/types.ts";
import type { StoriesService } from "./service.ts";

const show = { access: PERMISSIONS.storiesShow };
const edit = { access: PERMISSIONS.storiesEdit };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody };
const BASE = "/api/stories";

export function storyRoutes(app: App, stories: StoriesService) {
  const tags = ["Stories"];
  app.get(BASE, { config: show, schema: { tags, querystring: StoryListQuery, response: { 200: StoryPage, ...errors } } }, (req) =>
    stories.list(req.ctx, req.query),
  );
  app.get(`${BASE}/:id`, { config: show, schema: { tags, params: StoryParams, response: { 200: Story, ...errors } } }, (req) =>
    stories.get(req.ctx, req.params.id),
  );
  app.post(
    BASE,
    {
      config: edit,
      bodyLimit: STORY_LIMITS.bodyMaxBytes,
      schema: { tags, body: StoryCreateBody, response: { 201: StoryCreated, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await stories.create(req.ctx, req.body)),
  );
  app.put(
    `${BASE}/:id`,
    {
      config: { ...edit, readBack: readBack(STORY_READ_ONLY_FIELDS, (ctx, { id }: { id: string }) => stories.get(ctx, id)) },
      bodyLimit: STORY_LIMITS.bodyMaxBytes,
      schema: { tags, params: StoryParams, body: StoryUpdateBody, response: { 200: Story, ...errors } },
    },
    (req) => stories.update(req.ctx, req.params.id, req.body),
  );
  app.delete(`${BASE}/:id`, { config: edit, schema: { tags, params: StoryParams } }, async (req, reply) => {
    await stories.remove(req.ctx, req.params.id);
    return reply.status(204).send();
  });
  app.get(
    `${BASE}/:id/tags`,
    { config: show, schema: { tags, params: StoryParams, response: { 200: z.array(StoryTag), ...errors } } },
    (req) => stories.tagsOf(req.ctx, req.params.id),
  );

  app.get(
    "/api/story_tags",
    { config: show, schema: { tags, querystring: StoryTagListQuery, response: { 200: StoryTagPage, ...errors } } },
    (req) => stories.listTags(req.ctx, req.query),
  );
  app.post(
    "/api/story_tags",
    { config: edit, schema: { tags, body: StoryTagBody, response: { 201: StoryTag, ...errors } } },
    async (req, reply) => reply.status(201).send(await stories.createTag(req.ctx, req.body)),
  );
}
