// /api/property_qualifiers: read by every signed-in user, changed with the content-model edit permission.
import { ContentModelListQuery, pageOf, Qualifier, QualifierCreateBody, QualifierParams, QualifierUpdateBody } from "@repox/contracts";
import type { App } from "../../platform/http/types.ts";
import { edit, errors, read } from "./route-access.ts";
import type { ContentModelService } from "./service.ts";

export function qualifierRoutes(app: App, model: ContentModelService) {
  const tags = ["Content model: qualifiers"];
  app.get(
    "/api/property_qualifiers",
    { config: read, schema: { tags, querystring: ContentModelListQuery, response: { 200: pageOf(Qualifier), ...errors } } },
    (req) => model.listQualifiers(req.ctx, req.query),
  );
  app.get(
    "/api/property_qualifiers/:qualifierKey",
    { config: read, schema: { tags, params: QualifierParams, response: { 200: Qualifier, ...errors } } },
    (req) => model.getQualifier(req.ctx, req.params.qualifierKey),
  );
  app.post(
    "/api/property_qualifiers",
    { config: edit, schema: { tags, body: QualifierCreateBody, response: { 201: Qualifier, ...errors } } },
    async (req, reply) => reply.status(201).send(await model.createQualifier(req.ctx, req.body)),
  );
  app.put(
    "/api/property_qualifiers/:qualifierKey",
    { config: edit, schema: { tags, params: QualifierParams, body: QualifierUpdateBody, response: { 200: Qualifier, ...errors } } },
    (req) => model.updateQualifier(req.ctx, req.params.qualifierKey, req.body),
  );
  app.delete("/api/property_qualifiers/:qualifierKey", { config: edit, schema: { tags, params: QualifierParams } }, async (req, reply) => {
    await model.deleteQualifier(req.ctx, req.params.qualifierKey);
    return reply.status(204).send();
  });
}
