// Removing containers and the trash: every signed-in user sees the trash; removing, restoring and deleting for good
// need repox.store.content.delete.
import {
  ContainerRemoveQuery,
  ContainerRemoveResult,
  ErrorBody,
  PERMISSIONS,
  pageOf,
  TrashActionResult,
  TrashDeleteBody,
  TrashItem,
  TrashListQuery,
  TrashRestoreBody,
  UuidParams,
} from "@repox/contracts";
import type { App } from "../../platform/http/types.ts";
import type { TrashService } from "./service.ts";

const read = { access: "signed-in" };
const remove = { access: PERMISSIONS.contentDelete };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export function trashRoutes(app: App, trash: TrashService) {
  const doc = { tags: ["Trash"] };
  app.post(
    "/api/containers/:uuid/remove",
    {
      config: remove,
      schema: { ...doc, params: UuidParams, querystring: ContainerRemoveQuery, response: { 200: ContainerRemoveResult, ...errors } },
    },
    (req) => trash.removeContainer(req.ctx, req.params.uuid, req.query.from),
  );
  app.get(
    "/api/trash/items",
    { config: read, schema: { ...doc, querystring: TrashListQuery, response: { 200: pageOf(TrashItem), ...errors } } },
    (req) => trash.list(req.ctx, req.query),
  );
  app.post(
    "/api/trash/items/restore",
    { config: remove, schema: { ...doc, body: TrashRestoreBody, response: { 200: TrashActionResult, ...errors } } },
    (req) => trash.restore(req.ctx, req.body),
  );
  app.delete(
    "/api/trash/items",
    { config: remove, schema: { ...doc, body: TrashDeleteBody, response: { 200: TrashActionResult, ...errors } } },
    (req) => trash.deleteForGood(req.ctx, req.body),
  );
}
