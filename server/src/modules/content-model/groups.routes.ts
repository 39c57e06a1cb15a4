// /api/property_groups: read by every signed-in user, changed with the content-model edit permission.
import { ContentModelListQuery, IdParams, PropertyGroup, PropertyGroupCreateBody, PropertyGroupUpdateBody, pageOf } from "@repox/contracts";
import type { App } from "../../platform/http/types.ts";
import { edit, errors, read } from "./route-access.ts";
import type { ContentModelService } from "./service.ts";

export function groupRoutes(app: App, model: ContentModelService) {
  const tags = ["Content model: property groups"];
  app.get(
    "/api/property_groups",
    { config: read, schema: { tags, querystring: ContentModelListQuery, response: { 200: pageOf(PropertyGroup), ...errors } } },
    (req) => model.listGroups(req.ctx, req.query),
  );
  app.get(
    "/api/property_groups/:id",
    { config: read, schema: { tags, params: IdParams, response: { 200: PropertyGroup, ...errors } } },
    (req) => model.getGroup(req.ctx, req.params.id),
  );
  app.post(
    "/api/property_groups",
    { config: edit, schema: { tags, body: PropertyGroupCreateBody, response: { 201: PropertyGroup, ...errors } } },
    async (req, reply) => reply.status(201).send(await model.createGroup(req.ctx, req.body)),
  );
  app.put(
    "/api/property_groups/:id",
    { config: edit, schema: { tags, params: IdParams, body: PropertyGroupUpdateBody, response: { 200: PropertyGroup, ...errors } } },
    (req) => model.updateGroup(req.ctx, req.params.id, req.body),
  );
  app.delete("/api/property_groups/:id", { config: edit, schema: { tags, params: IdParams } }, async (req, reply) => {
    await model.deleteGroup(req.ctx, req.params.id);
    return reply.status(204).send();
  });
}
