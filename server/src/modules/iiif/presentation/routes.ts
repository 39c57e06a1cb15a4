// IIIF Presentation API 3.0 (issue 16): `/{tenant}/iiif/3/manifest/{uuid}` and `/{tenant}/iiif/3/collection/{uuid}`,
// and the published files and pictures those documents link. No sign-in, limited per address, open to every origin
// (viewers on other sites load them); only published, live content answers.
import {
  ErrorBody,
  IIIF_PRESENTATION_CONTENT_TYPE,
  IIIF_PRESENTATION_LIMITS,
  IiifCollectionQuery,
  IiifDocument,
  IiifObjectParams,
} from "@repox/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { storedFileAnswers } from "../../../platform/http/openapi-answers.ts";
import { openToEveryOrigin, requestOrigin as originOf } from "../../../platform/http/public-origin.ts";
import type { App } from "../../../platform/http/types.ts";
import type { DerivativeKind } from "../../../platform/media/image-derivatives.ts";
import { sendContent } from "../../datastreams/content-delivery.ts";
import { previewPresentation } from "../../datastreams/presentation.ts";
import type { IiifPresentationService } from "./service.ts";

const rateLimit = { max: IIIF_PRESENTATION_LIMITS.requestsPerMinute, timeWindow: 60_000 };
const errors = { 400: ErrorBody, 404: ErrorBody, 416: ErrorBody, 429: ErrorBody };

export function iiifPresentationRoutes(app: App, iiif: IiifPresentationService) {
  const tags = ["IIIF Presentation"];
  const config = { access: "public" as const, rateLimit };
  const document = (reply: FastifyReply, body: Record<string, unknown>) =>
    openToEveryOrigin(reply).header("cache-control", "no-cache").send(body);
  // After serialisation: Fastify would rewrite a JSON type set before it (spacing, an added charset).
  const onSend = async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode === 200) reply.header("content-type", IIIF_PRESENTATION_CONTENT_TYPE);
    return payload;
  };

  app.get(
    "/:tenant/iiif/3/manifest/:uuid",
    { config, onSend, schema: { tags, params: IiifObjectParams, response: { 200: IiifDocument, ...errors } } },
    async (req, reply) => document(reply, await iiif.manifest(req.params.tenant, req.params.uuid, originOf(req))),
  );
  app.get(
    "/:tenant/iiif/3/collection/:uuid",
    {
      config,
      onSend,
      schema: { tags, params: IiifObjectParams, querystring: IiifCollectionQuery, response: { 200: IiifDocument, ...errors } },
    },
    async (req, reply) => document(reply, await iiif.collection(req.params.tenant, req.params.uuid, req.query.page, originOf(req))),
  );
  app.get(
    "/:tenant/iiif/3/file/:uuid",
    { config, schema: { tags, params: IiifObjectParams, response: errors, documented: storedFileAnswers("The PDF, video or sound") } },
    async (req, reply) => {
      const file = await iiif.file(req.params.tenant, req.params.uuid);
      return sendContent(req, openToEveryOrigin(reply), file, previewPresentation(file.mimeType));
    },
  );
  const picture = (kind: DerivativeKind, path: string) =>
    app.get(
      `/:tenant/iiif/3/${path}/:uuid`,
      { config, schema: { tags, params: IiifObjectParams, response: errors, documented: storedFileAnswers(`The ${path} (WebP)`) } },
      async (req, reply) => {
        const file = await iiif.derivative(req.params.tenant, req.params.uuid, kind);
        return sendContent(req, openToEveryOrigin(reply), file, previewPresentation(file.mimeType));
      },
    );
  picture("thumb", "thumbnail");
  picture("preview", "preview");
}
