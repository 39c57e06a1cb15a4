// Stories: list, read, create, update (with tags), delete, and story tags. The canvas is the server's: width and height
// follow the ratio and orientation whatever the body says. Deleting a story deletes it for good (stories are not
// repository content, which alone has a trash), as surveys and contacts do.
import {
  type AspectRatio,
  canvasSize,
  fieldPath,
  type Orientation,
  type Page,
  picturesOfStory,
  type Story,
  type StoryCreateBody,
  type StoryCreated,
  type StoryDetails,
  type StoryListQuery,
  type StorySummary,
  type StoryTag,
  type StoryTagBody,
  type StoryTagListQuery,
  type StoryType,
  type StoryUpdateBody,
  toPage,
} from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { BadRequest, Conflict, NotFound } from "../../platform/errors.ts";
import { type RequestContext, type SignedInContext, signedIn } from "../../platform/http/access.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import { checkPictures, type DatastreamReader } from "./pictures.ts";
import * as repo from "./repository.ts";
import * as exportsRepo from "./story-exports.repository.ts";

/** `coverLink`: a signed thumbnail link of a story image, for the cover on list cards. */
export type StoriesDeps = {
  datastreams: DatastreamReader;
  coverLink: (ctx: SignedInContext, assetId: string) => string;
  /** In the transaction that deleted a story: the trash's purge removes its exports' files once nothing holds them. */
  purgeFiles: (trx: Trx, tenantId: string, files: readonly string[]) => Promise<void>;
};

const iso = (value: Date | string) => new Date(value).toISOString();

function toSummary(row: repo.StorySummaryRow, tags: repo.StoryTagRow[], coverUrl: string | null): StorySummary {
  return {
    id: row.id,
    uuid: row.id,
    title: row.title,
    description: row.description,
    storyType: row.story_type as StoryType,
    aspectRatio: row.aspect_ratio as AspectRatio,
    orientation: row.orientation as Orientation,
    width: row.width,
    height: row.height,
    coverPage: row.cover_page,
    coverUrl,
    isTemplate: row.is_template,
    tags,
    slideCount: row.slide_count,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

type Format = { aspectRatio: AspectRatio; orientation: Orientation };

/** The columns of the details as kept: on the canvas of the story's format, with an id of their own. */
function detailsColumns(details: StoryDetails, format: Format, storyId: string) {
  const canvas = canvasSize(format.aspectRatio, format.orientation);
  const stored: StoryDetails = { ...details, uuid: details.uuid ?? storyId, screen: { ...details.screen, ...canvas } };
  return { ...canvas, story_details: JSON.stringify(stored), slide_count: stored.screen.slides.length };
}

async function requireStory(trx: Trx, id: string): Promise<repo.StoryRow> {
  const row = await repo.getStory(trx, id);
  if (!row) throw new NotFound(`Story ${id} not found`);
  return row;
}

async function checkTags(trx: Trx, ids: readonly number[]): Promise<number[]> {
  const known = await repo.existingTagIds(trx, ids);
  ids.forEach((id, index) => {
    if (!known.has(id)) throw new BadRequest(`Invalid body: ${fieldPath(["tags", index])} names no story tag (${id})`);
  });
  return [...new Set(ids)];
}

export function createStoriesService({ datastreams, coverLink, purgeFiles }: StoriesDeps) {
  const coverOf = (ctx: RequestContext, row: repo.StorySummaryRow) => (row.cover_page ? coverLink(signedIn(ctx), row.cover_page) : null);

  async function readStory(trx: Trx, ctx: RequestContext, id: string): Promise<Story> {
    const row = await requireStory(trx, id);
    const tags = (await repo.tagsOfStories(trx, [id])).get(id) ?? [];
    return { ...toSummary(row, tags, coverOf(ctx, row)), storyDetails: row.story_details as StoryDetails };
  }

  return {
    async list(ctx: RequestContext, query: StoryListQuery): Promise<Page<StorySummary>> {
      return ctx.db.transaction(async (trx) => {
        const search = query.q || undefined;
        const rows = await repo.listStories(trx, { offset: query.page * query.size, limit: query.size, search, sort: query.sort });
        const total = await repo.countStories(trx, search);
        const tags = await repo.tagsOfStories(
          trx,
          rows.map((row) => row.id),
        );
        return toPage(
          rows.map((row) => toSummary(row, tags.get(row.id) ?? [], coverOf(ctx, row))),
          total,
          query,
        );
      });
    },

    async get(ctx: RequestContext, id: string): Promise<Story> {
      return ctx.db.transaction((trx) => readStory(trx, ctx, id));
    },

    async create(ctx: RequestContext, body: StoryCreateBody): Promise<StoryCreated> {
      const user = signedIn(ctx).user;
      const id = uuidv7();
      await ctx.db.transaction(async (trx) => {
        await checkPictures(trx, datastreams, picturesOfStory(body.storyDetails));
        await repo.insertStory(trx, {
          tenant_id: ctx.tenant.id,
          id,
          title: body.title,
          description: body.description,
          story_type: body.storyType,
          aspect_ratio: body.aspectRatio,
          orientation: body.orientation,
          ...detailsColumns(body.storyDetails, body, id),
          created_by: user.id,
          updated_by: user.id,
        });
      });
      return { uuid: id };
    },

    async update(ctx: RequestContext, id: string, body: StoryUpdateBody): Promise<Story> {
      const user = signedIn(ctx).user;
      if (body.id !== undefined && body.id.toLowerCase() !== id.toLowerCase())
        throw new BadRequest("id in the body does not match the path");
      return ctx.db.transaction(async (trx) => {
        await requireStory(trx, id);
        const tagIds = await checkTags(trx, body.tags);
        await checkPictures(trx, datastreams, picturesOfStory(body.storyDetails), { uuid: body.coverPage, path: ["coverPage"] });
        await repo.updateStory(trx, id, {
          title: body.title,
          description: body.description,
          story_type: body.storyType,
          aspect_ratio: body.aspectRatio,
          orientation: body.orientation,
          cover_page: body.coverPage,
          is_template: body.isTemplate,
          ...detailsColumns(body.storyDetails, body, id),
          updated_by: user.id,
          updated_at: new Date(),
        });
        await repo.setStoryTags(trx, ctx.tenant.id, id, tagIds);
        return readStory(trx, ctx, id);
      });
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      await ctx.db.transaction(async (trx) => {
        const exportFiles = await exportsRepo.exportFilesOfStory(trx, id);
        if (!(await repo.deleteStory(trx, id))) throw new NotFound(`Story ${id} not found`);
        if (exportFiles.length > 0) await purgeFiles(trx, ctx.tenant.id, exportFiles);
      });
    },

    async tagsOf(ctx: RequestContext, id: string): Promise<StoryTag[]> {
      return ctx.db.transaction(async (trx) => {
        await requireStory(trx, id);
        return (await repo.tagsOfStories(trx, [id])).get(id) ?? [];
      });
    },

    async listTags(ctx: RequestContext, query: StoryTagListQuery): Promise<Page<StoryTag>> {
      return ctx.db.transaction(async (trx) => {
        const search = query.q || undefined;
        const rows = await repo.listStoryTags(trx, { offset: query.page * query.size, limit: query.size, search });
        return toPage(rows, await repo.countStoryTags(trx, search), query);
      });
    },

    async createTag(ctx: RequestContext, body: StoryTagBody): Promise<StoryTag> {
      return ctx.db.transaction(async (trx) => {
        const tag = await repo.insertStoryTag(trx, ctx.tenant.id, body);
        if (!tag) throw new Conflict(`The story tag '${body.scope}:${body.name}' already exists`);
        return tag;
      });
    },
  };
}

export type StoriesService = ReturnType<typeof createStoriesService>;
