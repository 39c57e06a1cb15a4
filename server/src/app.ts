// Builds the Fastify app: plugins, access control, every area's routes, the API docs and the web app.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyBaseLogger, type FastifyReply } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import { appPasswordRoutes } from "./modules/app-passwords/routes.ts";
import { assetRoutes } from "./modules/assets/routes.ts";
import { createBasicAuth } from "./modules/auth/basic-auth.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { bulkRoutes } from "./modules/bulk/routes.ts";
import { contactRoutes } from "./modules/contacts/routes.ts";
import { containerRoutes } from "./modules/containers/routes.ts";
import { contentModelRoutes } from "./modules/content-model/routes.ts";
import { datastreamRoutes } from "./modules/datastreams/routes.ts";
import { createPartialUploadStore, createResumableUploads, tusRoutes } from "./modules/datastreams/tus.ts";
import { exportRoutes } from "./modules/exports/routes.ts";
import { guideRoutes } from "./modules/guides/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { iamRoutes } from "./modules/iam/routes.ts";
import { iiifImageRoutes } from "./modules/iiif/image/routes.ts";
import { iiifPresentationRoutes } from "./modules/iiif/presentation/routes.ts";
import { importRoutes } from "./modules/imports/routes.ts";
import { oaiRoutes } from "./modules/oai/routes.ts";
import { reportRoutes } from "./modules/reports/routes.ts";
import { playerRoutes } from "./modules/screens/player.routes.ts";
import { screenRoutes } from "./modules/screens/routes.ts";
import { searchRoutes } from "./modules/search/routes.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { starRoutes } from "./modules/stars/routes.ts";
import { storageRoutes } from "./modules/storage/routes.ts";
import { storyRoutes } from "./modules/stories/routes.ts";
import { slideTemplateRoutes } from "./modules/stories/slide-templates.routes.ts";
import { storyExportRoutes } from "./modules/stories/story-exports.routes.ts";
import { storyViewRoutes } from "./modules/stories/story-view.routes.ts";
import { publicSurveyRoutes } from "./modules/surveys/public.routes.ts";
import { surveyResponseRoutes } from "./modules/surveys/responses/routes.ts";
import { surveyRoutes } from "./modules/surveys/routes.ts";
import { tagAssignmentRoutes } from "./modules/tags/assignments.routes.ts";
import { tagRoutes } from "./modules/tags/routes.ts";
import { tenantRoutes } from "./modules/tenants/routes.ts";
import { trashRoutes } from "./modules/trash/routes.ts";
import { vocabularyRoutes } from "./modules/vocabularies/routes.ts";
import { webdavRoutes } from "./modules/webdav/routes.ts";
import { publicWebsiteRoutes } from "./modules/websites/public.routes.ts";
import { websiteRoutes } from "./modules/websites/routes.ts";
import type { Db } from "./platform/db/database.ts";
import { registerAccessControl } from "./platform/http/access.ts";
import { answerFrameworkError, registerErrorHandler, sendNotFound } from "./platform/http/error-handler.ts";
import { registerInputGuard } from "./platform/http/input-guard.ts";
import { registerApiDocs } from "./platform/http/openapi.ts";
import { registerReadBack } from "./platform/http/read-back.ts";
import { lazyRequestLogger } from "./platform/http/request-logger.ts";
import { HELMET_OPTIONS, helmetHeaders, registerResponseHeaders } from "./platform/http/security-headers.ts";
import type { App } from "./platform/http/types.ts";
import { createTenantResolver } from "./platform/tenancy.ts";
import type { Services } from "./services.ts";

const here = dirname(fileURLToPath(import.meta.url));

export type AppOptions = { config: Config; db: Db; services: Services; logger: FastifyBaseLogger | boolean };

export async function buildApp({ config, db, services, logger }: AppOptions) {
  const responseHeaders = await helmetHeaders(HELMET_OPTIONS);
  const app = Fastify({
    loggerInstance: typeof logger === "object" ? logger : undefined,
    logger: typeof logger === "boolean" ? logger : undefined,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    frameworkErrors: answerFrameworkError,
    childLoggerFactory: lazyRequestLogger,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerResponseHeaders(app, responseHeaders);
  registerErrorHandler(app);
  // The API speaks JSON only: a text/plain body is refused with 415 rather than read as a string.
  app.removeContentTypeParser("text/plain");
  registerInputGuard(app);
  // Mail handed to SMTP after a commit finishes before the database closes.
  app.addHook("onClose", () => services.mailer.idle());
  // Players' held state calls (up to 25 s) answer before the server waits for its requests to end.
  app.addHook("preClose", async () => services.player.stopWaiting());

  await app.register(rateLimit, { global: false });
  // Uploads are read as streams by the routes that take them; each route may lower these ceilings for its own files.
  await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024, files: 1, fields: 20, parts: 21, fieldSize: 64 * 1024 } });
  await registerApiDocs(app);

  registerAccessControl(app, {
    db,
    tenants: createTenantResolver(db),
    tokens: services.tokens,
    loadPrincipal: services.iam.loadPrincipal,
    platformToken: config.platformToken,
    signedUrls: services.signedUrls,
    exempt: ["/api/docs"],
  });
  registerReadBack(app);

  healthRoutes(app);
  app.get("/api/openapi.json", { config: { access: "public" }, schema: { hide: true } }, () => app.swagger());
  tenantRoutes(app, services.tenants);
  authRoutes(
    app,
    services.auth,
    { perUser: config.loginRateLimitPerUser, perIp: config.loginRateLimitPerIp, windowMs: 60_000 },
    config.publicUrl,
  );
  iamRoutes(app, services.iam);
  appPasswordRoutes(app, services.appPasswords);
  settingsRoutes(app, services.settings);
  tagRoutes(app, services.tags);
  contentModelRoutes(app, services.contentModel);
  vocabularyRoutes(app, services.vocabularies);
  containerRoutes(app, services.containers);
  trashRoutes(app, services.trash);
  starRoutes(app, services.stars);
  tagAssignmentRoutes(app, services.tagAssignments);
  reportRoutes(app, services.reports);
  searchRoutes(app, services.search);
  datastreamRoutes(app, services.datastreams);
  bulkRoutes(app, services.bulk);
  tusRoutes(app, createResumableUploads(createPartialUploadStore(config), services.datastreams));
  storageRoutes(app, services.storage);
  exportRoutes(app, services.exports);
  importRoutes(app, services.imports);
  surveyRoutes(app, services.surveys, config.publicUrl);
  publicSurveyRoutes(app, services.publicSurveys, { perMinute: config.surveyRateLimitPerMinute });
  surveyResponseRoutes(app, services.surveyResponses, { perMinute: config.surveyRateLimitPerMinute });
  contactRoutes(app, services.contacts);
  storyRoutes(app, services.stories);
  slideTemplateRoutes(app, services.slideTemplates);
  assetRoutes(app, services.assets);
  storyViewRoutes(app, services.storyView);
  screenRoutes(app, services.screens);
  playerRoutes(app, services.player, { registrationsPerMinute: 30, screenshotsPerMinute: 30 });
  storyExportRoutes(app, { exports: services.storyExports, viewer: services.viewerExport }, config.publicUrl);
  websiteRoutes(app, services.websites);
  publicWebsiteRoutes(app, services.publicWebsites, { perMinute: config.embedRateLimitPerMinute });
  guideRoutes(app, services.guides);
  oaiRoutes(app, services.oai);
  iiifImageRoutes(app, services.iiifImages, { perMinute: config.iiifRateLimitPerMinute });
  iiifPresentationRoutes(app, services.iiifPresentation);
  webdavRoutes(app, { webdav: services.webdav, locks: services.webdavLocks, basicAuth: createBasicAuth(services.basicCredentials) });

  await registerWebApp(app, config);
  return app;
}

/** The built SPA: assets from web/dist, index.html for every other non-API path; `/` goes to the default tenant. */
async function registerWebApp(app: App, config: Config) {
  const root = resolve(config.webDist ?? join(here, "../../web/dist"));
  const hasWeb = existsSync(join(root, "index.html"));
  if (hasWeb) await app.register(fastifyStatic, { root, wildcard: false, index: false });
  app.get("/", { schema: { hide: true } }, (_req, reply) => reply.redirect(`/${config.defaultTenant}/containers`));
  app.setNotFoundHandler((req, reply) => {
    const isAppPage = req.method === "GET" && hasWeb && !/^\/(api|assets)(\/|$|\?)/.test(req.url);
    if (!isAppPage) {
      return reply.status(404).send(sendNotFound(req.url));
    }
    if (FRAMEABLE_PAGE.test(req.url)) allowFramingByAnySite(reply);
    return reply.type("text/html").header("cache-control", "no-cache").sendFile("index.html");
  });
}

/**
 * The public survey pages (`/{tenant}/survey/{uuid}`, `…/survey/summary/{uuid}`) and the website embed
 * (`/{tenant}/story-embed/{websiteId}`) are embedded in other sites' iframes; no other page may be.
 */
const FRAMEABLE_PAGE = /^\/[a-z0-9][a-z0-9-]{1,62}\/(survey|story-embed)\//;

function allowFramingByAnySite(reply: FastifyReply) {
  const policy = reply.getHeader("content-security-policy");
  if (typeof policy === "string") reply.header("content-security-policy", policy.replace(/frame-ancestors [^;]*/, "frame-ancestors *"));
  reply.removeHeader("x-frame-options");
}
