// /api/str/player (issue 14): the browser player's calls. Tenant header, no sign-in; after registering, the device's
// own credentials (`Authorization: Device <deviceId>.<deviceSecret>`). Registration is limited per address; the
// screenshot takes a PNG or JPEG body of at most 5 MB. The media route is the one <img> reaches: it names the tenant,
// the device and its media key in the query, and the service checks the pairing on every request.
import {
  ErrorBody,
  PLAYER_SCREENSHOT_TYPES,
  PlayerCommandParams,
  PlayerManifestQuery,
  PlayerMediaQuery,
  PlayerRegistration,
  PlayerScreenshotAnswer,
  PlayerState,
  PlayerStateQuery,
  SCREEN_LIMITS,
  StoryPictureParams,
  StoryView,
} from "@repox/contracts";
import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError, TooManyRequests } from "../../platform/errors.ts";
import { BinaryFile, errorAnswers, noContent, storedFileAnswers } from "../../platform/http/openapi-answers.ts";
import type { App } from "../../platform/http/types.ts";
import { sendContent } from "../datastreams/content-delivery.ts";
import { previewPresentation } from "../datastreams/presentation.ts";
import type { PlayerService } from "./player.service.ts";

const tenant = { access: "tenant" } as const;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 429: ErrorBody };
const BASE = "/api/str/player";
/** The calls after registering carry the device's own credentials beside the tenant header. */
const device = { security: [{ tenant: [], device: [] }] };
const MediaParams = StoryPictureParams.omit({ id: true });
const PlayerManifest = z.object({
  name: z.string(),
  short_name: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.string(),
  orientation: z.string(),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string() })),
});

export type PlayerLimits = { registrationsPerMinute: number; screenshotsPerMinute: number };

/** Aborts when the client goes away, so a held state call stops waiting for nobody. */
function closedSignal(req: FastifyRequest): AbortSignal {
  const controller = new AbortController();
  req.raw.once("close", () => controller.abort());
  return controller.signal;
}

export function playerRoutes(app: App, player: PlayerService, limits: PlayerLimits) {
  const tags = ["Screen player"];
  const limiter = (name: string, max: number, key: (req: FastifyRequest) => string) => {
    const limit = app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: (req) => `player-${name}:${key(req)}` });
    return async (req: FastifyRequest) => {
      const result = await limit(req);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, Math.ceil(result.ttl / 1000));
        throw new TooManyRequests(`Too many requests from your address. Try again in ${seconds} seconds.`);
      }
    };
  };

  // What makes the player installable (a PWA): its own start page and scope in the tenant's path, full screen.
  app.get(
    `${BASE}/manifest.webmanifest`,
    { config: { access: "public" }, schema: { tags, querystring: PlayerManifestQuery, response: { 200: PlayerManifest, 400: ErrorBody } } },
    async (req, reply) => {
      const page = `/${req.query.tenant}/player`;
      return reply.type("application/manifest+json").send({
        name: "Repox screen",
        short_name: "Repox screen",
        start_url: page,
        scope: page,
        display: "fullscreen",
        orientation: "any",
        background_color: "#000000",
        theme_color: "#000000",
        icons: [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml" }],
      });
    },
  );
  app.post(
    `${BASE}/register`,
    {
      config: tenant,
      onRequest: limiter("register", limits.registrationsPerMinute, (req) => req.ip),
      schema: { tags, response: { 201: PlayerRegistration, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await player.register(req.ctx)),
  );
  app.get(
    `${BASE}/state`,
    {
      config: tenant,
      schema: {
        tags,
        description:
          "A long poll: with `since` (the `version` of the state the player has) and `wait` (seconds), the answer is held until the state changes or `wait` runs out; without them it answers at once.",
        querystring: PlayerStateQuery,
        response: { 200: PlayerState, ...errors },
        documented: device,
      },
    },
    (req) => player.state(req.ctx, req.headers.authorization, req.query, closedSignal(req)),
  );
  app.get(`${BASE}/story`, { config: tenant, schema: { tags, response: { 200: StoryView, ...errors }, documented: device } }, (req) =>
    player.story(req.ctx, req.headers.authorization),
  );
  app.get(
    `${BASE}/media/:from/:uuid`,
    {
      config: { access: "public" },
      schema: {
        tags,
        params: MediaParams,
        querystring: PlayerMediaQuery,
        response: { ...errors, 416: ErrorBody },
        documented: storedFileAnswers("The picture or video"),
      },
    },
    async (req, reply) => {
      const file = await player.media(req.query.tenant, req.query, req.params.from, req.params.uuid);
      return sendContent(req, reply, file, previewPresentation(file.mimeType));
    },
  );
  app.post(
    `${BASE}/commands/:id/done`,
    {
      config: tenant,
      schema: {
        tags,
        params: PlayerCommandParams,
        body: z.unknown().optional(),
        documented: { ...device, responses: { ...noContent("The command is marked done"), ...errorAnswers([400, 401, 403, 404]) } },
      },
    },
    async (req, reply) => {
      await player.commandDone(req.ctx, req.headers.authorization, req.params.id);
      return reply.status(204).send();
    },
  );

  // The capture arrives as the bare image; only this route reads such bodies.
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      [...PLAYER_SCREENSHOT_TYPES],
      { parseAs: "buffer", bodyLimit: SCREEN_LIMITS.screenshotMaxBytes },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      `${BASE}/screenshot`,
      {
        config: tenant,
        bodyLimit: SCREEN_LIMITS.screenshotMaxBytes,
        onRequest: limiter("screenshot", limits.screenshotsPerMinute, (req) => req.ip),
        schema: {
          tags,
          consumes: [...PLAYER_SCREENSHOT_TYPES],
          response: { 200: PlayerScreenshotAnswer, ...errors, 415: ErrorBody },
          documented: { ...device, body: BinaryFile },
        },
      },
      async (req) => {
        if (!Buffer.isBuffer(req.body))
          throw new HttpError(415, "Unsupported Media Type", "Send the screenshot as an image/png or image/jpeg body");
        return player.screenshot(req.ctx, req.headers.authorization, req.body);
      },
    );
  });
}
