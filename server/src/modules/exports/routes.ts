// POST /api/export: the chosen containers and datastreams as a streamed ZIP or TAR_GZIP download.
import { ARCHIVE_MEDIA_TYPES, ExportBody, PERMISSIONS } from "@repox/contracts";
import { create as contentDisposition } from "content-disposition";
import type { App } from "../../platform/http/types.ts";
import type { ExportsService } from "./service.ts";

export function exportRoutes(app: App, exportsService: ExportsService) {
  app.post(
    "/api/export",
    {
      config: { access: PERMISSIONS.contentExport },
      schema: { tags: ["Export"], body: ExportBody, produces: ["application/zip", "application/gzip"] },
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
