// POST /api/export: the chosen containers and datastreams as a streamed ZIP or TAR_GZIP download.
import { ARCHIVE_MEDIA_TYPES, ExportBody, PERMISSIONS } from "@repox/contracts";
import { create as contentDisposition } from "content-disposition";
import { errorAnswers, streamedFileAnswer } from "../../platform/http/openapi-answers.ts";
import type { App } from "../../platform/http/types.ts";
import type { ExportsService } from "./service.ts";

export function exportRoutes(app: App, exportsService: ExportsService) {
  app.post(
    "/api/export",
    {
      config: { access: PERMISSIONS.contentExport },
      schema: {
        tags: ["Export"],
        body: ExportBody,
        documented: {
          responses: {
            ...streamedFileAnswer(["application/zip", "application/gzip"], "The archive (ZIP or TAR_GZIP), streamed"),
            ...errorAnswers([400, 401, 403, 404]),
          },
        },
      },
    },
    async (req, reply) => {
      const archive = await exportsService.exportArchive(req.ctx, req.body);
      return reply
        .type(ARCHIVE_MEDIA_TYPES[archive.format])
        .header("content-disposition", contentDisposition(archive.fileName))
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "no-store")
        .send(archive.content);
    },
  );
}
