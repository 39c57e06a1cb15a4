// Wires the services of every area once; the HTTP app, the CLI and the tests share this.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
import { createAppPasswordsService } from "./modules/app-passwords/service.ts";
import { createAssetLinks } from "./modules/assets/asset-links.ts";
import { createAssetsService } from "./modules/assets/service.ts";
import { createBasicCredentials } from "./modules/auth/basic-credentials.ts";
import { createAuthService } from "./modules/auth/service.ts";
import { createBulkService } from "./modules/bulk/service.ts";
import { createContactsService } from "./modules/contacts/service.ts";
import { contentUsagePort, vocabularyContentUsages } from "./modules/containers/content-usages.ts";
import { createContainersService } from "./modules/containers/service.ts";
import { createContentModelService } from "./modules/content-model/service.ts";
import { createDatastreamsService } from "./modules/datastreams/service.ts";
import { createDemoService } from "./modules/demo/service.ts";
import { createExportsService } from "./modules/exports/service.ts";
import { createGuidesService } from "./modules/guides/service.ts";
import { createPrincipalCache } from "./modules/iam/principal-cache.ts";
import { createIamService } from "./modules/iam/service.ts";
import { createIiifImageService, type IiifImageDeps } from "./modules/iiif/image/service.ts";
import { createIiifPresentationService } from "./modules/iiif/presentation/service.ts";
import { createImportsService } from "./modules/imports/service.ts";
import { createOaiService } from "./modules/oai/service.ts";
import { createReportsService } from "./modules/reports/service.ts";
import { createScreenNotifier } from "./modules/screens/notifier.ts";
import { createPlayerService } from "./modules/screens/player.service.ts";
import { createScreensService } from "./modules/screens/service.ts";
import { createSearchService } from "./modules/search/service.ts";
import { createSettingsService } from "./modules/settings/service.ts";
import { createStarsService } from "./modules/stars/service.ts";
import { createStorageService } from "./modules/storage/service.ts";
import { createViewerExport } from "./modules/stories/export-viewer.ts";
import { createStoriesService } from "./modules/stories/service.ts";
import { createSlideTemplatesService } from "./modules/stories/slide-templates.ts";
import { createStoryExportsService } from "./modules/stories/story-exports.ts";
import { registerExportsHousekeeping } from "./modules/stories/story-exports-housekeeping.ts";
import { createStoryViewService } from "./modules/stories/story-view.ts";
import { createPublicSurveysService } from "./modules/surveys/public.service.ts";
import { createSurveyResponsesService } from "./modules/surveys/responses/service.ts";
import { createSurveysService } from "./modules/surveys/service.ts";
import { createSurveyTokens } from "./modules/surveys/tokens.ts";
import { createTagAssignmentsService } from "./modules/tags/assignments.service.ts";
import { createTagsService } from "./modules/tags/service.ts";
import { createTenantsService } from "./modules/tenants/service.ts";
import { createTrashService } from "./modules/trash/service.ts";
import { vocabularyPort } from "./modules/vocabularies/content-model-port.ts";
import { vocabularyTermsPort } from "./modules/vocabularies/content-port.ts";
import { createVocabulariesService } from "./modules/vocabularies/service.ts";
import { createLocks } from "./modules/webdav/locks.ts";
import { createWebdavService } from "./modules/webdav/service.ts";
import { createPublicWebsitesService } from "./modules/websites/public.service.ts";
import { createWebsitesService } from "./modules/websites/service.ts";
import { createTokenService } from "./platform/auth/tokens.ts";
import { createBlobStore } from "./platform/blobs/create-blob-store.ts";
import { registerOrphanSweep } from "./platform/blobs/orphan-sweep.ts";
import type { Db } from "./platform/db/database.ts";
import { refreshStatisticsIfGrown } from "./platform/db/statistics.ts";
import { type Trx, tenantDb } from "./platform/db/tenant-transaction.ts";
import type { RequestContext } from "./platform/http/access.ts";
import { createJobQueue } from "./platform/jobs/job-queue.ts";
import { createMailer } from "./platform/mail.ts";
import { createDerivativeStorage } from "./platform/media/derivative-storage.ts";
import { createMediaService } from "./platform/media/media-service.ts";
import { createLocalOrigin } from "./platform/render/local-origin.ts";
import { createUrlSigner } from "./platform/signed-urls.ts";
import { createTenantResolver } from "./platform/tenancy.ts";

/** `principalClock`: the principal cache's clock (tests stop it to show what does not depend on time). */
export type ServiceOptions = {
  principalClock?: () => number;
  /** The IIIF image server's render slots, render deadline and source-size cap (tests set small ones). */
  iiifImages?: Pick<IiifImageDeps, "renders" | "renderTimeoutMs" | "maxSourceBytes" | "copyBudgetBytes">;
};

export function createServices(db: Db, config: Config, log: FastifyBaseLogger, options: ServiceOptions = {}) {
  const tokens = createTokenService(config.jwtSecret, config.jwtExpiresInHours);
  const blobs = createBlobStore(config);
  const jobs = createJobQueue(db, log);
  const derivativeStorage = createDerivativeStorage(config);
  const media = createMediaService({ db, blobs, jobs, ...derivativeStorage });
  const orphanSweep = registerOrphanSweep({ db, blobs, derivatives: derivativeStorage.derivatives, jobs, log });
  const signedUrls = createUrlSigner(config.jwtSecret);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const iam = createIamService({ principals: createPrincipalCache(options.principalClock) });
  const settings = createSettingsService();
  const auth = createAuthService({ iam, settings, tokens, mailer });
  const tenants = createTenantsService(db, { iam, settings });
  const tags = createTagsService();
  // Each asks the other inside its own transaction; the lookup runs only after both exist.
  const vocabularies = createVocabulariesService({
    usages: {
      contentModel: (trx, vocabularyId) => contentModel.vocabularyUsages(trx, vocabularyId),
      content: (trx, vocabularyId) => vocabularyContentUsages(contentModel)(trx, vocabularyId),
    },
    afterBulkImport: () => refreshStatisticsIfGrown(db, "vocabulary_terms"),
  });
  const contentModel = createContentModelService({ vocabularies: vocabularyPort, content: contentUsagePort });
  const containers = createContainersService({ contentModel, vocabularyTerms: vocabularyTermsPort });
  const demo = createDemoService(db, { contentModel, vocabularies, tags });
  const exports = createExportsService({ blobs, contentModel, log });
  const imports = createImportsService({ contentModel, containers, vocabularyTerms: vocabularyTermsPort });
  const trash = createTrashService({ containers, blobs, media, jobs });
  const stars = createStarsService({ containers });
  const tagAssignments = createTagAssignmentsService({ containers });
  const reports = createReportsService();
  const search = createSearchService(iam);
  const storage = createStorageService({ settings });
  const datastreams = createDatastreamsService({
    containers,
    contentModel,
    vocabularyTerms: vocabularyTermsPort,
    settings,
    storage,
    blobs,
    media,
    signedUrls,
    purgeFiles: trash.enqueueFilePurge,
  });
  const bulk = createBulkService({ containers, datastreams, stars, tagAssignments });
  const surveyTokens = createSurveyTokens(config.jwtSecret);
  const surveys = createSurveysService({ tokens: surveyTokens, mailer });
  const publicSurveys = createPublicSurveysService({ tokens: surveyTokens });
  const surveyResponses = createSurveyResponsesService({
    verifyToken: (ctx, surveyId, token) => surveyTokens.verify(token, { tenantId: ctx.tenant.id, surveyId }),
  });
  const contacts = createContactsService({ afterBulkImport: () => refreshStatisticsIfGrown(db, "contacts") });
  const storyPictures = { datastreams: (trx: Trx) => datastreams.within(trx) };
  const assetLinks = createAssetLinks(signedUrls);
  const stories = createStoriesService({
    ...storyPictures,
    coverLink: (ctx, id) => assetLinks.linksFor(ctx, id).thumbnail,
    purgeFiles: trash.enqueueFilePurge,
  });
  const slideTemplates = createSlideTemplatesService(storyPictures);
  const assets = createAssetsService({ settings, storage, blobs, media, signedUrls });
  const pictureFiles = {
    store: (ctx: RequestContext, uuid: string) => datastreams.file(ctx, uuid),
    stories: (ctx: RequestContext, uuid: string) => assets.file(ctx, uuid),
  };
  const playerFiles = {
    store: (ctx: RequestContext, uuid: string) => datastreams.file(ctx, uuid),
    stories: (ctx: RequestContext, uuid: string) => assets.fileOfPlayedStory(ctx, uuid),
  };
  const storyView = createStoryViewService({ signedUrls, pictureFiles, playerFiles });
  const storyExports = createStoryExportsService({
    blobs,
    tokens,
    signedUrls,
    pictureFiles,
    renderTools: config.renderTools,
    origin: createLocalOrigin(),
    jobs,
    mailer,
  });
  const websites = createWebsitesService({ stories });
  const publicWebsites = createPublicWebsitesService({ stories: storyView });
  const storyExportsHousekeeping = registerExportsHousekeeping({ db, blobs, jobs, log });
  // The offline viewer is built beside the web app (web/vite.offline.config.ts), wherever app.ts serves that from.
  const webDist = resolve(config.webDist ?? join(dirname(fileURLToPath(import.meta.url)), "../../web/dist"));
  const viewerExport = createViewerExport({ storyView, viewerDir: join(webDist, "offline-viewer") });
  const tenantResolver = createTenantResolver(db);
  const appPasswords = createAppPasswordsService();
  const basicCredentials = createBasicCredentials({
    db,
    tenants: tenantResolver,
    iam,
    appPasswords,
    limits: { perUser: config.loginRateLimitPerUser, perIp: config.loginRateLimitPerIp, windowMs: 60_000 },
  });
  const guides = createGuidesService({
    db,
    tenants: tenantResolver,
    blobs,
    storage,
    signedUrls,
    purgeFiles: trash.enqueueFilePurge,
    publicUrl: config.publicUrl,
  });
  const oai = createOaiService({
    db,
    tenants: tenantResolver,
    secret: config.jwtSecret,
    publicUrl: config.publicUrl,
    defaultAdminEmail: addressOf(config.mailFrom),
  });
  const iiifImages = createIiifImageService({
    db,
    tenants: tenantResolver,
    blobs,
    derivatives: derivativeStorage.derivatives,
    workDir: derivativeStorage.workDir,
    publicUrl: config.publicUrl,
    ...options.iiifImages,
  });
  const iiifPresentation = createIiifPresentationService({
    db,
    tenants: tenantResolver,
    blobs,
    media,
    mappedProperties: (trx, element) => oai.mappedProperties(trx, element),
    defaultLanguage: (ctx, trx) => settings.defaultLanguage(ctx, trx),
    publicUrl: config.publicUrl,
  });
  const webdav = createWebdavService({ containers, datastreams, trash, contentModel, settings });
  const webdavLocks = createLocks();
  const screenNotifier = createScreenNotifier();
  const screens = createScreensService({ stories, notifier: screenNotifier });
  const player = createPlayerService({
    stories: storyView,
    notifier: screenNotifier,
    tenantContext: async (code) => {
      const tenant = await tenantResolver.resolve(code);
      return { tenant, user: null, permissions: new Set(), db: tenantDb(db, tenant.id) };
    },
  });
  return {
    blobs,
    jobs,
    media,
    orphanSweep,
    signedUrls,
    tokens,
    mailer,
    iam,
    settings,
    auth,
    appPasswords,
    basicCredentials,
    tenants,
    tags,
    vocabularies,
    contentModel,
    containers,
    demo,
    exports,
    imports,
    trash,
    stars,
    tagAssignments,
    reports,
    search,
    storage,
    datastreams,
    bulk,
    surveyTokens,
    surveys,
    publicSurveys,
    surveyResponses,
    contacts,
    stories,
    slideTemplates,
    assets,
    storyView,
    viewerExport,
    storyExports,
    websites,
    publicWebsites,
    guides,
    storyExportsHousekeeping,
    screens,
    player,
    oai,
    iiifImages,
    iiifPresentation,
    webdav,
    webdavLocks,
  };
}

/** The bare address of a sender such as `Repox <no-reply@repox.local>`. */
const addressOf = (sender: string) => /<([^>]+)>/.exec(sender)?.[1] ?? sender;

export type Services = ReturnType<typeof createServices>;
