// /api/properties, /api/property_types and the property usage lookups.
import {
  ContentModelUsages,
  Property,
  PropertyCreateBody,
  PropertyListQuery,
  PropertyParams,
  PropertyTypeInfo,
  PropertyUpdateBody,
  PropertyUsages,
  pageOf,
} from "@repox/contracts";
import { z } from "zod";
import type { App } from "../../platform/http/types.ts";
import { edit, errors, read } from "./route-access.ts";
import type { ContentModelService } from "./service.ts";

export function propertyRoutes(app: App, model: ContentModelService) {
  const tags = ["Content model: properties"];
  app.get("/api/property_types", { config: read, schema: { tags, response: { 200: z.array(PropertyTypeInfo), ...errors } } }, () =>
    model.propertyTypes(),
  );
  app.get(
    "/api/properties",
    { config: read, schema: { tags, querystring: PropertyListQuery, response: { 200: pageOf(Property), ...errors } } },
    (req) => model.listProperties(req.ctx, req.query),
  );
  app.get(
    "/api/properties/:propertyKey",
    { config: read, schema: { tags, params: PropertyParams, response: { 200: Property, ...errors } } },
    (req) => model.getProperty(req.ctx, req.params.propertyKey),
  );
  app.post(
    "/api/properties",
    { config: edit, schema: { tags, body: PropertyCreateBody, response: { 201: Property, ...errors } } },
    async (req, reply) => reply.status(201).send(await model.createProperty(req.ctx, req.body)),
  );
  app.put(
    "/api/properties/:propertyKey",
    { config: edit, schema: { tags, params: PropertyParams, body: PropertyUpdateBody, response: { 200: Property, ...errors } } },
    (req) => model.updateProperty(req.ctx, req.params.propertyKey, req.body),
  );
  app.delete("/api/properties/:propertyKey", { config: edit, schema: { tags, params: PropertyParams } }, async (req, reply) => {
    await model.deleteProperty(req.ctx, req.params.propertyKey);
    return reply.status(204).send();
  });
  app.post(
    "/api/properties/:propertyKey/usages",
    { config: read, schema: { tags, params: PropertyParams, response: { 200: PropertyUsages, ...errors } } },
    (req) => model.propertyUsages(req.ctx, req.params.propertyKey),
  );
  app.post(
    "/api/properties/:propertyKey/usages_cm",
    { config: read, schema: { tags, params: PropertyParams, response: { 200: ContentModelUsages, ...errors } } },
    (req) => model.propertyContentModelUsages(req.ctx, req.params.propertyKey),
  );
}
