// /api/content/bulk/*: changes to a multi-selection, answered item by item. Moving, linking, tagging and colouring
// need repox.store.content.edit, publishing repox.store.container.publish, starring (the caller's own stars) only a
// signed-in user, as their single-item routes do.
import {
  BulkColorBody,
  BulkLinkBody,
  BulkMoveBody,
  BulkPublishBody,
  BulkResult,
  BulkStarBody,
  BulkTagBody,
  ErrorBody,
  PERMISSIONS,
} from "@repox/contracts";
import type { App } from "../../platform/http/types.ts";
import type { BulkService } from "./service.ts";

const signedIn = { access: "signed-in" };
const edit = { access: PERMISSIONS.contentEdit };
const publish = { access: PERMISSIONS.containerPublish };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export function bulkRoutes(app: App, bulk: BulkService) {
  const doc = { tags: ["Bulk actions"] };
  const response = { 200: BulkResult, ...errors };
  app.post("/api/content/bulk/move", { config: edit, schema: { ...doc, body: BulkMoveBody, response } }, (req) =>
    bulk.move(req.ctx, req.body),
  );
  app.post("/api/content/bulk/link", { config: edit, schema: { ...doc, body: BulkLinkBody, response } }, (req) =>
    bulk.link(req.ctx, req.body),
  );
  app.post("/api/content/bulk/star", { config: signedIn, schema: { ...doc, body: BulkStarBody, response } }, (req) =>
    bulk.star(req.ctx, req.body),
  );
  app.post("/api/content/bulk/tag", { config: edit, schema: { ...doc, body: BulkTagBody, response } }, (req) =>
    bulk.tag(req.ctx, req.body),
  );
  app.post("/api/content/bulk/color", { config: edit, schema: { ...doc, body: BulkColorBody, response } }, (req) =>
    bulk.color(req.ctx, req.body),
  );
  app.post("/api/content/bulk/publish", { config: publish, schema: { ...doc, body: BulkPublishBody, response } }, (req) =>
    bulk.publish(req.ctx, req.body),
  );
}
