// /api/container_types and /api/datastream_types.
import {
  ContainerType,
  ContainerTypeBody,
  ContainerTypeListQuery,
  ContainerTypeSummary,
  DatastreamType,
  DatastreamTypeBody,
  DatastreamTypeSummary,
  pageOf,
  TypeListQuery,
  TypeParams,
} from "@repox/contracts";
import type { App } from "../../platform/http/types.ts";
import { edit, errors, read } from "./route-access.ts";
import type { ContentModelService } from "./service.ts";

export function typeRoutes(app: App, model: ContentModelService) {
  const containers = ["Content model: container types"];
  app.get(
    "/api/container_types",
    {
      config: read,
      schema: { tags: containers, querystring: ContainerTypeListQuery, response: { 200: pageOf(ContainerTypeSummary), ...errors } },
    },
    (req) => model.listContainerTypes(req.ctx, req.query),
  );
  app.get(
    "/api/container_types/:code",
    { config: read, schema: { tags: containers, params: TypeParams, response: { 200: ContainerType, ...errors } } },
    (req) => model.getContainerType(req.ctx, req.params.code),
  );
  app.post(
    "/api/container_types",
    { config: edit, schema: { tags: containers, body: ContainerTypeBody, response: { 201: ContainerType, ...errors } } },
    async (req, reply) => reply.status(201).send(await model.createContainerType(req.ctx, req.body)),
  );
  app.put(
    "/api/container_types/:code",
    {
      config: edit,
      schema: { tags: containers, params: TypeParams, body: ContainerTypeBody, response: { 200: ContainerType, ...errors } },
    },
    (req) => model.updateContainerType(req.ctx, req.params.code, req.body),
  );
  app.delete("/api/container_types/:code", { config: edit, schema: { tags: containers, params: TypeParams } }, async (req, reply) => {
    await model.deleteContainerType(req.ctx, req.params.code);
    return reply.status(204).send();
  });

  const datastreams = ["Content model: datastream types"];
  app.get(
    "/api/datastream_types",
    {
      config: read,
      schema: { tags: datastreams, querystring: TypeListQuery, response: { 200: pageOf(DatastreamTypeSummary), ...errors } },
    },
    (req) => model.listDatastreamTypes(req.ctx, req.query),
  );
  app.get(
    "/api/datastream_types/:code",
    { config: read, schema: { tags: datastreams, params: TypeParams, response: { 200: DatastreamType, ...errors } } },
    (req) => model.getDatastreamType(req.ctx, req.params.code),
  );
  app.post(
    "/api/datastream_types",
    { config: edit, schema: { tags: datastreams, body: DatastreamTypeBody, response: { 201: DatastreamType, ...errors } } },
    async (req, reply) => reply.status(201).send(await model.createDatastreamType(req.ctx, req.body)),
  );
  app.put(
    "/api/datastream_types/:code",
    {
      config: edit,
      schema: { tags: datastreams, params: TypeParams, body: DatastreamTypeBody, response: { 200: DatastreamType, ...errors } },
    },
    (req) => model.updateDatastreamType(req.ctx, req.params.code, req.body),
  );
  app.delete("/api/datastream_types/:code", { config: edit, schema: { tags: datastreams, params: TypeParams } }, async (req, reply) => {
    await model.deleteDatastreamType(req.ctx, req.params.code);
    return reply.status(204).send();
  });
}
