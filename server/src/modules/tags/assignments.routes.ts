// Tags on content: every signed-in user reads an item's tags and a tag's items; adding and removing a tag needs
// repox.store.content.edit (the tags themselves are edited with repox.store.tags.edit, routes.ts).
import {
  ErrorBody,
  IdParams,
  PERMISSIONS,
  pageOf,
  Tag,
  TagAssignmentBody,
  TaggedItem,
  TaggedItemsQuery,
  UuidParams,
} from "@repox/contracts";
import { z } from "zod";
import type { App } from "../../platform/http/types.ts";
import type { TagAssignmentsService } from "./assignments.service.ts";

const read = { access: "signed-in" };
const edit = { access: PERMISSIONS.contentEdit };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export function tagAssignmentRoutes(app: App, assignments: TagAssignmentsService) {
  const doc = { tags: ["Tags"] };
  const change = { ...doc, params: IdParams, body: TagAssignmentBody, response: { 200: z.array(Tag), ...errors } };
  app.post("/api/tags/:id/add", { config: edit, schema: change }, (req) => assignments.add(req.ctx, req.params.id, req.body));
  app.post("/api/tags/:id/remove", { config: edit, schema: change }, (req) => assignments.remove(req.ctx, req.params.id, req.body));
  app.get(
    "/api/tags/:id/items",
    { config: read, schema: { ...doc, params: IdParams, querystring: TaggedItemsQuery, response: { 200: pageOf(TaggedItem), ...errors } } },
    (req) => assignments.items(req.ctx, req.params.id, req.query),
  );
  const itemTags = { ...doc, params: UuidParams, response: { 200: z.array(Tag), ...errors } };
  app.get("/api/containers/:uuid/tags", { config: read, schema: itemTags }, (req) =>
    assignments.tagsOf(req.ctx, "CONTAINER", req.params.uuid),
  );
  app.get("/api/datastreams/:uuid/tags", { config: read, schema: itemTags }, (req) =>
    assignments.tagsOf(req.ctx, "DATASTREAM", req.params.uuid),
  );
}
