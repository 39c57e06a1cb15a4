// Story exports (issue 13 "Exports"), repox.stories.show: the stills as a ZIP answered by the call, the offline viewer
// as a ZIP streamed as it is written, the video as a job (202 with its record), the list of a story's exports with
// their progress and links, and a finished export's file (bearer or signed link).
import { PassThrough } from "node:stream";
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
import { sendMadeFile } from "../../platform/http/made-file.ts";
import { storedFileAnswers, streamedFileAnswer } from "../../platform/http/openapi-answers.ts";
import type { App } from "../../platform/http/types.ts";
import { sendContent } from "../datastreams/content-delivery.ts";
import { downloadPresentation } from "../datastreams/presentation.ts";
import type { ViewerExport } from "./export-viewer.ts";
import type { StoryExportFile, StoryExportsService } from "./story-exports.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

function sendExportFile(req: FastifyRequest, reply: FastifyReply, file: StoryExportFile) {
  reply.header("cache-control", "no-store");
  return sendContent(req, reply, file, { ...downloadPresentation(file.mimeType), fileName: file.fileName });
}

/** The offline viewer, written into the answer as it is zipped; every refusal comes before the first byte. */
async function sendViewerZip(req: FastifyRequest, reply: FastifyReply, viewer: ViewerExport, storyId: string) {
  const zip = await viewer.prepare(req.ctx, storyId);
  const content = new PassThrough();
  const stop = new AbortController();
  reply.raw.once("close", () => stop.abort());
  zip.write(content, stop.signal).catch((error: unknown) => content.destroy(error instanceof Error ? error : new Error(String(error))));
  return sendMadeFile(reply, { mediaType: "application/zip", fileName: zip.fileName, content });
}

export function storyExportRoutes(
  app: App,
  { exports, viewer }: { exports: StoryExportsService; viewer: ViewerExport },
  publicUrl: string | undefined,
) {
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
        response: { ...errors, 409: ErrorBody, 422: ErrorBody, 503: ErrorBody },
        documented: { responses: streamedFileAnswer(["application/zip"], "The stills or the offline viewer as a ZIP") },
      },
    },
    async (req, reply) => {
      if (req.body.format === "VIEWER") return sendViewerZip(req, reply, viewer, req.params.id);
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
    {
      config: { access: "signed-url" },
      schema: {
        tags,
        params: StoryExportFileParams,
        response: { ...errors, 416: ErrorBody },
        documented: storedFileAnswers("The exported file (an MP4 video)"),
      },
    },
    async (req, reply) => sendExportFile(req, reply, await exports.file(req.ctx, req.params.id, req.params.exportId)),
  );
}
