// The public embed of a website (spec 3 §7 Websites, public): the story assigned to it, with each picture linked to
// the website's own media routes, and those media. Nothing else: a uuid the story does not show is not found, so an
// embed never opens the rest of the store. No sign-in; the tenant comes from the header (or, for media an <img> or
// the story cache loads, the `tenant` query parameter).
import { type ImageSource, SIGNED_URL_TENANT_PARAM, type StoryView } from "@repox/contracts";
import { NotFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import type { FileContent } from "../../platform/media/file-content.ts";
import type { StoryPicture, StoryPlayerSource } from "../stories/story-view.ts";
import { requireWebsite } from "./service.ts";

export const PUBLIC_WEBSITES = "/api/str/pub/websites";

/** The media route of a picture, per source: datastreams of the store, assets uploaded for stories. */
const MEDIA_ROUTE: Record<ImageSource, "datastreams" | "assets"> = { store: "datastreams", stories: "assets" };

export function publicMediaPath(tenantCode: string, websiteId: string, picture: StoryPicture): string {
  const query = new URLSearchParams({ [SIGNED_URL_TENANT_PARAM]: tenantCode });
  return `${PUBLIC_WEBSITES}/${websiteId}/${MEDIA_ROUTE[picture.from]}/${picture.uuid}?${query}`;
}

export function createPublicWebsitesService({ stories }: { stories: StoryPlayerSource }) {
  async function assignedStory(ctx: RequestContext, id: string): Promise<string> {
    const row = await ctx.db.transaction((trx) => requireWebsite(trx, id));
    if (!row.story_id) throw new NotFound("No story is assigned to this website");
    return row.story_id;
  }

  return {
    async story(ctx: RequestContext, id: string): Promise<StoryView> {
      const storyId = await assignedStory(ctx, id);
      return stories.playedStory(ctx, storyId, (picture) => publicMediaPath(ctx.tenant.code, id, picture));
    },

    async media(ctx: RequestContext, id: string, from: ImageSource, uuid: string): Promise<FileContent> {
      const storyId = await assignedStory(ctx, id);
      return stories.playedPicture(ctx, storyId, from, uuid);
    },
  };
}

export type PublicWebsitesService = ReturnType<typeof createPublicWebsitesService>;
