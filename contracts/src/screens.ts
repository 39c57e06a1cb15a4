// Screens (spec 3 §3 Screen, §4 Screen, §7 Screens) and the browser player that plays a story on one (issue 14):
// the operator's calls under /api/str/screens (repox.stories.show reads, repox.stories.edit writes) and the device's
// under /api/str/player (tenant header; after pairing `Authorization: Device <deviceId>.<deviceSecret>`).
import { z } from "zod";
import { ActivityItem } from "./activity.ts";
import { LIMITS, PageQuery, pageOf, Uuid } from "./common.ts";
import { readOnlyFields, WRITE_TIMESTAMPS } from "./read-back.ts";
import { StorySummary } from "./stories.ts";

export const SCREEN_LIMITS = {
  nameMaxLength: LIMITS.nameMaxLength,
  descriptionMaxLength: LIMITS.descriptionMaxLength,
  /** A PIN is six digits; the Pair button needs more than five characters (spec 3 §5). */
  activationCodeLength: 6,
  activationCodeMinInput: 6,
  /** Minutes a PIN stays valid; the player then registers again. */
  activationCodeMinutes: 15,
  /** Longest `?wait=` of GET /api/str/player/state, in seconds. */
  stateWaitMaxSeconds: 25,
  screenshotMaxBytes: 5 * 1024 * 1024,
  /** The operator polls the status every 5 s and re-checks 2 s after a command or pairing (spec 3 §4, §9). */
  statusPollMs: 5_000,
  statusRecheckMs: 2_000,
} as const;

export const SCREEN_COMMAND_TYPES = ["UNPAIR", "SCREENSHOT"] as const;
export type ScreenCommandType = (typeof SCREEN_COMMAND_TYPES)[number];

export const DEVICE_AUTH_SCHEME = "Device";
export const INVALID_PIN_MESSAGE = "Invalid or expired PIN";

const missingOr = (wrongKind: string) => (issue: { input?: unknown }) => (issue.input === undefined ? "is required" : wrongKind);
const trimmed = (max: number) =>
  z
    .string({ error: missingOr("must be text") })
    .trim()
    .max(max, { error: `must be at most ${max} characters` });

export const ScreenParams = z.object({ id: Uuid });
export type ScreenParams = z.infer<typeof ScreenParams>;

/** POST and PUT /api/str/screens. The form marks both required; the name must not be blank, the description may be. */
export const ScreenBody = z.object({
  name: trimmed(SCREEN_LIMITS.nameMaxLength).min(1, { error: "is required" }),
  description: trimmed(SCREEN_LIMITS.descriptionMaxLength).default(""),
});
export type ScreenBody = z.infer<typeof ScreenBody>;
export type ScreenBodyInput = z.input<typeof ScreenBody>;

export const ScreenListQuery = PageQuery;
export type ScreenListQuery = z.infer<typeof ScreenListQuery>;

/** A screen as the list and the editor read it. `paired`: it has a token. */
export const Screen = z.object({
  id: Uuid,
  name: z.string(),
  description: z.string(),
  paired: z.boolean(),
  token: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  storyId: Uuid.nullable(),
  /** A small screenshot (data URL) for the list card, or null: 'No image available'. */
  screenshot: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Screen = z.infer<typeof Screen>;
/** What PUT compares when sent; the player's last call and capture change on their own. */
export const SCREEN_READ_ONLY_FIELDS = readOnlyFields(Screen, ScreenBody, [...WRITE_TIMESTAMPS, "lastSeenAt", "screenshot"]);

export const ScreenPage = pageOf(Screen);
export type ScreenPage = z.infer<typeof ScreenPage>;

export const ScreenActivityPage = pageOf(ActivityItem);

/** GET /api/str/screens/{id}/status. */
export const ScreenStatus = z.object({
  /** The latest capture the player sent, as a data URL, or null. */
  screenshot: z.string().nullable(),
  screenshotAt: z.string().nullable(),
  storyId: Uuid.nullable(),
  token: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
});
export type ScreenStatus = z.infer<typeof ScreenStatus>;

/** GET /api/str/screens/{id}/story: the assigned story, or null. */
export const ScreenStory = z.object({ story: StorySummary.nullable() });
export type ScreenStory = z.infer<typeof ScreenStory>;

export const ScreenCommandBody = z.object({
  type: z.enum(SCREEN_COMMAND_TYPES, { error: missingOr(`must be one of ${SCREEN_COMMAND_TYPES.join(", ")}`) }),
});
export type ScreenCommandBody = z.infer<typeof ScreenCommandBody>;

/** A queued command (SCREENSHOT); UNPAIR is carried out at once and answers `id: null`. */
export const ScreenCommand = z.object({ id: Uuid.nullable(), type: z.enum(SCREEN_COMMAND_TYPES) });
export type ScreenCommand = z.infer<typeof ScreenCommand>;

export const PairBody = z.object({ activationCode: trimmed(32).min(1, { error: "is required" }) });
export type PairBody = z.infer<typeof PairBody>;

export const LinkStoryBody = z.object({ storyId: Uuid });
export type LinkStoryBody = z.infer<typeof LinkStoryBody>;

/** POST /api/str/screens/{id}/unlink: an empty body (or none). */
export const ScreenUnlinkBody = z.object({}).nullish();

// --- The player (device) ---

/** POST /api/str/player/register. Keep `deviceSecret`: it is shown once. */
export const PlayerRegistration = z.object({
  deviceId: Uuid,
  deviceSecret: z.string(),
  activationCode: z.string(),
  expiresAt: z.string(),
});
export type PlayerRegistration = z.infer<typeof PlayerRegistration>;

export const PlayerCommand = z.object({ id: Uuid, type: z.literal("SCREENSHOT") });
export type PlayerCommand = z.infer<typeof PlayerCommand>;

/** GET /api/str/player/state. `version` changes whenever anything else in the answer does. */
export const PlayerState = z.object({
  version: z.string(),
  paired: z.boolean(),
  screen: z.object({ id: Uuid, name: z.string() }).nullable(),
  storyId: Uuid.nullable(),
  storyUpdatedAt: z.string().nullable(),
  commands: z.array(PlayerCommand),
});
export type PlayerState = z.infer<typeof PlayerState>;

export const PlayerStateQuery = z.object({
  wait: z.coerce.number().int().min(0).max(SCREEN_LIMITS.stateWaitMaxSeconds).default(0),
  since: z.string().max(64).optional(),
});
export type PlayerStateQuery = z.infer<typeof PlayerStateQuery>;

export const PlayerCommandParams = z.object({ id: Uuid });

/** The media link of the player's story names the device; the server checks its pairing on every request. */
export const PlayerMediaQuery = z.object({
  tenant: z.string().max(63),
  device: Uuid,
  key: z.string().min(1).max(128),
});
export type PlayerMediaQuery = z.infer<typeof PlayerMediaQuery>;

/** GET /api/str/player/manifest.webmanifest?tenant= (the player as an installable app). */
export const PlayerManifestQuery = z.object({
  tenant: z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, { error: "must be a tenant code" }),
});

export const PlayerScreenshotAnswer = z.object({ screenshotAt: z.string() });
export type PlayerScreenshotAnswer = z.infer<typeof PlayerScreenshotAnswer>;

export const PLAYER_SCREENSHOT_TYPES = ["image/png", "image/jpeg"] as const;
