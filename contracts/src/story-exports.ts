// Story exports (spec 3 §3 Export options, issue 13 "Exports"): stills (a ZIP of one PNG per slide at rest), the video
// (an MP4 rendered by a job and mailed as a signed link) and the offline viewer (a ZIP that plays from file://). The
// sizes are the story's ratio at 1080 (FHD) or 1440 (QHD) pixels on the short side.
import { z } from "zod";
import { Email, Uuid } from "./common.ts";
import type { AspectRatio, Orientation } from "./story-constants.ts";

export const STORY_EXPORT_FORMATS = ["SLIDE_IMAGE", "VIDEO", "VIEWER"] as const;
export type StoryExportFormat = (typeof STORY_EXPORT_FORMATS)[number];
export const STORY_EXPORT_RESOLUTIONS = ["FHD", "QHD"] as const;
export type StoryExportResolution = (typeof STORY_EXPORT_RESOLUTIONS)[number];
export const STORY_EXPORT_STATES = ["QUEUED", "RUNNING", "DONE", "FAILED"] as const;
export type StoryExportState = (typeof STORY_EXPORT_STATES)[number];

/** Pixels on the short side of a frame. */
export const STORY_EXPORT_SHORT_SIDE: Record<StoryExportResolution, number> = { FHD: 1080, QHD: 1440 };
/** Frames per second of a video export. */
export const STORY_VIDEO_FPS = 30;
/** How long a mailed video link stays valid. */
export const STORY_VIDEO_LINK_DAYS = 7;
/** How long an export and its file are kept: the mailed video link's week and a day; then both are deleted. */
export const STORY_EXPORT_KEEP_DAYS = STORY_VIDEO_LINK_DAYS + 1;
/** How many of a story's latest exports GET /api/stories/{id}/exports answers. */
export const STORY_EXPORTS_LISTED = 20;

/** The frame of an export: the short side from the resolution, the long one from the story's ratio. */
export function storyExportSize(
  aspectRatio: AspectRatio,
  orientation: Orientation,
  resolution: StoryExportResolution,
): { width: number; height: number } {
  const short = STORY_EXPORT_SHORT_SIDE[resolution];
  const [wide, narrow] = aspectRatio.split(":").map(Number) as [number, number];
  const long = Math.round((short * wide) / narrow);
  return orientation === "PORTRAIT" ? { width: short, height: long } : { width: long, height: short };
}

const Resolution = z.enum(STORY_EXPORT_RESOLUTIONS, { error: `must be one of ${STORY_EXPORT_RESOLUTIONS.join(", ")}` });

/** POST /api/stories/{id}/export: answers the file (a ZIP). */
export const StoryExportBody = z.discriminatedUnion(
  "format",
  [z.strictObject({ format: z.literal("SLIDE_IMAGE"), resolution: Resolution }), z.strictObject({ format: z.literal("VIEWER") })],
  { error: "format must be SLIDE_IMAGE or VIEWER (videos: POST /api/stories/{id}/export_video)" },
);
export type StoryExportBody = z.infer<typeof StoryExportBody>;

/** POST /api/stories/{id}/export_video: starts a job; the recipient gets the link when it is done. */
export const StoryVideoExportBody = z.strictObject({ resolution: Resolution, recipient: Email });
export type StoryVideoExportBody = z.infer<typeof StoryVideoExportBody>;

/** One export of GET /api/stories/{id}/exports (and the answer of export_video). */
export const StoryExport = z.object({
  id: Uuid,
  format: z.enum(STORY_EXPORT_FORMATS),
  resolution: z.enum(STORY_EXPORT_RESOLUTIONS).nullable(),
  state: z.enum(STORY_EXPORT_STATES),
  /** 0 to 1. */
  progress: z.number().min(0).max(1),
  /** A signed link to the finished file (short-lived); null until the export is done. */
  downloadUrl: z.string().nullable(),
  /** Why it failed, for a person. */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type StoryExport = z.infer<typeof StoryExport>;

export const StoryExportList = z.array(StoryExport);
export type StoryExportList = z.infer<typeof StoryExportList>;

export const StoryExportFileParams = z.object({ id: Uuid, exportId: Uuid });
export type StoryExportFileParams = z.infer<typeof StoryExportFileParams>;
