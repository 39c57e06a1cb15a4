// Websites (spec 3 §7 Websites): list, read (with the assigned story's card), create, update, delete, the Activity
// tab, and assigning or removing the story published there. Every change records its activity in its transaction.
// The stories themselves are read through the stories service.
import {
  type ActivityItem,
  type ActivityQuery,
  type Page,
  type PageQuery,
  type Story,
  toPage,
  type Website,
  type WebsiteBody,
  type WebsiteStory,
} from "@repox/contracts";
import { listActivity, recordActivity } from "../../platform/activity/activity.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { NotFound } from "../../platform/errors.ts";
import { type RequestContext, signedIn } from "../../platform/http/access.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import type { StoriesService } from "../stories/service.ts";
import * as repo from "./repository.ts";

export type WebsitesDeps = { stories: Pick<StoriesService, "get"> };

const iso = (value: Date | string) => new Date(value).toISOString();

export async function requireWebsite(trx: Trx, id: string, { lock = false } = {}): Promise<repo.WebsiteRow> {
  const row = lock ? await repo.lockWebsite(trx, id) : await repo.getWebsite(trx, id);
  if (!row) throw new NotFound(`Website ${id} not found`);
  return row;
}

function cardOf(story: Story): WebsiteStory {
  const { id, title, description, aspectRatio, orientation, coverUrl } = story;
  return { id, title, description, aspectRatio, orientation, coverUrl };
}

function toWebsite(row: repo.WebsiteRow, story: WebsiteStory | null): Website {
  return {
    id: row.id,
    uuid: row.id,
    name: row.name,
    description: row.description,
    storyId: row.story_id,
    story,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function createWebsitesService({ stories }: WebsitesDeps) {
  /** The story's card; a story deleted meanwhile reads as none. */
  async function storyCard(ctx: RequestContext, storyId: string | null): Promise<WebsiteStory | null> {
    if (!storyId) return null;
    try {
      return cardOf(await stories.get(ctx, storyId));
    } catch (error) {
      if (error instanceof NotFound) return null;
      throw error;
    }
  }

  async function answer(ctx: RequestContext, row: repo.WebsiteRow): Promise<Website> {
    return toWebsite(row, await storyCard(ctx, row.story_id));
  }

  async function read(ctx: RequestContext, id: string): Promise<repo.WebsiteRow> {
    return ctx.db.transaction((trx) => requireWebsite(trx, id));
  }

  return {
    async list(ctx: RequestContext, query: PageQuery): Promise<Page<Website>> {
      const { rows, total } = await ctx.db.transaction(async (trx) => ({
        rows: await repo.listWebsites(trx, { offset: query.page * query.size, limit: query.size }),
        total: await repo.countWebsites(trx),
      }));
      const cards = new Map<string, WebsiteStory | null>();
      for (const storyId of new Set(rows.flatMap((row) => (row.story_id ? [row.story_id] : [])))) {
        cards.set(storyId, await storyCard(ctx, storyId));
      }
      const content = rows.map((row) => toWebsite(row, row.story_id ? (cards.get(row.story_id) ?? null) : null));
      return toPage(content, total, query);
    },

    async get(ctx: RequestContext, id: string): Promise<Website> {
      return answer(ctx, await read(ctx, id));
    },

    async create(ctx: RequestContext, body: WebsiteBody): Promise<Website> {
      const user = signedIn(ctx).user;
      const id = uuidv7();
      const row = await ctx.db.transaction(async (trx) => {
        await repo.insertWebsite(trx, {
          tenant_id: ctx.tenant.id,
          id,
          name: body.name,
          description: body.description,
          created_by: user.id,
          updated_by: user.id,
        });
        await recordActivity(trx, ctx, {
          objectType: "website",
          objectId: id,
          action: "created",
          params: { what: "websiteCreated", name: body.name },
        });
        return requireWebsite(trx, id);
      });
      return answer(ctx, row);
    },

    async update(ctx: RequestContext, id: string, body: WebsiteBody): Promise<Website> {
      const user = signedIn(ctx).user;
      const row = await ctx.db.transaction(async (trx) => {
        const before = await requireWebsite(trx, id, { lock: true });
        if (before.name === body.name && before.description === body.description) return before;
        await repo.updateWebsite(trx, id, { name: body.name, description: body.description, updated_by: user.id, updated_at: new Date() });
        if (before.name !== body.name) {
          const params = { what: "renamed", from: before.name, to: body.name } as const;
          await recordActivity(trx, ctx, { objectType: "website", objectId: id, action: "renamed", params });
        }
        if (before.description !== body.description) {
          await recordActivity(trx, ctx, {
            objectType: "website",
            objectId: id,
            action: "updated",
            params: { what: "descriptionChanged" },
          });
        }
        return requireWebsite(trx, id);
      });
      return answer(ctx, row);
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      await ctx.db.transaction(async (trx) => {
        if (!(await repo.deleteWebsite(trx, id))) throw new NotFound(`Website ${id} not found`);
      });
    },

    async activity(ctx: RequestContext, id: string, query: ActivityQuery): Promise<Page<ActivityItem>> {
      return ctx.db.transaction(async (trx) => {
        await requireWebsite(trx, id);
        return listActivity(trx, "website", id, query);
      });
    },

    /** The assigned story, whole; 404 saying so when the website has none. */
    async story(ctx: RequestContext, id: string): Promise<Story> {
      const row = await read(ctx, id);
      if (!row.story_id) throw new NotFound("No story is assigned to this website");
      return stories.get(ctx, row.story_id);
    },

    async link(ctx: RequestContext, id: string, storyId: string): Promise<Website> {
      const user = signedIn(ctx).user;
      const story = await stories.get(ctx, storyId);
      const row = await ctx.db.transaction(async (trx) => {
        const before = await requireWebsite(trx, id, { lock: true });
        if (before.story_id === story.id) return before;
        await repo.updateWebsite(trx, id, { story_id: story.id, updated_by: user.id, updated_at: new Date() });
        const params = { what: "storyAssigned", title: story.title } as const;
        await recordActivity(trx, ctx, { objectType: "website", objectId: id, action: "linked", params });
        return requireWebsite(trx, id);
      });
      return answer(ctx, row);
    },

    async unlink(ctx: RequestContext, id: string): Promise<Website> {
      const user = signedIn(ctx).user;
      const before = await read(ctx, id);
      const removed = await storyCard(ctx, before.story_id);
      const row = await ctx.db.transaction(async (trx) => {
        const current = await requireWebsite(trx, id, { lock: true });
        if (!current.story_id) return current;
        await repo.updateWebsite(trx, id, { story_id: null, updated_by: user.id, updated_at: new Date() });
        const params = { what: "storyUnassigned", title: removed?.title ?? null } as const;
        await recordActivity(trx, ctx, { objectType: "website", objectId: id, action: "unlinked", params });
        return requireWebsite(trx, id);
      });
      return answer(ctx, row);
    },
  };
}

export type WebsitesService = ReturnType<typeof createWebsitesService>;
