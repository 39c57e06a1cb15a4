// /api/containers: every signed-in user reads; creating and changing needs repox.store.content.edit, publishing
// repox.store.container.publish.
import {
  ActivityItem,
  ActivityQuery,
  CONTAINER_READ_ONLY_FIELDS,
  Container,
  ContainerColorBody,
  ContainerCreateBody,
  ContainerCreateQuery,
  ContainerLabelBody,
  ContainerLinkQuery,
  ContainerListQuery,
  ContainerMoveBody,
  ContainerPage,
  ContainerPublishState,
  ContainerReport,
  ContainerSummary,
  ContainerUpdateBody,
  DatastreamSummaryPage,
  ErrorBody,
  PERMISSIONS,
  pageOf,
  UuidParams,
} from "@repox/contracts";
import { readBack } from "../../platform/http/read-back.ts";
import type { App } from "../../platform/http/types.ts";
import type { ContainersService } from "./service.ts";

const read = { access: "signed-in" };
const edit = { access: PERMISSIONS.contentEdit };
const publish = { access: PERMISSIONS.containerPublish };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export function containerRoutes(app: App, containers: ContainersService) {
  const doc = { tags: ["Containers"] };
  const params = UuidParams;

  app.get(
    "/api/containers",
    { config: read, schema: { ...doc, querystring: ContainerListQuery, response: { 200: ContainerPage, ...errors } } },
    (req) => containers.listRoot(req.ctx, req.query),
  );
  app.post(
    "/api/containers",
    {
      config: edit,
      schema: { ...doc, querystring: ContainerCreateQuery, body: ContainerCreateBody, response: { 201: Container, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await containers.create(req.ctx, req.query.to, req.body)),
  );
  app.get("/api/containers/:uuid", { config: read, schema: { ...doc, params, response: { 200: Container, ...errors } } }, (req) =>
    containers.get(req.ctx, req.params.uuid),
  );
  app.put(
    "/api/containers/:uuid",
    {
      config: { ...edit, readBack: readBack(CONTAINER_READ_ONLY_FIELDS, (ctx, { uuid }: { uuid: string }) => containers.get(ctx, uuid)) },
      schema: { ...doc, params, body: ContainerUpdateBody, response: { 200: Container, ...errors } },
    },
    (req) => containers.update(req.ctx, req.params.uuid, req.body),
  );
  app.get(
    "/api/containers/:uuid/children",
    { config: read, schema: { ...doc, params, querystring: ContainerListQuery, response: { 200: ContainerPage, ...errors } } },
    (req) => containers.listChildren(req.ctx, req.params.uuid, req.query),
  );
  app.get(
    "/api/containers/:uuid/datastreams",
    { config: read, schema: { ...doc, params, querystring: ContainerListQuery, response: { 200: DatastreamSummaryPage, ...errors } } },
    (req) => containers.listDatastreams(req.ctx, req.params.uuid, req.query),
  );
  app.put(
    "/api/containers/:uuid/label",
    { config: edit, schema: { ...doc, params, body: ContainerLabelBody, response: { 200: ContainerSummary, ...errors } } },
    (req) => containers.rename(req.ctx, req.params.uuid, req.body.label),
  );
  app.put(
    "/api/containers/:uuid/color",
    { config: edit, schema: { ...doc, params, body: ContainerColorBody, response: { 200: ContainerSummary, ...errors } } },
    (req) => containers.setColor(req.ctx, req.params.uuid, req.body.color),
  );
  app.post(
    "/api/containers/:uuid/move",
    { config: edit, schema: { ...doc, params, body: ContainerMoveBody, response: { 200: Container, ...errors } } },
    (req) => containers.move(req.ctx, req.params.uuid, req.body),
  );
  app.post(
    "/api/containers/:uuid/link",
    { config: edit, schema: { ...doc, params, querystring: ContainerLinkQuery, response: { 200: Container, ...errors } } },
    (req) => containers.link(req.ctx, req.params.uuid, req.query.to),
  );
  app.post(
    "/api/containers/:uuid/publish",
    { config: publish, schema: { ...doc, params, response: { 200: ContainerPublishState, ...errors } } },
    (req) => containers.setPublished(req.ctx, req.params.uuid, true),
  );
  app.post(
    "/api/containers/:uuid/unpublish",
    { config: publish, schema: { ...doc, params, response: { 200: ContainerPublishState, ...errors } } },
    (req) => containers.setPublished(req.ctx, req.params.uuid, false),
  );
  app.post(
    "/api/containers/:uuid/reports",
    { config: read, schema: { ...doc, params, response: { 200: ContainerReport, ...errors } } },
    (req) => containers.report(req.ctx, req.params.uuid),
  );
  app.get(
    "/api/containers/:uuid/activity",
    { config: read, schema: { ...doc, params, querystring: ActivityQuery, response: { 200: pageOf(ActivityItem), ...errors } } },
    (req) => containers.activity(req.ctx, req.params.uuid, req.query),
  );
}
