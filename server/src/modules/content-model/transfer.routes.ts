// /api/cm/export (content-model.json download) and /api/cm/import (load such a file into the caller's tenant).
import { CONTENT_MODEL_LIMITS, ContentModelExportBody, ContentModelFile, ContentModelImportResult } from "@repox/contracts";
import type { App } from "../../platform/http/types.ts";
import { edit, errors, show } from "./route-access.ts";
import type { ContentModelService } from "./service.ts";

export const CONTENT_MODEL_FILE_NAME = "content-model.json";

export function transferRoutes(app: App, model: ContentModelService) {
  const tags = ["Content model: export and import"];
  // The answer is a file of the ContentModelFile shape; it is not re-validated on the way out, so a vocabulary
  // the vocabularies area allows can never turn a download into a server error.
  const download = {
    description: `The content model as the attachment ${CONTENT_MODEL_FILE_NAME}`,
    content: { "application/json": ContentModelFile },
  };
  const documented = { responses: { 200: download } };
  app.post("/api/cm/export", { config: show, schema: { tags, body: ContentModelExportBody, documented } }, async (req, reply) => {
    const file = await model.exportModel(req.ctx, req.body);
    return reply
      .header("content-disposition", `attachment; filename="${CONTENT_MODEL_FILE_NAME}"`)
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(file, null, 2));
  });
  app.post(
    "/api/cm/import",
    {
      config: edit,
      bodyLimit: CONTENT_MODEL_LIMITS.importMaxBytes,
      schema: { tags, body: ContentModelFile, response: { 200: ContentModelImportResult, ...errors } },
    },
    (req) => model.importModel(req.ctx, req.body),
  );
}
