// /api/storage: how much of the quota is used, and the files by size. Every signed-in user reads.
import { ErrorBody, StorageInfo, StorageItemPage, StorageItemsQuery } from "@repox/contracts";
import type { App } from "../../platform/http/types.ts";
import type { StorageService } from "./service.ts";

const read = { access: "signed-in" };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

export function storageRoutes(app: App, storage: StorageService) {
  const doc = { tags: ["Storage"] };
  app.get("/api/storage/info", { config: read, schema: { ...doc, response: { 200: StorageInfo, ...errors } } }, (req) =>
    storage.info(req.ctx),
  );
  app.get(
    "/api/storage/items",
    { config: read, schema: { ...doc, querystring: StorageItemsQuery, response: { 200: StorageItemPage, ...errors } } },
    (req) => storage.listItems(req.ctx, req.query),
  );
}
