// /api/tags: every signed-in user reads; writing needs repox.store.tags.edit.
import { ErrorBody, IdParams, PERMISSIONS, pageOf, Tag, TagBody, TagListQuery, TagUpdateBody } from "@repox/contracts";
import type { App } from "../../platform/http/types.ts";
import type { TagsService } from "./service.ts";

const read = { access: "signed-in" };
const edit = { access: PERMISSIONS.tagsEdit };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export function tagRoutes(app: App, tags: TagsService) {
  const doc = { tags: ["Tags"] };
  app.get("/api/tags", { config: read, schema: { ...doc, querystring: TagListQuery, response: { 200: pageOf(Tag), ...errors } } }, (req) =>
    tags.list(req.ctx, req.query),
  );
  app.get("/api/tags/:id", { config: read, schema: { ...doc, params: IdParams, response: { 200: Tag, ...errors } } }, (req) =>
    tags.get(req.ctx, req.params.id),
  );
  app.post("/api/tags", { config: edit, schema: { ...doc, body: TagBody, response: { 201: Tag, ...errors } } }, async (req, reply) =>
    reply.status(201).send(await tags.create(req.ctx, req.body)),
  );
  app.put(
    "/api/tags/:id",
    { config: edit, schema: { ...doc, params: IdParams, body: TagUpdateBody, response: { 200: Tag, ...errors } } },
    (req) => tags.update(req.ctx, req.params.id, req.body),
  );
  app.delete("/api/tags/:id", { config: edit, schema: { ...doc, params: IdParams } }, async (req, reply) => {
    await tags.delete(req.ctx, req.params.id);
    return reply.status(204).send();
  });
}
