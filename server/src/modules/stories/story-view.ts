// A story for viewing (GET /api/stories/{id}/view) and the pictures it shows (GET /api/stories/{id}/pictures/{from}/
// {uuid}). A viewer reaches a picture only through a story that shows it: the picture route answers the bytes of a
// picture named by that story's details, nothing else, through a link signed for the viewer (for <img> and the story
// cache, which cannot send the bearer token). The pictures themselves come from their own areas through `pictureFiles`
// ('store': the datastreams service; 'stories': the assets service).
import {
  type ImageSource,
  PERMISSIONS,
  picturesOfStory,
  SIGNED_URL_TENANT_PARAM,
  type StoryDetails,
  type StoryPictureLink,
  type StoryView,
} from "@repox/contracts";
import { Forbidden, NotFound } from "../../platform/errors.ts";
import { type RequestContext, type SignedInContext, signedIn } from "../../platform/http/access.ts";
import type { FileContent } from "../../platform/media/file-content.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import * as repo from "./repository.ts";

/** Reads a picture's bytes in the caller's tenant; the story has already been checked to show it. */
export type PictureFileReader = (ctx: RequestContext, uuid: string) => Promise<FileContent>;

export type StoryViewDeps = {
  signedUrls: Pick<UrlSigner, "signUrl">;
  pictureFiles: Record<ImageSource, PictureFileReader>;
  now?: () => number;
};

/** Links end with the next half-hour window (30 to 60 minutes), as datastream links do, so a window reuses them. */
const WINDOW_SECONDS = 30 * 60;

function requireStoriesShow(ctx: RequestContext): SignedInContext {
  const viewer = signedIn(ctx);
  if (!viewer.permissions.has(PERMISSIONS.storiesShow)) {
    throw new Forbidden(`You do not have permission to do this (requires ${PERMISSIONS.storiesShow})`);
  }
  return viewer;
}

/** Each picture of the story once (the same picture may be shown on many slides). */
export function uniquePictures(details: StoryDetails): { uuid: string; from: ImageSource }[] {
  const seen = new Map<string, { uuid: string; from: ImageSource }>();
  for (const picture of picturesOfStory(details)) {
    const uuid = picture.uuid.toLowerCase();
    seen.set(`${picture.from}:${uuid}`, { uuid, from: picture.from });
  }
  return [...seen.values()];
}

export function createStoryViewService({ signedUrls, pictureFiles, now = Date.now }: StoryViewDeps) {
  function linkTo(ctx: SignedInContext, storyId: string, picture: { uuid: string; from: ImageSource }): string {
    const seconds = Math.floor(now() / 1000);
    const expires = (Math.floor(seconds / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
    const query = new URLSearchParams({ [SIGNED_URL_TENANT_PARAM]: ctx.tenant.code });
    return signedUrls.signUrl(`/api/stories/${storyId}/pictures/${picture.from}/${picture.uuid}?${query}`, {
      tenant: ctx.tenant.id,
      userId: ctx.user.id,
      expiresInSeconds: expires - seconds,
    });
  }

  async function requireStory(ctx: RequestContext, id: string): Promise<repo.StoryRow> {
    const row = await ctx.db.transaction((trx) => repo.getStory(trx, id));
    if (!row) throw new NotFound(`Story ${id} not found`);
    return row;
  }

  return {
    async view(ctx: RequestContext, id: string): Promise<StoryView> {
      const viewer = requireStoriesShow(ctx);
      const row = await requireStory(ctx, id);
      const details = row.story_details as StoryDetails;
      const pictures: StoryPictureLink[] = uniquePictures(details).map((picture) => ({
        ...picture,
        url: linkTo(viewer, row.id, picture),
      }));
      return {
        id: row.id,
        title: row.title,
        aspectRatio: row.aspect_ratio as StoryView["aspectRatio"],
        orientation: row.orientation as StoryView["orientation"],
        width: row.width,
        height: row.height,
        storyDetails: details,
        pictures,
      };
    },

    /** The bytes of a picture the story shows; any other uuid is not found, whatever the caller may read elsewhere. */
    async picture(ctx: RequestContext, id: string, from: ImageSource, uuid: string): Promise<FileContent> {
      requireStoriesShow(ctx);
      const row = await requireStory(ctx, id);
      const wanted = uuid.toLowerCase();
      const isShown = uniquePictures(row.story_details as StoryDetails).some((picture) => picture.from === from && picture.uuid === wanted);
      const read = pictureFiles[from];
      if (!isShown || !read) throw new NotFound(`Story ${id} shows no picture ${uuid}`);
      return read(ctx, wanted);
    },
  };
}

export type StoryViewService = ReturnType<typeof createStoryViewService>;
