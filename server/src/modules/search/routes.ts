// /api/search (the global search box and the move picker) and /api/containers/search (the reference picker): every
// signed-in user; users and groups appear only for holders of repox.store.settings.iam.show.
import { ContainerSearchBody, ContainerSearchHit, ErrorBody, SearchBody, SearchQuery, SearchResults } from "@repox/contracts";
import { z } from "zod";
import type { App } from "../../platform/http/types.ts";
import type { SearchService } from "./service.ts";

const read = { access: "signed-in" };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

export function searchRoutes(app: App, search: SearchService) {
  const doc = { tags: ["Search"] };
  app.post(
    "/api/search",
    { config: read, schema: { ...doc, querystring: SearchQuery, body: SearchBody, response: { 200: SearchResults, ...errors } } },
    (req) => search.search(req.ctx, req.query, req.body),
  );
  app.post(
    "/api/containers/search",
    { config: read, schema: { ...doc, body: ContainerSearchBody, response: { 200: z.array(ContainerSearchHit), ...errors } } },
    (req) => search.pickContainers(req.ctx, req.body),
  );
}
