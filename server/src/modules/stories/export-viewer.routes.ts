// POST /api/stories/{id}/export `{format: 'VIEWER'}`: the story's offline viewer as a streamed ZIP (export-viewer.ts),
// for a holder of repox.stories.show, like the viewer itself. The story export route of the other formats takes this
// branch over when they meet.

import { PassThrough } from "node:stream";
import { PERMISSIONS, StoryParams, StoryViewerExportBody } from "@repox/contracts";
import { create as contentDisposition } from "content-disposition";
import type { App } from "../../platform/http/types.ts";
import type { ViewerExport } from "./export-viewer.ts";

export function viewerExportRoutes(app: App, viewerExport: ViewerExport) {
  app.post(
    "/api/stories/:id/export",
    {
      config: { access: PERMISSIONS.storiesShow },
      schema: { tags: ["Stories"], params: StoryParams, body: StoryViewerExportBody, produces: ["application/zip"] },
    },
    async (req, reply) => {
      const zip = await viewerExport.prepare(req.ctx, req.params.id);
      const content = new PassThrough();
      const stop = new AbortController();
      reply.raw.once("close", () => stop.abort());
      zip.write(content, stop.signal).catch((error: unknown) => content.destroy(error instanceof Error ? error : new Error(String(error))));
      return reply
        .type("application/zip")
        .header("content-disposition", contentDisposition(zip.fileName))
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "no-store")
        .send(content);
    },
  );
}
