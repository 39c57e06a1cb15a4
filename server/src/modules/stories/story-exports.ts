// Story exports (issue 13 "Exports"). Stills: a ZIP of one PNG per slide at rest, rendered by headless Chromium from
// the real viewer page, written to the blob store while it is rendered and answered from there. Each export is a
// story_exports row (RUNNING, then DONE with its file or FAILED with a reason a person can read), listed by
// GET /api/stories/{id}/exports with a signed link to the file. Before anything renders, the story's pictures must
// resolve and, once the viewer has loaded, no picture or font may be missing (export-preflight.ts).
import { PassThrough } from "node:stream";
import {
  type AuthUser,
  type ImageSource,
  PERMISSIONS,
  SIGNED_URL_TENANT_PARAM,
  STORY_EXPORTS_LISTED,
  type StoryDetails,
  type StoryExport,
  type StoryExportResolution,
  storyExportSize,
} from "@repox/contracts";
import type { TokenService } from "../../platform/auth/tokens.ts";
import type { BlobStore, WrittenBlob } from "../../platform/blobs/blob-store.ts";
import { findBlob, lockBlob, recordBlob } from "../../platform/blobs/repository.ts";
import { Forbidden, HttpError, NotFound, ServiceUnavailable, UnprocessableEntity } from "../../platform/errors.ts";
import { type RequestContext, type SignedInContext, signedIn } from "../../platform/http/access.ts";
import { withChromium } from "../../platform/render/headless-chromium.ts";
import type { LocalOrigin } from "../../platform/render/local-origin.ts";
import { type RenderTools, requireChromium } from "../../platform/render/render-tools.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import type { FileContent } from "../datastreams/service.ts";
import { ZipStream } from "../exports/zip-stream.ts";
import { checkLoadedMedia, checkStoryPictures } from "./export-preflight.ts";
import { openViewerPage } from "./export-render.ts";
import * as repo from "./repository.ts";
import * as exportsRepo from "./story-exports.repository.ts";
import type { PictureFileReader } from "./story-view.ts";

export type StoryExportsDeps = {
  blobs: BlobStore;
  tokens: TokenService;
  signedUrls: Pick<UrlSigner, "signUrl">;
  pictureFiles: Record<ImageSource, PictureFileReader>;
  renderTools: RenderTools;
  origin: LocalOrigin;
  now?: () => number;
};

/** The renderer's session: long enough to load the viewer and its pictures, not to be of use afterwards. */
const RENDER_SESSION_SECONDS = 15 * 60;
const VIEWER_LOAD_TIMEOUT_MS = 60_000;
/** A whole stills export; a story of hundreds of slides at QHD stays well inside it. */
const STILLS_TIME_LIMIT_MS = 30 * 60 * 1000;
const MAX_EXPORT_BYTES = 20 * 1024 ** 3;
/** Links end with the next half-hour window (30 to 60 minutes), as the other signed links do. */
const WINDOW_SECONDS = 30 * 60;
const FILE_MODE = 0o644;

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

  async function requireStory(ctx: RequestContext, id: string): Promise<repo.StoryRow> {
    const row = await ctx.db.transaction((trx) => repo.getStory(trx, id));
    if (!row) throw new NotFound(`Story ${id} not found`);
    return row;
  }

  async function rendererSession(ctx: SignedInContext): Promise<AuthUser> {
    const jwtToken = await deps.tokens.sign({ userId: ctx.user.id, tenantCode: ctx.tenant.code }, null, RENDER_SESSION_SECONDS);
    return { uuid: ctx.user.id, username: ctx.user.username, firstname: "", lastname: "", email: "", jwtToken };
  }

  function fileLink(ctx: SignedInContext, storyId: string, exportId: string): string {
    const seconds = Math.floor(now() / 1000);
    const expires = (Math.floor(seconds / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
    const query = new URLSearchParams({ [SIGNED_URL_TENANT_PARAM]: ctx.tenant.code });
    return deps.signedUrls.signUrl(`/api/stories/${storyId}/exports/${exportId}/file?${query}`, {
      tenant: ctx.tenant.id,
      userId: ctx.user.id,
      expiresInSeconds: expires - seconds,
    });
  }

  /** Renders every slide at rest into a ZIP streamed into the blob store; answers the stored file. */
  async function renderStills(
    ctx: SignedInContext,
    story: repo.StoryRow,
    resolution: StoryExportResolution,
    chromiumPath: string,
    origin: string,
  ): Promise<WrittenBlob> {
    const details = story.story_details as StoryDetails;
    const size = storyExportSize(story.aspect_ratio as "16:9", story.orientation as "LANDSCAPE", resolution);
    const session = await rendererSession(ctx);
    const signal = AbortSignal.timeout(STILLS_TIME_LIMIT_MS);
    const output = new PassThrough();
    const written = deps.blobs.writeBlob(ctx.tenant.id, output, { maxBytes: MAX_EXPORT_BYTES });
    try {
      await withChromium(chromiumPath, async (browser) => {
        const page = await openViewerPage(browser, {
          origin,
          tenantCode: ctx.tenant.code,
          storyId: story.id,
          session,
          ...size,
          loadTimeoutMs: VIEWER_LOAD_TIMEOUT_MS,
        });
        checkLoadedMedia(details, page.clock.missing);
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

  async function finish(ctx: RequestContext, exportId: string, blob: WrittenBlob, fileName: string): Promise<void> {
    await ctx.db.transaction(async (trx) => {
      await lockBlob(trx, ctx.tenant.id, blob.sha256);
      await recordBlob(trx, ctx.tenant.id, blob);
      await exportsRepo.updateExport(trx, exportId, { state: "DONE", progress: 1, error: null, blobSha256: blob.sha256, fileName });
    });
  }

  async function fail(ctx: RequestContext, exportId: string, error: HttpError): Promise<void> {
    await ctx.db.transaction((trx) => exportsRepo.updateExport(trx, exportId, { state: "FAILED", error: error.message }));
  }

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
      const chromiumPath = requireChromium(deps.renderTools);
      const origin = deps.origin.require();
      const details = story.story_details as StoryDetails;
      if (details.screen.slides.length === 0) throw new UnprocessableEntity("This story has no slides to export.");
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
        const blob = await renderStills(viewer, story, resolution, chromiumPath, origin);
        const fileName = `${story.title} - stills ${resolution}.zip`;
        await finish(ctx, exportId, blob, fileName);
        const row = await ctx.db.transaction((trx) => exportsRepo.getExport(trx, storyId, exportId));
        if (!row) throw new NotFound(`Export ${exportId} not found`);
        return await openFile(ctx, row);
      } catch (error) {
        const answer = asHttpError(error);
        await fail(ctx, exportId, answer);
        throw answer;
      }
    },

    /** GET /api/stories/{id}/exports: the story's latest exports, newest first, with a link to each finished file. */
    async list(ctx: RequestContext, storyId: string): Promise<StoryExport[]> {
      const viewer = requireStoriesShow(ctx);
      await requireStory(ctx, storyId);
      const rows = await ctx.db.transaction((trx) => exportsRepo.listExports(trx, storyId, STORY_EXPORTS_LISTED));
      return rows.map((row) => ({
        id: row.id,
        format: row.format as StoryExport["format"],
        resolution: row.resolution as StoryExport["resolution"],
        state: row.state as StoryExport["state"],
        progress: row.progress,
        downloadUrl: row.state === "DONE" && row.blob_sha256 ? fileLink(viewer, storyId, row.id) : null,
        error: row.error,
        createdAt: row.created_at.toISOString(),
      }));
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
