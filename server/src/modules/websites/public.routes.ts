// /api/str/pub/websites (spec 3 §7 Websites, public embed): the assigned story and the media it shows. No sign-in;
// limited per address (429): EMBED_RATE_LIMIT_PER_MINUTE (600 by default) for the story and its media together.
import { ErrorBody, type ImageSource, StoryView, WebsiteMediaParams, WebsiteParams } from "@repox/contracts";
import type { FastifyRequest } from "fastify";
import { TooManyRequests } from "../../platform/errors.ts";
import { storedFileAnswers } from "../../platform/http/openapi-answers.ts";
import type { App } from "../../platform/http/types.ts";
import { sendContent } from "../datastreams/content-delivery.ts";
import { previewPresentation } from "../datastreams/presentation.ts";
import { PUBLIC_WEBSITES, type PublicWebsitesService } from "./public.service.ts";

const errors = { 400: ErrorBody, 404: ErrorBody, 416: ErrorBody, 429: ErrorBody };

export function publicWebsiteRoutes(app: App, embeds: PublicWebsitesService, limits: { perMinute: number }) {
  const tags = ["Public websites"];
  const limit = app.createRateLimit({ max: limits.perMinute, timeWindow: 60_000, keyGenerator: (req) => `website-embed:${req.ip}` });
  const readLimit = async (req: FastifyRequest) => {
    const result = await limit(req);
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, Math.ceil(result.ttl / 1000));
      throw new TooManyRequests(`Too many requests from your address. Try again in ${seconds} seconds.`);
    }
  };

  app.get(
    `${PUBLIC_WEBSITES}/:id/story`,
    {
      config: { access: "tenant" },
      onRequest: readLimit,
      schema: { tags, params: WebsiteParams, response: { 200: StoryView, ...errors } },
    },
    (req) => embeds.story(req.ctx, req.params.id),
  );
  const media = (route: "datastreams" | "assets", from: ImageSource) =>
    app.get(
      `${PUBLIC_WEBSITES}/:id/${route}/:uuid`,
      {
        config: { access: "tenant-media" },
        onRequest: readLimit,
        schema: { tags, params: WebsiteMediaParams, response: errors, documented: storedFileAnswers("The picture") },
      },
      async (req, reply) => {
        const file = await embeds.media(req.ctx, req.params.id, from, req.params.uuid);
        return sendContent(req, reply, file, previewPresentation(file.mimeType));
      },
    );
  media("datastreams", "store");
  media("assets", "stories");
}
