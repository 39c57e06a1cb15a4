// /api/datastreams: every signed-in user reads (the file's bytes also through a signed link); uploading and changing
// needs repox.store.content.edit, removing repox.store.content.delete. Resumable uploads: tus.ts.
import {
  ActivityItem,
  ActivityQuery,
  DATASTREAM_READ_ONLY_FIELDS,
  Datastream,
  DatastreamColorBody,
  DatastreamLabelBody,
  DatastreamLinkQuery,
  DatastreamList,
  DatastreamMediaUrls,
  DatastreamMoveBody,
  DatastreamRemoval,
  DatastreamRemoveQuery,
  DatastreamUpdateBody,
  DatastreamUploadForm,
  DatastreamUploadQuery,
  ErrorBody,
  PERMISSIONS,
  pageOf,
  UuidParams,
} from "@repox/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { storedFileAnswers } from "../../platform/http/openapi-answers.ts";
import { readBack } from "../../platform/http/read-back.ts";
import type { App } from "../../platform/http/types.ts";
import type { FileContent } from "../../platform/media/file-content.ts";
import { sendContent } from "./content-delivery.ts";
import { datastreamUploadParts } from "./multipart-parts.ts";
import { downloadFileName, downloadPresentation, previewPresentation } from "./presentation.ts";
import type { DatastreamsService } from "./service.ts";

const read = { access: "signed-in" };
const media = { access: "signed-url" };
const edit = { access: PERMISSIONS.contentEdit };
const remove = { access: PERMISSIONS.contentDelete };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const contentErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 416: ErrorBody };

export function datastreamRoutes(app: App, datastreams: DatastreamsService) {
  const doc = { tags: ["Datastreams"] };
  const params = UuidParams;

  app.post(
    "/api/datastreams",
    {
      config: edit,
      schema: {
        ...doc,
        consumes: ["multipart/form-data"],
        documented: { body: DatastreamUploadForm },
        querystring: DatastreamUploadQuery,
        response: { 201: DatastreamList, ...errors, 413: ErrorBody },
      },
    },
    async (req, reply) => {
      const parts = datastreamUploadParts(req, await datastreams.uploadLimit(req.ctx));
      return reply.status(201).send(await datastreams.upload(req.ctx, req.query.to, parts));
    },
  );
  app.get("/api/datastreams/:uuid", { config: read, schema: { ...doc, params, response: { 200: Datastream, ...errors } } }, (req) =>
    datastreams.get(req.ctx, req.params.uuid),
  );
  app.put(
    "/api/datastreams/:uuid",
    {
      config: { ...edit, readBack: readBack(DATASTREAM_READ_ONLY_FIELDS, (ctx, { uuid }: { uuid: string }) => datastreams.get(ctx, uuid)) },
      schema: { ...doc, params, body: DatastreamUpdateBody, response: { 200: Datastream, ...errors } },
    },
    (req) => datastreams.update(req.ctx, req.params.uuid, req.body),
  );
  app.put(
    "/api/datastreams/:uuid/label",
    { config: edit, schema: { ...doc, params, body: DatastreamLabelBody, response: { 200: Datastream, ...errors } } },
    (req) => datastreams.rename(req.ctx, req.params.uuid, req.body.label),
  );
  app.put(
    "/api/datastreams/:uuid/color",
    { config: edit, schema: { ...doc, params, body: DatastreamColorBody, response: { 200: Datastream, ...errors } } },
    (req) => datastreams.setColor(req.ctx, req.params.uuid, req.body.color),
  );
  app.post(
    "/api/datastreams/:uuid/move",
    { config: edit, schema: { ...doc, params, body: DatastreamMoveBody, response: { 200: Datastream, ...errors } } },
    (req) => datastreams.move(req.ctx, req.params.uuid, req.body),
  );
  app.post(
    "/api/datastreams/:uuid/link",
    { config: edit, schema: { ...doc, params, querystring: DatastreamLinkQuery, response: { 200: Datastream, ...errors } } },
    (req) => datastreams.link(req.ctx, req.params.uuid, req.query.to),
  );
  app.post(
    "/api/datastreams/:uuid/remove",
    { config: remove, schema: { ...doc, params, querystring: DatastreamRemoveQuery, response: { 200: DatastreamRemoval, ...errors } } },
    (req) => datastreams.remove(req.ctx, req.params.uuid, req.query.from?.toLowerCase()),
  );
  app.get(
    "/api/datastreams/:uuid/activity",
    { config: read, schema: { ...doc, params, querystring: ActivityQuery, response: { 200: pageOf(ActivityItem), ...errors } } },
    (req) => datastreams.activity(req.ctx, req.params.uuid, req.query),
  );
  app.post(
    "/api/datastreams/:uuid/urls",
    { config: read, schema: { ...doc, params, response: { 200: DatastreamMediaUrls, ...errors } } },
    (req) => datastreams.mediaUrls(req.ctx, req.params.uuid),
  );

  const preview = async (req: FastifyRequest<{ Params: { uuid: string } }>, reply: FastifyReply) => {
    const file = await datastreams.file(req.ctx, req.params.uuid);
    return sendContent(req, reply, file, { ...previewPresentation(file.mimeType), fileName: downloadName(file) });
  };
  const download = async (req: FastifyRequest<{ Params: { uuid: string } }>, reply: FastifyReply) => {
    const file = await datastreams.file(req.ctx, req.params.uuid);
    return sendContent(req, reply, file, { ...downloadPresentation(file.mimeType), fileName: downloadName(file) });
  };
  const contentSchema = (description: string) => ({ ...doc, params, response: contentErrors, documented: storedFileAnswers(description) });
  app.get("/api/datastreams/:uuid/preview", { config: media, schema: contentSchema("The file to show inline (a safe type)") }, preview);
  app.get("/api/datastreams/:uuid/download", { config: media, schema: contentSchema("The file as an attachment") }, download);
  app.post("/api/datastreams/:uuid/download", { config: read, schema: contentSchema("The file as an attachment") }, download);
  app.get("/api/datastreams/:uuid/thumb/preview", { config: media, schema: contentSchema("The thumbnail image") }, async (req, reply) => {
    const thumbnail = await datastreams.thumbnail(req.ctx, req.params.uuid);
    return sendContent(req, reply, thumbnail, { contentType: thumbnail.mimeType, inline: true });
  });
}

function downloadName(file: FileContent): string {
  return downloadFileName(file.label, file.mimeType);
}
