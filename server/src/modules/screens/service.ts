// Screens for the operator (spec 3 §7 Screens): list, read, create, rename, delete, activity, status, the assigned
// story, commands, pairing with a player's PIN, pushing and removing a story. repox.stories.show reads (checked by the
// routes), repox.stories.edit writes. Every change that a paired player would see wakes its held state call after
// the commit (notifier.ts).
import {
  type ActivityQuery,
  INVALID_PIN_MESSAGE,
  type LinkStoryBody,
  type Page,
  type PairBody,
  type Screen,
  type ScreenBody,
  type ScreenCommand,
  type ScreenCommandBody,
  type ScreenListQuery,
  type ScreenStatus,
  type ScreenStory,
  type Story,
  toPage,
} from "@repox/contracts";
import { listActivity, recordActivity } from "../../platform/activity/activity.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { BadRequest, Conflict, HttpError, NotFound } from "../../platform/errors.ts";
import { type RequestContext, signedIn } from "../../platform/http/access.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import { newSecret } from "./device-credentials.ts";
import type { ScreenNotifier } from "./notifier.ts";
import * as repo from "./repository.ts";
import { jpegDataUrl } from "./screenshot-images.ts";

/** What screens need from the stories area: a story as its readers see it. */
export type StoryReader = { get(ctx: RequestContext, id: string): Promise<Story> };

export type ScreensDeps = { stories: StoryReader; notifier: ScreenNotifier };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toScreen(row: repo.ScreenRow, thumb: Buffer | null): Screen {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    paired: row.token !== null,
    token: row.token,
    lastSeenAt: iso(row.last_seen_at),
    storyId: row.story_id,
    screenshot: jpegDataUrl(thumb),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

async function requireScreen(trx: Trx, id: string, options: { forUpdate?: boolean } = {}): Promise<repo.ScreenRow> {
  const row = await repo.getScreen(trx, id, options);
  if (!row) throw new NotFound(`Screen ${id} not found`);
  return row;
}

export function createScreensService({ stories, notifier }: ScreensDeps) {
  async function storyOrNull(ctx: RequestContext, id: string): Promise<Story | null> {
    try {
      return await stories.get(ctx, id);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  }

  async function readScreen(trx: Trx, id: string): Promise<Screen> {
    const row = await requireScreen(trx, id);
    return toScreen(row, await repo.getScreenThumb(trx, id));
  }

  return {
    async list(ctx: RequestContext, query: ScreenListQuery): Promise<Page<Screen>> {
      return ctx.db.transaction(async (trx) => {
        const rows = await repo.listScreens(trx, { offset: query.page * query.size, limit: query.size });
        const total = await repo.countScreens(trx);
        return toPage(
          rows.map((row) => toScreen(row, row.screenshot_thumb)),
          total,
          query,
        );
      });
    },

    async get(ctx: RequestContext, id: string): Promise<Screen> {
      return ctx.db.transaction((trx) => readScreen(trx, id));
    },

    async create(ctx: RequestContext, body: ScreenBody): Promise<Screen> {
      const user = signedIn(ctx).user;
      const id = uuidv7();
      return ctx.db.transaction(async (trx) => {
        await repo.insertScreen(trx, { tenant_id: ctx.tenant.id, id, name: body.name, description: body.description, created_by: user.id });
        await recordActivity(trx, ctx, {
          objectType: "screen",
          objectId: id,
          action: "created",
          params: { what: "screenCreated", name: body.name },
        });
        return readScreen(trx, id);
      });
    },

    async update(ctx: RequestContext, id: string, body: ScreenBody): Promise<Screen> {
      const { screen, deviceId } = await ctx.db.transaction(async (trx) => {
        const row = await requireScreen(trx, id, { forUpdate: true });
        await repo.updateScreen(trx, id, body);
        if (row.name !== body.name) {
          await recordActivity(trx, ctx, {
            objectType: "screen",
            objectId: id,
            action: "renamed",
            params: { what: "renamed", from: row.name, to: body.name },
          });
        }
        if (row.description !== body.description) {
          await recordActivity(trx, ctx, { objectType: "screen", objectId: id, action: "updated", params: { what: "descriptionChanged" } });
        }
        return { screen: await readScreen(trx, id), deviceId: row.device_id };
      });
      notifier.notify(ctx.tenant.id, deviceId);
      return screen;
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      const deviceId = await ctx.db.transaction(async (trx) => {
        const row = await requireScreen(trx, id, { forUpdate: true });
        // The device is revoked with the screen: its secret opens nothing any more.
        if (row.token) await repo.unpair(trx, id, row.device_id);
        await repo.deleteScreen(trx, id);
        return row.device_id;
      });
      notifier.notify(ctx.tenant.id, deviceId);
    },

    async activity(ctx: RequestContext, id: string, query: ActivityQuery) {
      return ctx.db.transaction(async (trx) => {
        await requireScreen(trx, id);
        return listActivity(trx, "screen", id, query);
      });
    },

    async status(ctx: RequestContext, id: string): Promise<ScreenStatus> {
      return ctx.db.transaction(async (trx) => {
        const row = await requireScreen(trx, id);
        return {
          screenshot: jpegDataUrl(await repo.getScreenshot(trx, id)),
          screenshotAt: iso(row.screenshot_at),
          storyId: row.story_id,
          token: row.token,
          lastSeenAt: iso(row.last_seen_at),
        };
      });
    },

    async story(ctx: RequestContext, id: string): Promise<ScreenStory> {
      const row = await ctx.db.transaction((trx) => requireScreen(trx, id));
      if (!row.story_id) return { story: null };
      const story = await storyOrNull(ctx, row.story_id);
      if (!story) return { story: null };
      const { storyDetails: _details, ...summary } = story;
      return { story: summary };
    },

    async command(ctx: RequestContext, id: string, body: ScreenCommandBody): Promise<ScreenCommand> {
      const { answer, deviceId } = await ctx.db.transaction(async (trx) => {
        const row = await requireScreen(trx, id, { forUpdate: true });
        if (!row.token) throw new Conflict("This screen is not paired");
        if (body.type === "UNPAIR") {
          await repo.unpair(trx, id, row.device_id);
          await recordActivity(trx, ctx, { objectType: "screen", objectId: id, action: "unpaired", params: { what: "unpaired" } });
          return { answer: { id: null, type: body.type }, deviceId: row.device_id };
        }
        const commandId = uuidv7();
        await repo.insertCommand(trx, { tenant_id: ctx.tenant.id, id: commandId, screen_id: id, type: body.type });
        return { answer: { id: commandId, type: body.type }, deviceId: row.device_id };
      });
      notifier.notify(ctx.tenant.id, deviceId);
      return answer;
    },

    async pair(ctx: RequestContext, id: string, body: PairBody): Promise<Screen> {
      const code = body.activationCode.trim();
      const { screen, deviceId } = await ctx.db.transaction(async (trx) => {
        const row = await requireScreen(trx, id, { forUpdate: true });
        if (!/^\d{6}$/.test(code)) throw new BadRequest(INVALID_PIN_MESSAGE);
        const [device] = await repo.devicesWithCode(trx, code);
        if (!device || device.revoked_at) throw new BadRequest(INVALID_PIN_MESSAGE);
        if (device.paired_at) throw new Conflict("This PIN has already been used to pair a screen. Use the PIN the player shows now.");
        if (device.code_expires_at.getTime() <= Date.now()) throw new BadRequest(INVALID_PIN_MESSAGE);
        if (row.token) throw new Conflict("This screen is already paired. Unpair it first.");
        // The media key is made here; the device learns it from its story's links.
        await repo.pair(trx, { screenId: id, deviceId: device.id, token: newSecret(), mediaKey: newSecret() });
        await recordActivity(trx, ctx, {
          objectType: "screen",
          objectId: id,
          action: "paired",
          params: { what: "paired" },
        });
        return { screen: await readScreen(trx, id), deviceId: device.id };
      });
      notifier.notify(ctx.tenant.id, deviceId);
      return screen;
    },

    async link(ctx: RequestContext, id: string, body: LinkStoryBody): Promise<Screen> {
      await ctx.db.transaction((trx) => requireScreen(trx, id));
      const story = await storyOrNull(ctx, body.storyId);
      if (!story) throw new BadRequest(`storyId: names no story (${body.storyId})`);
      const { screen, deviceId } = await ctx.db.transaction(async (trx) => {
        const row = await requireScreen(trx, id, { forUpdate: true });
        if (!row.token) throw new Conflict("Pair the screen before pushing a story");
        await repo.setStory(trx, id, story.id);
        await recordActivity(trx, ctx, {
          objectType: "screen",
          objectId: id,
          action: "story_pushed",
          params: { what: "storyPushed", title: story.title },
        });
        return { screen: await readScreen(trx, id), deviceId: row.device_id };
      });
      notifier.notify(ctx.tenant.id, deviceId);
      return screen;
    },

    async unlink(ctx: RequestContext, id: string): Promise<Screen> {
      const { screen, deviceId } = await ctx.db.transaction(async (trx) => {
        const row = await requireScreen(trx, id, { forUpdate: true });
        if (row.story_id) {
          await repo.setStory(trx, id, null);
          await recordActivity(trx, ctx, { objectType: "screen", objectId: id, action: "story_removed", params: { what: "storyRemoved" } });
        }
        return { screen: await readScreen(trx, id), deviceId: row.device_id };
      });
      notifier.notify(ctx.tenant.id, deviceId);
      return screen;
    },
  };
}

export type ScreensService = ReturnType<typeof createScreensService>;
