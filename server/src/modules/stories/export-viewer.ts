// The offline viewer export of a story (spec 3 §7 `POST /api/stories/{id}/export {format: 'VIEWER'}`): a ZIP holding
// index.html and the built offline player (web/vite.offline.config.ts), `story.js` with the story as the viewer's
// GET /api/stories/{id}/view answers it but each picture's link replaced by a file under media/, those pictures' bytes,
// and the fonts the story writes with. Opened from file:// it plays with no server and no network. Access, the story
// and its pictures come through the story view service, so the export shows exactly what the caller could view.

import { createReadStream } from "node:fs";
import type { Writable } from "node:stream";
import {
  fieldPath,
  type ImageSource,
  OFFLINE_VIEWER,
  type OfflineStory,
  offlineStoryScript,
  picturesOfStory,
  type StoryView,
} from "@repox/contracts";
import { Conflict, HttpError } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import type { FileContent } from "../../platform/media/file-content.ts";
import { ZipStream } from "../exports/zip-stream.ts";
import { fontPackagesOf, isViewerBuilt, type ViewerFile, viewerFilesFor } from "./offline-viewer-files.ts";
import type { StoryViewService } from "./story-view.ts";

export type ViewerExportDeps = {
  storyView: Pick<StoryViewService, "view" | "picture">;
  /** The built offline viewer (web/dist/offline-viewer). */
  viewerDir: string;
};

/** A checked export, ready to be written: nothing has been sent yet, so a refusal can still be an HTTP error. */
export type ViewerZip = {
  /** A name for the download: the story's title, made safe. */
  fileName: string;
  write(output: Writable, signal?: AbortSignal): Promise<void>;
};

type Picture = { path: string; content: FileContent };

const EXTENSIONS: Record<string, string> = {
  "image/png": ".png",
  "image/jpeg": ".jpg",
  "image/gif": ".gif",
  "image/bmp": ".bmp",
  "image/webp": ".webp",
};
const FILE_MODE = 0o644;

class ServiceUnavailable extends HttpError {
  constructor(message: string) {
    super(503, "Service Unavailable", message);
  }
}

/** Where a picture shows, for a person: 'slide 2, element 3' (or the slide's or story's background). */
function placeOf(path: readonly (string | number)[]): string {
  const slide = path[path.indexOf("slides") + 1];
  const element = path[path.indexOf("elements") + 1];
  if (typeof slide !== "number") return "the story's background";
  if (typeof element !== "number") return `the background of slide ${slide + 1}`;
  return `slide ${slide + 1}, element ${element + 1}`;
}

/** A file name without characters a file system or a Content-Disposition header would object to. */
function downloadName(title: string): string {
  const safe = title
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100);
  return `${safe || "story"} - offline viewer.zip`;
}

export function createViewerExport({ storyView, viewerDir }: ViewerExportDeps) {
  /** Each picture's bytes, checked before anything is written; one that cannot be read fails the export naming it. */
  async function readPictures(ctx: RequestContext, view: StoryView): Promise<Map<string, Picture>> {
    const places = new Map(
      picturesOfStory(view.storyDetails).map((picture) => [`${picture.from}:${picture.uuid.toLowerCase()}`, picture.path]),
    );
    const pictures = new Map<string, Picture>();
    for (const { from, uuid } of view.pictures) {
      const key = `${from}:${uuid}`;
      const content = await storyView.picture(ctx, view.id, from as ImageSource, uuid).catch((error: unknown) => {
        const path = places.get(key) ?? [];
        const reason = error instanceof Error ? error.message : String(error);
        throw new Conflict(`The picture of ${placeOf(path)} (${fieldPath(path)}) cannot be read: ${reason}`);
      });
      const extension = EXTENSIONS[content.mimeType] ?? "";
      pictures.set(key, { path: `${OFFLINE_VIEWER.mediaFolder}/${from}-${uuid}${extension}`, content });
    }
    return pictures;
  }

  async function writeZip(output: Writable, files: ViewerFile[], story: OfflineStory, pictures: Map<string, Picture>, signal: AbortSignal) {
    const zip = new ZipStream(output);
    const now = new Date();
    for (const file of files) {
      const options = { size: file.size, compress: true, modifiedAt: now, mode: FILE_MODE };
      await zip.addStream(file.path, createReadStream(file.file), options, signal);
    }
    await zip.addBuffer(OFFLINE_VIEWER.storyFile, Buffer.from(offlineStoryScript(story), "utf8"), now, FILE_MODE, signal);
    for (const { path, content } of pictures.values()) {
      const options = { size: content.size, compress: false, modifiedAt: now, mode: FILE_MODE };
      await zip.addStream(path, await content.open(), options, signal);
    }
    await zip.finish(signal);
  }

  return {
    /** Checks the caller may view the story and that each of its pictures can be read; answers the ZIP to write. */
    async prepare(ctx: RequestContext, storyId: string): Promise<ViewerZip> {
      const view = await storyView.view(ctx, storyId);
      if (!isViewerBuilt(viewerDir)) {
        throw new ServiceUnavailable("The offline viewer is not built on this server: run `npm run build -w web` and restart it.");
      }
      const pictures = await readPictures(ctx, view);
      const files = await viewerFilesFor(viewerDir, fontPackagesOf(view.storyDetails));
      const story: OfflineStory = {
        ...view,
        pictures: view.pictures.map(({ from, uuid }) => ({ from, uuid, url: pictures.get(`${from}:${uuid}`)?.path ?? "" })),
      };
      return {
        fileName: downloadName(view.title),
        write: (output, signal = new AbortController().signal) =>
          writeZip(output, files, story, pictures, signal).finally(() => {
            for (const picture of pictures.values()) picture.content.discard?.();
          }),
      };
    },
  };
}

export type ViewerExport = ReturnType<typeof createViewerExport>;

/** The whole export into `output` (which it ends): what the story export route calls for `{format: 'VIEWER'}`. */
export async function writeViewerZip(
  viewerExport: ViewerExport,
  ctx: RequestContext,
  storyId: string,
  output: Writable,
  signal?: AbortSignal,
) {
  const zip = await viewerExport.prepare(ctx, storyId);
  await zip.write(output, signal);
}
