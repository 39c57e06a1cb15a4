// Story exports (issue 13 "Exports"). Stills: a ZIP of one PNG per slide at rest, rendered by headless Chromium from
// the real viewer page, written to the blob store while it is rendered and answered from there. Each export is a
// story_exports row (RUNNING, then DONE with its file or FAILED with a reason a person can read), listed by
// GET /api/stories/{id}/exports with a signed link to the file. Video: a job (STORY_VIDEO_JOB) seeks the viewer frame
// by frame into ffmpeg (story-video.ts), keeps the MP4 and mails the recipient a signed link valid for a week. Before
// anything renders, the story's pictures must resolve and, once the viewer has loaded, no picture or font may be
// missing (export-preflight.ts).
import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import {
  type AuthUser,
  type ImageSource,
  PERMISSIONS,
  SIGNED_URL_TENANT_PARAM,
  STORY_EXPORTS_LISTED,
  STORY_VIDEO_LINK_DAYS,
  type StoryDetails,
  type StoryExport,
  type StoryExportResolution,
  type StoryVideoExportBody,
  storyExportSize,
} from "@repox/contracts";
import { z } from "zod";
import type { TokenService } from "../../platform/auth/tokens.ts";
import type { BlobStore, WrittenBlob } from "../../platform/blobs/blob-store.ts";
import { findBlob, lockBlob, recordBlob } from "../../platform/blobs/repository.ts";
import type { TenantDb } from "../../platform/db/tenant-transaction.ts";
import { Forbidden, HttpError, NotFound, ServiceUnavailable, UnprocessableEntity } from "../../platform/errors.ts";
import { type RequestContext, type SignedInContext, signedIn } from "../../platform/http/access.ts";
import type { JobQueue, RunningJob } from "../../platform/jobs/job-queue.ts";
import type { Mailer } from "../../platform/mail.ts";
import type { FileContent } from "../../platform/media/file-content.ts";
import { withChromium } from "../../platform/render/headless-chromium.ts";
import type { LocalOrigin } from "../../platform/render/local-origin.ts";
import { createRenderSlots } from "../../platform/render/render-slots.ts";
import { type RenderTools, requireChromium, requireFfmpeg } from "../../platform/render/render-tools.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import { ZipStream } from "../exports/zip-stream.ts";
import { checkLoadedMedia, checkStoryPictures } from "./export-preflight.ts";
import { openViewerPage, type ViewerPage } from "./export-render.ts";
import * as repo from "./repository.ts";
import * as exportsRepo from "./story-exports.repository.ts";
import { encodeStoryVideo } from "./story-video.ts";
import type { PictureFileReader } from "./story-view.ts";

export type StoryExportsDeps = {
  blobs: BlobStore;
  tokens: TokenService;
  signedUrls: Pick<UrlSigner, "signUrl">;
  pictureFiles: Record<ImageSource, PictureFileReader>;
  renderTools: RenderTools;
  origin: LocalOrigin;
  jobs: JobQueue;
  mailer: Mailer;
  now?: () => number;
};

export const STORY_VIDEO_JOB = "stories.export-video";

const VideoJobPayload = z.object({
  exportId: z.uuid(),
  storyId: z.uuid(),
  userId: z.uuid(),
  username: z.string(),
  tenantCode: z.string(),
  /** Where the person who asked reached the app (PUBLIC_URL or the request's host): the mailed link's origin. */
  appUrl: z.string(),
});
type VideoJobPayload = z.infer<typeof VideoJobPayload>;

/** Whom a render acts for: the user who asked, in their tenant. */
type Requester = { tenantId: string; tenantCode: string; userId: string; username: string };

const requesterOf = (ctx: SignedInContext): Requester => ({
  tenantId: ctx.tenant.id,
  tenantCode: ctx.tenant.code,
  userId: ctx.user.id,
  username: ctx.user.username,
});

/** The renderer's session: long enough to load the viewer and its pictures, not to be of use afterwards. */
const RENDER_SESSION_SECONDS = 15 * 60;
const VIEWER_LOAD_TIMEOUT_MS = 60_000;
/** A whole stills export; a story of hundreds of slides at QHD stays well inside it. */
const STILLS_TIME_LIMIT_MS = 30 * 60 * 1000;
/** A whole video render (about 10 frames a second on two cores: an hour of story in three). */
const VIDEO_TIME_LIMIT_MS = 3 * 60 * 60 * 1000;
const VIDEO_JOB_ATTEMPTS = 2;
/** Renders at once in this process (stills and videos together). */
const CONCURRENT_RENDERS = 1;
const MAX_EXPORT_BYTES = 20 * 1024 ** 3;
/** Links end with the next half-hour window (30 to 60 minutes), as the other signed links do. */
const WINDOW_SECONDS = 30 * 60;
const FILE_MODE = 0o644;
const NO_SLIDES = "This story has no slides to export.";

export type StoryExportFile = FileContent & { fileName: string };

function requireStoriesShow(ctx: RequestContext): SignedInContext {
  const viewer = signedIn(ctx);
  if (!viewer.permissions.has(PERMISSIONS.storiesShow)) {
    throw new Forbidden(`You do not have permission to do this (requires ${PERMISSIONS.storiesShow})`);
  }
  return viewer;
}

/** A slide's file name in the ZIP: its number (zero-padded so they sort) and its name, without path characters. */
export function stillName(index: number, count: number, slideName: string): string {
  const number = String(index + 1).padStart(Math.max(2, String(count).length), "0");
  const name = slideName
    .replace(/[\p{Cc}/\\:*?"<>|]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100);
  return name ? `${number} ${name}.png` : `${number}.png`;
}

/** The first line of an unexpected failure (a browser's messages run to many lines of call log). */
function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0]?.trim() || "unknown error";
}

/** Failures a person can act on keep their answer; anything else (a browser that crashed or hung) answers 503. */
function asHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  return new ServiceUnavailable(`The story could not be rendered: ${firstLine(error)}`);
}

export function createStoryExportsService(deps: StoryExportsDeps) {
  const now = deps.now ?? Date.now;
  const renderSlots = createRenderSlots(CONCURRENT_RENDERS);

  async function requireStory(ctx: RequestContext, id: string): Promise<repo.StoryRow> {
    const row = await ctx.db.transaction((trx) => repo.getStory(trx, id));
    if (!row) throw new NotFound(`Story ${id} not found`);
    return row;
  }

  async function rendererSession(requester: Requester): Promise<AuthUser> {
    const claims = { userId: requester.userId, tenantCode: requester.tenantCode };
    const jwtToken = await deps.tokens.sign(claims, null, RENDER_SESSION_SECONDS);
    return { uuid: requester.userId, username: requester.username, firstname: "", lastname: "", email: "", jwtToken };
  }

  function fileLink(requester: Requester, storyId: string, exportId: string, isMailed = false): string {
    const seconds = Math.floor(now() / 1000);
    const expires = (Math.floor(seconds / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
    const query = new URLSearchParams({ [SIGNED_URL_TENANT_PARAM]: requester.tenantCode });
    return deps.signedUrls.signUrl(`/api/stories/${storyId}/exports/${exportId}/file?${query}`, {
      tenant: requester.tenantId,
      userId: requester.userId,
      expiresInSeconds: isMailed ? STORY_VIDEO_LINK_DAYS * 24 * 60 * 60 : expires - seconds,
      isMailed,
    });
  }

  /** Opens the viewer as `requester` at the frame size and refuses a story whose pictures or fonts did not load. */
  async function withViewer<T>(
    requester: Requester,
    story: repo.StoryRow,
    resolution: StoryExportResolution,
    work: (page: ViewerPage) => Promise<T>,
  ): Promise<T> {
    const chromiumPath = requireChromium(deps.renderTools);
    const origin = deps.origin.require();
    const size = storyExportSize(story.aspect_ratio as "16:9", story.orientation as "LANDSCAPE", resolution);
    return renderSlots.run(async () => {
      // Made when the render starts, not while it waits its turn: the session is short-lived.
      const session = await rendererSession(requester);
      return withChromium(chromiumPath, async (browser) => {
        const page = await openViewerPage(browser, {
          origin,
          tenantCode: requester.tenantCode,
          storyId: story.id,
          session,
          ...size,
          loadTimeoutMs: VIEWER_LOAD_TIMEOUT_MS,
        });
        checkLoadedMedia(story.story_details as StoryDetails, page.clock.missing);
        return work(page);
      });
    });
  }

  /** Renders every slide at rest into a ZIP streamed into the blob store; answers the stored file. */
  async function renderStills(requester: Requester, story: repo.StoryRow, resolution: StoryExportResolution): Promise<WrittenBlob> {
    const signal = AbortSignal.timeout(STILLS_TIME_LIMIT_MS);
    const output = new PassThrough();
    const written = deps.blobs.writeBlob(requester.tenantId, output, { maxBytes: MAX_EXPORT_BYTES });
    try {
      await withViewer(requester, story, resolution, async (page) => {
        const zip = new ZipStream(output);
        const { slides } = page.clock;
        for (const [index, slide] of slides.entries()) {
          const png = await page.frameAt(slide.restMs);
          await zip.addBuffer(stillName(index, slides.length, slide.name), png, new Date(now()), FILE_MODE, signal);
        }
        await zip.finish(signal);
      });
    } catch (error) {
      output.destroy();
      await written.catch(() => undefined);
      throw error;
    }
    return written;
  }

  /** Renders the video to scratch space, then into the blob store. */
  async function renderVideo(
    requester: Requester,
    story: repo.StoryRow,
    resolution: StoryExportResolution,
    onProgress: (fraction: number) => Promise<void>,
    signal: AbortSignal,
  ): Promise<WrittenBlob> {
    const ffmpegPath = requireFfmpeg(deps.renderTools);
    const folder = await mkdtemp(join(tmpdir(), "repox-video-"));
    try {
      const outputFile = join(folder, "story.mp4");
      await withViewer(requester, story, resolution, (page) => encodeStoryVideo({ ffmpegPath, page, outputFile, signal, onProgress }));
      return await deps.blobs.writeBlob(requester.tenantId, createReadStream(outputFile), { maxBytes: MAX_EXPORT_BYTES });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async function finish(db: TenantDb, exportId: string, blob: WrittenBlob, fileName: string): Promise<void> {
    await db.transaction(async (trx) => {
      await lockBlob(trx, db.tenantId, blob.sha256);
      await recordBlob(trx, db.tenantId, blob);
      await exportsRepo.updateExport(trx, exportId, { state: "DONE", progress: 1, error: null, blobSha256: blob.sha256, fileName });
    });
  }

  async function fail(db: TenantDb, exportId: string, error: HttpError): Promise<void> {
    await db.transaction((trx) => exportsRepo.updateExport(trx, exportId, { state: "FAILED", error: error.message }));
  }

  function toExport(requester: Requester, row: exportsRepo.StoryExportRow): StoryExport {
    return {
      id: row.id,
      format: row.format as StoryExport["format"],
      resolution: row.resolution as StoryExport["resolution"],
      state: row.state as StoryExport["state"],
      progress: row.progress,
      downloadUrl: row.state === "DONE" && row.blob_sha256 ? fileLink(requester, row.story_id, row.id) : null,
      error: row.error,
      createdAt: row.created_at.toISOString(),
    };
  }

  /** The job: renders, keeps the file, mails the link. A failure a person can act on is final; others retry once. */
  async function runVideoJob(job: RunningJob<VideoJobPayload>): Promise<void> {
    const { exportId, storyId, appUrl, ...who } = job.payload;
    const requester: Requester = { tenantId: job.tenantId, ...who };
    const row = await job.db.transaction((trx) => exportsRepo.getExport(trx, storyId, exportId));
    const story = await job.db.transaction((trx) => repo.getStory(trx, storyId));
    if (!row || row.state === "DONE") return;
    try {
      if (!story) throw new NotFound(`Story ${storyId} not found`);
      await job.db.transaction((trx) => exportsRepo.updateExport(trx, exportId, { state: "RUNNING", progress: 0, error: null }));
      const onProgress = async (fraction: number) => {
        await job.db.transaction((trx) => exportsRepo.updateExport(trx, exportId, { progress: Math.min(0.99, fraction) }));
        await job.reportProgress(Math.floor(fraction * 100));
      };
      const signal = AbortSignal.any([job.signal, AbortSignal.timeout(VIDEO_TIME_LIMIT_MS)]);
      const blob = await renderVideo(requester, story, row.resolution as StoryExportResolution, onProgress, signal);
      const fileName = `${story.title} - video ${row.resolution}.mp4`;
      await finish(job.db, exportId, blob, fileName);
      if (row.recipient) await mailLink(job.db, requester, story, exportId, { to: row.recipient, appUrl });
    } catch (error) {
      if (job.signal.aborted) throw error;
      const isFinal = error instanceof HttpError || job.attempt >= job.maxAttempts;
      if (!isFinal) throw error;
      await fail(job.db, exportId, asHttpError(error));
    }
  }

  async function mailLink(
    db: TenantDb,
    requester: Requester,
    story: repo.StoryRow,
    exportId: string,
    { to, appUrl }: { to: string; appUrl: string },
  ): Promise<void> {
    const link = `${appUrl}${fileLink(requester, story.id, exportId, true)}`;
    const text = [
      `The video of the story "${story.title}" is ready.`,
      "",
      `Download it within ${STORY_VIDEO_LINK_DAYS} days:`,
      link,
      "",
    ].join("\n");
    const mailId = await db.transaction((trx) =>
      deps.mailer.enqueue(trx, db.tenantId, { to, subject: `Story video: ${story.title}`, text }),
    );
    await deps.mailer.deliver(db, mailId);
  }

  deps.jobs.register(STORY_VIDEO_JOB, VideoJobPayload, runVideoJob);

  async function openFile(ctx: RequestContext, row: exportsRepo.StoryExportRow): Promise<StoryExportFile> {
    const sha256 = row.blob_sha256;
    if (row.state !== "DONE" || !sha256) throw new NotFound(`Export ${row.id} has no file (it is ${row.state.toLowerCase()})`);
    const blob = await ctx.db.transaction((trx) => findBlob(trx, sha256));
    if (!blob) throw new NotFound(`The file of export ${row.id} is no longer kept`);
    return {
      label: row.file_name ?? `${row.id}.zip`,
      fileName: row.file_name ?? `${row.id}.zip`,
      mimeType: blob.mimeType,
      size: blob.size,
      etag: `"${sha256}"`,
      open: (range) => deps.blobs.openBlob(ctx.tenant.id, sha256, range),
    };
  }

  return {
    /** Where renders reach this server (set when it starts listening). */
    origin: deps.origin,

    /** POST /api/stories/{id}/export {format: 'SLIDE_IMAGE'}: renders, records and answers the ZIP of stills. */
    async exportStills(ctx: RequestContext, storyId: string, resolution: StoryExportResolution): Promise<StoryExportFile> {
      const viewer = requireStoriesShow(ctx);
      const story = await requireStory(ctx, storyId);
      requireChromium(deps.renderTools);
      deps.origin.require();
      const details = story.story_details as StoryDetails;
      if (details.screen.slides.length === 0) throw new UnprocessableEntity(NO_SLIDES);
      const exportId = uuidv7();
      await ctx.db.transaction((trx) =>
        exportsRepo.insertExport(trx, {
          tenantId: ctx.tenant.id,
          id: exportId,
          storyId,
          format: "SLIDE_IMAGE",
          resolution,
          state: "RUNNING",
          createdBy: viewer.user.id,
        }),
      );
      try {
        await checkStoryPictures(ctx, details, deps.pictureFiles);
        const blob = await renderStills(requesterOf(viewer), story, resolution);
        const fileName = `${story.title} - stills ${resolution}.zip`;
        await finish(ctx.db, exportId, blob, fileName);
        const row = await ctx.db.transaction((trx) => exportsRepo.getExport(trx, storyId, exportId));
        if (!row) throw new NotFound(`Export ${exportId} not found`);
        return await openFile(ctx, row);
      } catch (error) {
        const answer = asHttpError(error);
        await fail(ctx.db, exportId, answer);
        throw answer;
      }
    },

    /** POST /api/stories/{id}/export_video: checks what it can at once, then leaves the render to a job. */
    async exportVideo(ctx: RequestContext, storyId: string, body: StoryVideoExportBody, appUrl: string): Promise<StoryExport> {
      const viewer = requireStoriesShow(ctx);
      const story = await requireStory(ctx, storyId);
      requireChromium(deps.renderTools);
      requireFfmpeg(deps.renderTools);
      deps.origin.require();
      const details = story.story_details as StoryDetails;
      if (details.screen.slides.length === 0) throw new UnprocessableEntity(NO_SLIDES);
      await checkStoryPictures(ctx, details, deps.pictureFiles);
      const requester = requesterOf(viewer);
      const exportId = uuidv7();
      const row = await ctx.db.transaction(async (trx) => {
        await exportsRepo.insertExport(trx, {
          tenantId: ctx.tenant.id,
          id: exportId,
          storyId,
          format: "VIDEO",
          resolution: body.resolution,
          state: "QUEUED",
          recipient: body.recipient,
          createdBy: viewer.user.id,
        });
        const { tenantId: _tenant, ...who } = requester;
        const payload: VideoJobPayload = { exportId, storyId, ...who, appUrl };
        await deps.jobs.enqueue(trx, ctx.tenant.id, STORY_VIDEO_JOB, payload, { maxAttempts: VIDEO_JOB_ATTEMPTS });
        return exportsRepo.getExport(trx, storyId, exportId);
      });
      if (!row) throw new NotFound(`Export ${exportId} not found`);
      return toExport(requester, row);
    },

    /** GET /api/stories/{id}/exports: the story's latest exports, newest first, with a link to each finished file. */
    async list(ctx: RequestContext, storyId: string): Promise<StoryExport[]> {
      const viewer = requireStoriesShow(ctx);
      await requireStory(ctx, storyId);
      const rows = await ctx.db.transaction((trx) => exportsRepo.listExports(trx, storyId, STORY_EXPORTS_LISTED));
      const requester = requesterOf(viewer);
      return rows.map((row) => toExport(requester, row));
    },

    /** GET /api/stories/{id}/exports/{exportId}/file: a finished export's file. */
    async file(ctx: RequestContext, storyId: string, exportId: string): Promise<StoryExportFile> {
      requireStoriesShow(ctx);
      await requireStory(ctx, storyId);
      const row = await ctx.db.transaction((trx) => exportsRepo.getExport(trx, storyId, exportId));
      if (!row) throw new NotFound(`Export ${exportId} not found`);
      return openFile(ctx, row);
    },
  };
}

export type StoryExportsService = ReturnType<typeof createStoryExportsService>;
