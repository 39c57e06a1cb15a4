// /api/str/screens (spec 3 §7 Screens): repox.stories.show reads, repox.stories.edit writes.
import {
  ActivityQuery,
  ErrorBody,
  LinkStoryBody,
  PairBody,
  PERMISSIONS,
  SCREEN_READ_ONLY_FIELDS,
  Screen,
  ScreenActivityPage,
  ScreenBody,
  ScreenCommand,
  ScreenCommandBody,
  ScreenListQuery,
  ScreenPage,
  ScreenParams,
  ScreenStatus,
  ScreenStory,
  ScreenUnlinkBody,
} from "@repox/contracts";
import { readBack } from "../../platform/http/read-back.ts";
import type { App } from "../../platform/http/types.ts";
import type { ScreensService } from "./service.ts";

const show = { access: PERMISSIONS.storiesShow };
const edit = { access: PERMISSIONS.storiesEdit };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const BASE = "/api/str/screens";

export function screenRoutes(app: App, screens: ScreensService) {
  const tags = ["Screens"];
  const params = ScreenParams;
  app.get(BASE, { config: show, schema: { tags, querystring: ScreenListQuery, response: { 200: ScreenPage, ...errors } } }, (req) =>
    screens.list(req.ctx, req.query),
  );
  app.get(`${BASE}/:id`, { config: show, schema: { tags, params, response: { 200: Screen, ...errors } } }, (req) =>
    screens.get(req.ctx, req.params.id),
  );
  app.post(BASE, { config: edit, schema: { tags, body: ScreenBody, response: { 201: Screen, ...errors } } }, async (req, reply) =>
    reply.status(201).send(await screens.create(req.ctx, req.body)),
  );
  const readScreen = readBack(SCREEN_READ_ONLY_FIELDS, (ctx, { id }: { id: string }) => screens.get(ctx, id));
  app.put(
    `${BASE}/:id`,
    { config: { ...edit, readBack: readScreen }, schema: { tags, params, body: ScreenBody, response: { 200: Screen, ...errors } } },
    (req) => screens.update(req.ctx, req.params.id, req.body),
  );
  app.delete(`${BASE}/:id`, { config: edit, schema: { tags, params } }, async (req, reply) => {
    await screens.remove(req.ctx, req.params.id);
    return reply.status(204).send();
  });
  app.get(
    `${BASE}/:id/activity`,
    { config: show, schema: { tags, params, querystring: ActivityQuery, response: { 200: ScreenActivityPage, ...errors } } },
    (req) => screens.activity(req.ctx, req.params.id, req.query),
  );
  app.get(`${BASE}/:id/status`, { config: show, schema: { tags, params, response: { 200: ScreenStatus, ...errors } } }, (req) =>
    screens.status(req.ctx, req.params.id),
  );
  app.get(`${BASE}/:id/story`, { config: show, schema: { tags, params, response: { 200: ScreenStory, ...errors } } }, (req) =>
    screens.story(req.ctx, req.params.id),
  );
  app.post(
    `${BASE}/:id/commands`,
    { config: edit, schema: { tags, params, body: ScreenCommandBody, response: { 200: ScreenCommand, ...errors } } },
    (req) => screens.command(req.ctx, req.params.id, req.body),
  );
  app.post(`${BASE}/:id/pair`, { config: edit, schema: { tags, params, body: PairBody, response: { 200: Screen, ...errors } } }, (req) =>
    screens.pair(req.ctx, req.params.id, req.body),
  );
  app.post(
    `${BASE}/:id/link`,
    { config: edit, schema: { tags, params, body: LinkStoryBody, response: { 200: Screen, ...errors } } },
    (req) => screens.link(req.ctx, req.params.id, req.body),
  );
  app.post(
    `${BASE}/:id/unlink`,
    { config: edit, schema: { tags, params, body: ScreenUnlinkBody, response: { 200: Screen, ...errors } } },
    (req) => screens.unlink(req.ctx, req.params.id),
  );
}
