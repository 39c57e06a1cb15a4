// The player's side (issue 14, tenant header, no sign-in): registering for a PIN, then with its device credentials
// the state (held up to 25 s until its version moves), the story with media links that name the device, the media
// themselves (checked against the pairing on every request), the screenshot, and commands marked done. An unpaired
// or revoked device answers `paired: false` and opens nothing else.
import { createHash } from "node:crypto";
import {
  type ImageSource,
  type PlayerCommand,
  type PlayerRegistration,
  type PlayerState,
  type PlayerStateQuery,
  SCREEN_LIMITS,
  type StoryView,
} from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { Conflict, Forbidden, NotFound, Unauthorized } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import type { FileContent } from "../../platform/media/file-content.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import type { StoryPlayerSource } from "../stories/story-view.ts";
import { hashSecret, newActivationCode, newSecret, parseDeviceAuthorization, sameHash, sameText } from "./device-credentials.ts";
import { createHeldStates } from "./held-states.ts";
import type { ScreenNotifier } from "./notifier.ts";
import * as repo from "./repository.ts";
import { screenshotImages } from "./screenshot-images.ts";

export type PlayerDeps = {
  /** The story a screen plays and the pictures it shows, read without a user (the routes below decide which story). */
  stories: StoryPlayerSource;
  notifier: ScreenNotifier;
  /** The context of a tenant named by its code (the media links carry it: <img> cannot send headers). */
  tenantContext: (code: string) => Promise<RequestContext>;
  /** How often the states of the held state calls are re-read without a notice (another process's change). */
  recheckMs?: number;
};

const NOT_REGISTERED = "This player is not registered. Register it again.";
const NOT_PAIRED = "This player is not paired with a screen";
const REGISTER_ATTEMPTS = 20;
const PENDING_COMMANDS_IN_STATE = 20;

type Device = { ctx: RequestContext; device: repo.DeviceRow };
type DeviceCredentials = { deviceId: string; secret: string };

function versionOf(state: Omit<PlayerState, "version">): string {
  return createHash("sha256").update(JSON.stringify(state)).digest("base64url").slice(0, 22);
}

function toPlayerState(screen: repo.DeviceScreenRow | undefined, commands: repo.PendingCommandRow[]): PlayerState {
  const state = {
    paired: !!screen,
    screen: screen ? { id: screen.id, name: screen.name } : null,
    storyId: screen?.story_id ?? null,
    storyUpdatedAt: screen?.story_updated_at ? new Date(screen.story_updated_at).toISOString() : null,
    commands: commands.map((command) => ({ id: command.id, type: command.type as PlayerCommand["type"] })),
  };
  return { version: versionOf(state), ...state };
}

const UNPAIRED_STATE = toPlayerState(undefined, []);

export function createPlayerService({ stories, notifier, tenantContext, recheckMs = 5_000 }: PlayerDeps) {
  function credentials(authorization: string | undefined): DeviceCredentials {
    const given = parseDeviceAuthorization(authorization);
    if (!given) throw new Unauthorized("Device credentials are required (Authorization: Device <deviceId>.<deviceSecret>)");
    return given;
  }

  async function deviceOf(trx: Trx, given: DeviceCredentials): Promise<repo.DeviceRow> {
    const device = await repo.getDevice(trx, given.deviceId);
    if (!device || !sameHash(given.secret, device.secret_hash)) throw new Unauthorized(NOT_REGISTERED);
    return device;
  }

  async function authenticate(ctx: RequestContext, authorization: string | undefined): Promise<Device> {
    const given = credentials(authorization);
    return { ctx, device: await ctx.db.transaction((trx) => deviceOf(trx, given)) };
  }

  async function pairedScreen({ ctx, device }: Device): Promise<repo.DeviceScreenRow> {
    if (device.revoked_at) throw new Forbidden(NOT_PAIRED);
    const screen = await ctx.db.transaction((trx) => repo.screenOfDevice(trx, device.id));
    if (!screen) throw new Forbidden(NOT_PAIRED);
    return screen;
  }

  /** The states of these devices' players, by device, as their screens are now. */
  async function statesOfDevices(trx: Trx, deviceIds: string[]): Promise<Map<string, PlayerState>> {
    const screens = await repo.screensOfDevices(trx, deviceIds);
    const screenIds = [...screens.values()].map((screen) => screen.id);
    const pending = await repo.pendingCommandsOfScreens(trx, screenIds, PENDING_COMMANDS_IN_STATE);
    return new Map(
      deviceIds.map((deviceId) => {
        const screen = screens.get(deviceId);
        return [deviceId, toPlayerState(screen, screen ? pending.filter((command) => command.screen_id === screen.id) : [])];
      }),
    );
  }

  /** The device's state, its credentials checked in the same transaction (a state call is the players' most frequent). */
  async function readState(ctx: RequestContext, given: DeviceCredentials): Promise<PlayerState> {
    return ctx.db.transaction(async (trx) => {
      const device = await deviceOf(trx, given);
      // Revoking a device clears its screen's token (repo.unpair): a revoked device reads as unpaired.
      const state = (await statesOfDevices(trx, [device.id])).get(device.id) ?? UNPAIRED_STATE;
      await repo.touchLastSeen(trx, device.id, state.screen?.id);
      return state;
    });
  }

  const held = createHeldStates({
    notifier,
    everyMs: recheckMs,
    readVersions: async (ctx, deviceIds) => {
      const states = await ctx.db.transaction((trx) => statesOfDevices(trx, deviceIds));
      return new Map([...states].map(([deviceId, state]) => [deviceId, state.version]));
    },
  });

  return {
    async register(ctx: RequestContext): Promise<PlayerRegistration> {
      const deviceId = uuidv7();
      const secret = newSecret();
      const expiresAt = new Date(Date.now() + SCREEN_LIMITS.activationCodeMinutes * 60_000);
      const code = await ctx.db.transaction(async (trx) => {
        await repo.deleteStaleDevices(trx);
        for (let attempt = 0; attempt < REGISTER_ATTEMPTS; attempt++) {
          const candidate = newActivationCode();
          if (await repo.isLiveCode(trx, candidate)) continue;
          await repo.insertDevice(trx, {
            tenant_id: ctx.tenant.id,
            id: deviceId,
            secret_hash: hashSecret(secret),
            activation_code: candidate,
            code_expires_at: expiresAt,
          });
          return candidate;
        }
        throw new Conflict("Too many players are waiting to be paired. Try again in a few minutes.");
      });
      return { deviceId, deviceSecret: secret, activationCode: code, expiresAt: expiresAt.toISOString() };
    },

    /** Answers at once, or with `wait` and `since` as soon as the version differs from `since` (at most `wait` s). */
    async state(
      ctx: RequestContext,
      authorization: string | undefined,
      query: PlayerStateQuery,
      signal?: AbortSignal,
    ): Promise<PlayerState> {
      const given = credentials(authorization);
      const deadline = Date.now() + query.wait * 1000;
      let state = await readState(ctx, given);
      if (query.since === undefined || state.version !== query.since || notifier.isClosed) return state;
      const call = held.hold(ctx, given.deviceId, state.version);
      try {
        while (state.version === query.since && Date.now() < deadline && !signal?.aborted && !notifier.isClosed) {
          await notifier.wait(ctx.tenant.id, given.deviceId, deadline - Date.now(), signal);
          if (signal?.aborted || notifier.isClosed) break;
          state = await readState(ctx, given);
        }
      } finally {
        call.release();
      }
      return state;
    },

    async story(ctx: RequestContext, authorization: string | undefined): Promise<StoryView> {
      const caller = await authenticate(ctx, authorization);
      const screen = await pairedScreen(caller);
      if (!screen.story_id) throw new NotFound("No story assigned");
      const mediaKey = await ctx.db.transaction(async (trx) => (await repo.getDevice(trx, caller.device.id))?.media_key ?? "");
      const query = new URLSearchParams({ tenant: ctx.tenant.code, device: caller.device.id, key: mediaKey });
      return stories.playedStory(ctx, screen.story_id, (picture) => `/api/str/player/media/${picture.from}/${picture.uuid}?${query}`);
    },

    /** A picture of the device's current story, while the device is paired; anything else is not found. */
    async media(tenantCode: string, link: { device: string; key: string }, from: ImageSource, uuid: string): Promise<FileContent> {
      const ctx = await tenantContext(tenantCode);
      const refused = new NotFound(`No picture ${uuid} for this player`);
      const device = await ctx.db.transaction((trx) => repo.getDevice(trx, link.device));
      if (!device || device.revoked_at || !sameText(link.key, device.media_key)) throw refused;
      const screen = await ctx.db.transaction((trx) => repo.screenOfDevice(trx, device.id));
      if (!screen?.story_id) throw refused;
      try {
        return await stories.playedPicture(ctx, screen.story_id, from, uuid);
      } catch (error) {
        if (error instanceof NotFound) throw refused;
        throw error;
      }
    },

    async screenshot(ctx: RequestContext, authorization: string | undefined, bytes: Buffer): Promise<{ screenshotAt: string }> {
      const caller = await authenticate(ctx, authorization);
      const screen = await pairedScreen(caller);
      const images = await screenshotImages(bytes);
      const at = await ctx.db.transaction((trx) => repo.setScreenshot(trx, screen.id, images));
      return { screenshotAt: at.toISOString() };
    },

    /** The server is shutting down: held state calls answer now, later ones at once. */
    stopWaiting(): void {
      notifier.close();
    },

    async commandDone(ctx: RequestContext, authorization: string | undefined, commandId: string): Promise<void> {
      const caller = await authenticate(ctx, authorization);
      const screen = await pairedScreen(caller);
      await ctx.db.transaction(async (trx) => {
        const command = await repo.getCommand(trx, commandId);
        if (!command || command.screen_id !== screen.id) throw new NotFound(`Command ${commandId} not found`);
        if (command.done_at) throw new Conflict(`Command ${commandId} is already done`);
        await repo.markCommandDone(trx, commandId);
      });
      notifier.notify(ctx.tenant.id, caller.device.id);
    },
  };
}

export type PlayerService = ReturnType<typeof createPlayerService>;
