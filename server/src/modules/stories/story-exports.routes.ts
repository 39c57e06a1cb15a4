// Story exports (issue 13 "Exports"), repox.stories.show: the stills as a ZIP answered by the call, the video as a job
// (202 with its record), the list of a story's exports with their progress and links, and a finished export's file
// (bearer or signed link).
import {
  ErrorBody,
  PERMISSIONS,
  StoryExport,
  StoryExportBody,
  StoryExportFileParams,
  StoryExportList,
  StoryParams,
  StoryVideoExportBody,
} from "@repox/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { NotFound } from "../../platform/errors.ts";
import type { App } from "../../platform/http/types.ts";
import { sendContent } from "../datastreams/content-delivery.ts";
import { downloadPresentation } from "../datastreams/presentation.ts";
import type { StoryExportFile, StoryExportsService } from "./story-exports.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

function sendExportFile(req: FastifyRequest, reply: FastifyReply, file: StoryExportFile) {
  reply.header("cache-control", "no-store");
  return sendContent(req, reply, file, { ...downloadPresentation(file.mimeType), fileName: file.fileName });
}

export function storyExportRoutes(app: App, exports: StoryExportsService, publicUrl: string | undefined) {
  const tags = ["Stories"];
  app.addHook("onListen", async () => {
    exports.origin.set(app.server.address());
  });
  app.post(
    "/api/stories/:id/export",
    {
      config: { access: PERMISSIONS.storiesShow },
      schema: {
        tags,
        params: StoryParams,
        body: StoryExportBody,
        produces: ["application/zip"],
        response: { ...errors, 422: ErrorBody, 503: ErrorBody },
      },
    },
    async (req, reply) => {
      if (req.body.format === "VIEWER") throw new NotFound("The offline viewer export is not available yet.");
      const file = await exports.exportStills(req.ctx, req.params.id, req.body.resolution);
      return sendExportFile(req, reply, file);
    },
  );
  app.post(
    "/api/stories/:id/export_video",
    {
      config: { access: PERMISSIONS.storiesShow },
      schema: {
        tags,
        params: StoryParams,
        body: StoryVideoExportBody,
        response: { 202: StoryExport, ...errors, 422: ErrorBody, 503: ErrorBody },
      },
    },
    async (req, reply) =>
      reply.status(202).send(await exports.exportVideo(req.ctx, req.params.id, req.body, publicUrl ?? `${req.protocol}://${req.host}`)),
  );
  app.get(
    "/api/stories/:id/exports",
    { config: { access: PERMISSIONS.storiesShow }, schema: { tags, params: StoryParams, response: { 200: StoryExportList, ...errors } } },
    (req) => exports.list(req.ctx, req.params.id),
  );
  app.get(
    "/api/stories/:id/exports/:exportId/file",
    { config: { access: "signed-url" }, schema: { tags, params: StoryExportFileParams, response: { ...errors, 416: ErrorBody } } },
    async (req, reply) => sendExportFile(req, reply, await exports.file(req.ctx, req.params.id, req.params.exportId)),
  );
}
