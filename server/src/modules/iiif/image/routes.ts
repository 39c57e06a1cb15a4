// IIIF Image API 3.0 (issue 16): `/{tenant}/iiif/3/{datastream uuid}` redirects (303) to its info.json;
// `…/info.json` describes the image; `…/{region}/{size}/{rotation}/{quality}.{format}` answers it. Public, without
// sign-in, limited per address, readable by any site (CORS) and embeddable cross-origin.
import { ErrorBody, IIIF_IMAGE_JSON_LD, IIIF_IMAGE_LEVEL2_PROFILE, IiifImageInformation } from "@repox/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { BadRequest, TooManyRequests } from "../../../platform/errors.ts";
import { BinaryFile, errorAnswers } from "../../../platform/http/openapi-answers.ts";
import { openToEveryOrigin, requestOrigin as originOf } from "../../../platform/http/public-origin.ts";
import type { App } from "../../../platform/http/types.ts";
import { type IiifImageService, type ImageAnswer, imageServiceId } from "./service.ts";

const ServiceParams = z.object({ tenant: z.string().max(63), identifier: z.string().max(64) });
const ImageParams = ServiceParams.extend({
  region: z.string().max(100).describe("full, square, x,y,w,h or pct:x,y,w,h"),
  size: z.string().max(60).describe("max, w,, ,h, pct:n, w,h or !w,h, each may start with ^ to enlarge"),
  rotation: z.string().max(30).describe("degrees clockwise, 0 to 360, after ! to mirror first"),
  qualityFormat: z.string().max(30).describe("default, color, gray or bitonal, then .jpg, .png or .webp"),
});
const errors = { 400: ErrorBody, 404: ErrorBody, 429: ErrorBody };
const PROFILE_LINK = `<${IIIF_IMAGE_LEVEL2_PROFILE}>;rel="profile"`;

/** Whether an If-None-Match list names this ETag. */
const isCurrent = (header: string | undefined, etag: string) =>
  !!header && (header.trim() === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag));

async function sendImage(req: FastifyRequest, reply: FastifyReply, answer: ImageAnswer) {
  reply.header("etag", answer.etag);
  // Published content may be stored by shared caches, but checked each time: unpublishing takes effect at once.
  reply.header("cache-control", "public, no-cache");
  reply.header("link", `${PROFILE_LINK}, <${answer.canonicalUrl}>;rel="canonical"`);
  reply.header("x-content-type-options", "nosniff");
  if (isCurrent(req.headers["if-none-match"], answer.etag)) return reply.status(304).send();
  const { body, size } = await answer.open();
  reply.header("content-length", size);
  return reply.type(answer.mimeType).send(body);
}

export function iiifImageRoutes(app: App, images: IiifImageService, limits: { perMinute: number }) {
  const tags = ["IIIF Image API"];
  const rateLimit = {
    max: limits.perMinute,
    timeWindow: 60_000,
    // The plugin's own message names no address and reads as jargon; this one goes through the error handler.
    errorResponseBuilder: (_req: FastifyRequest, context: { ttl: number }) =>
      new TooManyRequests(`Too many requests from your address. Try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`),
  };
  const config = { access: "public" as const, rateLimit };

  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    // Every answer of the service, refusals too, may be read by viewers on other sites (§7.1 CORS).
    scope.addHook("onSend", async (_req, reply) => {
      openToEveryOrigin(reply);
      // Fastify adds a charset to JSON types; the specification names this content type exactly (§6.1).
      if (String(reply.getHeader("content-type")).startsWith("application/ld+json")) reply.header("content-type", IIIF_IMAGE_JSON_LD);
    });

    scope.get(
      "/:tenant/iiif/3/:identifier",
      // Hidden from the API document like `/`: a redirect only (docs/standards.md lists it).
      { config, schema: { hide: true, params: ServiceParams } },
      (req, reply) => {
        reply.redirect(`${imageServiceId(originOf(req), req.params.tenant, req.params.identifier)}/info.json`, 303);
      },
    );

    // Any other path below the service (or a Presentation path with an over-long uuid) is a malformed request (§7), not a
    // page of the web app.
    scope.get("/:tenant/iiif/3/*", { config, schema: { hide: true } }, async () => {
      throw new BadRequest(
        "An Image API request is /{tenant}/iiif/3/{id}/info.json or /{tenant}/iiif/3/{id}/{region}/{size}/{rotation}/{quality}.{format}; " +
          "a Presentation API request is /{tenant}/iiif/3/manifest/{uuid} or /{tenant}/iiif/3/collection/{uuid}.",
      );
    });

    scope.get(
      "/:tenant/iiif/3/:identifier/info.json",
      { config, schema: { tags, params: ServiceParams, response: { 200: IiifImageInformation, ...errors } } },
      async (req, reply) => {
        const information = await images.information(req.params.tenant, req.params.identifier, originOf(req));
        const wantsJsonLd = (req.headers.accept ?? "").includes("application/ld+json");
        reply.header("link", PROFILE_LINK);
        reply.header("cache-control", "public, no-cache");
        return reply.header("content-type", wantsJsonLd ? IIIF_IMAGE_JSON_LD : "application/json").send(information);
      },
    );

    scope.get(
      "/:tenant/iiif/3/:identifier/:region/:size/:rotation/:qualityFormat",
      {
        config,
        schema: {
          tags,
          params: ImageParams,
          response: errors,
          documented: {
            responses: {
              200: { description: "The image", content: { "image/jpeg": BinaryFile, "image/png": BinaryFile, "image/webp": BinaryFile } },
              304: { description: "Not modified: the caller's copy (If-None-Match) is current" },
              ...errorAnswers([501, 503]),
            },
          },
        },
      },
      async (req, reply) => {
        const { tenant, identifier, ...parameters } = req.params;
        return sendImage(req, reply, await images.image(tenant, identifier, parameters, originOf(req)));
      },
    );
  });
}
