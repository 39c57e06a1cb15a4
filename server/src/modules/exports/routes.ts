// POST /api/export: the chosen containers and datastreams as a streamed ZIP or TAR_GZIP download.
import { ARCHIVE_MEDIA_TYPES, ExportBody, PERMISSIONS } from "@repox/contracts";
import { sendMadeFile } from "../../platform/http/made-file.ts";
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
      return sendMadeFile(reply, { mediaType: ARCHIVE_MEDIA_TYPES[archive.format], fileName: archive.fileName, content: archive.content });
    },
  );
}
