// Story assets (spec 3 §7): GET /api/assets (paged), POST /api/assets (multipart `file` + `data`), GET
// /api/search_assets, GET /api/assets/{uuid}/download; also one asset and its thumbnail. repox.stories.show reads,
// repox.stories.edit uploads. Download and thumbnail also answer signed links (for <img>), checked in the service.
import { Asset, AssetListQuery, AssetParams, AssetSearchQuery, AssetUploadForm, ErrorBody, PERMISSIONS, pageOf } from "@repox/contracts";
import { storedFileAnswers } from "../../platform/http/openapi-answers.ts";
import type { App } from "../../platform/http/types.ts";
import { sendContent } from "../datastreams/content-delivery.ts";
import { downloadFileName, downloadPresentation } from "../datastreams/presentation.ts";
import type { AssetsService } from "./service.ts";
import { assetUploadParts } from "./upload-parts.ts";

const read = { access: PERMISSIONS.storiesShow };
const edit = { access: PERMISSIONS.storiesEdit };
const media = { access: "signed-url" };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const contentErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 416: ErrorBody };

export function assetRoutes(app: App, assets: AssetsService) {
  const tags = ["Assets"];
  const params = AssetParams;

  app.get(
    "/api/assets",
    { config: read, schema: { tags, querystring: AssetListQuery, response: { 200: pageOf(Asset), ...errors } } },
    (req) => assets.list(req.ctx, req.query),
  );
  app.get(
    "/api/search_assets",
    { config: read, schema: { tags, querystring: AssetSearchQuery, response: { 200: pageOf(Asset), ...errors } } },
    (req) => assets.search(req.ctx, req.query),
  );
  app.post(
    "/api/assets",
    {
      config: edit,
      schema: {
        tags,
        consumes: ["multipart/form-data"],
        documented: { body: AssetUploadForm },
        response: { 201: Asset, ...errors, 413: ErrorBody },
      },
    },
    async (req, reply) => {
      const parts = assetUploadParts(req, await assets.uploadLimit(req.ctx));
      return reply.status(201).send(await assets.upload(req.ctx, parts));
    },
  );
  app.get("/api/assets/:uuid", { config: read, schema: { tags, params, response: { 200: Asset, ...errors } } }, (req) =>
    assets.get(req.ctx, req.params.uuid),
  );
  const contentSchema = (description: string) => ({ tags, params, response: contentErrors, documented: storedFileAnswers(description) });
  app.get("/api/assets/:uuid/download", { config: media, schema: contentSchema("The image as an attachment") }, async (req, reply) => {
    const file = await assets.file(req.ctx, req.params.uuid);
    const fileName = downloadFileName(file.label, file.mimeType);
    return sendContent(req, reply, file, { ...downloadPresentation(file.mimeType), fileName });
  });
  app.get("/api/assets/:uuid/thumbnail", { config: media, schema: contentSchema("The thumbnail image") }, async (req, reply) => {
    const thumbnail = await assets.thumbnail(req.ctx, req.params.uuid);
    return sendContent(req, reply, thumbnail, { contentType: thumbnail.mimeType, inline: true });
  });
}
