// Stars and the Recent and Starred lists: every signed-in user, each with their own stars. The four list paths are
// static, so Fastify chooses them before /api/containers/:uuid and /api/datastreams/:uuid.
import { ContainerPage, DatastreamListItem, ErrorBody, PersonalListQuery, pageOf, StarBody, StarRecord } from "@repox/contracts";
import type { App } from "../../platform/http/types.ts";
import type { StarsService } from "./service.ts";

const read = { access: "signed-in" };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export function starRoutes(app: App, stars: StarsService) {
  const doc = { tags: ["Stars, recent and starred"] };
  const containers = { ...doc, querystring: PersonalListQuery, response: { 200: ContainerPage, ...errors } };
  const datastreams = { ...doc, querystring: PersonalListQuery, response: { 200: pageOf(DatastreamListItem), ...errors } };
  app.post("/api/tags/starred", { config: read, schema: { ...doc, body: StarBody, response: { 200: StarRecord, ...errors } } }, (req) =>
    stars.star(req.ctx, req.body),
  );
  app.get("/api/containers/recent", { config: read, schema: containers }, (req) => stars.recentContainers(req.ctx, req.query));
  app.get("/api/datastreams/recent", { config: read, schema: datastreams }, (req) => stars.recentDatastreams(req.ctx, req.query));
  app.get("/api/containers/starred", { config: read, schema: containers }, (req) => stars.starredContainers(req.ctx, req.query));
  app.get("/api/datastreams/starred", { config: read, schema: datastreams }, (req) => stars.starredDatastreams(req.ctx, req.query));
}
