// /api/property_namespaces: read by every signed-in user, changed with the content-model edit permission.
import { ContentModelListQuery, Namespace, NamespaceCreateBody, NamespaceParams, NamespaceUpdateBody, pageOf } from "@repox/contracts";
import type { App } from "../../platform/http/types.ts";
import { edit, errors, read } from "./route-access.ts";
import type { ContentModelService } from "./service.ts";

export function namespaceRoutes(app: App, model: ContentModelService) {
  const tags = ["Content model: namespaces"];
  app.get(
    "/api/property_namespaces",
    { config: read, schema: { tags, querystring: ContentModelListQuery, response: { 200: pageOf(Namespace), ...errors } } },
    (req) => model.listNamespaces(req.ctx, req.query),
  );
  app.get(
    "/api/property_namespaces/:code",
    { config: read, schema: { tags, params: NamespaceParams, response: { 200: Namespace, ...errors } } },
    (req) => model.getNamespace(req.ctx, req.params.code),
  );
  app.post(
    "/api/property_namespaces",
    { config: edit, schema: { tags, body: NamespaceCreateBody, response: { 201: Namespace, ...errors } } },
    async (req, reply) => reply.status(201).send(await model.createNamespace(req.ctx, req.body)),
  );
  app.put(
    "/api/property_namespaces/:code",
    { config: edit, schema: { tags, params: NamespaceParams, body: NamespaceUpdateBody, response: { 200: Namespace, ...errors } } },
    (req) => model.updateNamespace(req.ctx, req.params.code, req.body),
  );
  app.delete("/api/property_namespaces/:code", { config: edit, schema: { tags, params: NamespaceParams } }, async (req, reply) => {
    await model.deleteNamespace(req.ctx, req.params.code);
    return reply.status(204).send();
  });
}
