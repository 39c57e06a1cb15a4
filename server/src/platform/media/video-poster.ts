// A poster frame of a video: ffprobe reads the duration, ffmpeg decodes one frame about a second in (a tenth of a short
// clip) and sends it as PNG on stdout. Both run from an argument list (no shell), reading local files only, under a
// time limit; a missing ffmpeg is reported as such so the file is recorded as waiting for the tool, not broken.
import { UnreadableMedia } from "./errors.ts";
import { DERIVATIVE_SIZES } from "./image-derivatives.ts";
import { runMediaTool } from "./media-tool.ts";

export type VideoTools = { ffmpegPath: string; ffprobePath: string; timeoutMs: number };

export const DEFAULT_VIDEO_TOOLS: VideoTools = { ffmpegPath: "/usr/bin/ffmpeg", ffprobePath: "/usr/bin/ffprobe", timeoutMs: 60_000 };

const POSTER_AT_SECONDS = 1;
const SHORT_CLIP_FRACTION = 0.1;
// Demuxers may follow references inside a file (playlists, external tracks); only the file itself may be read.
const LOCAL_ONLY = ["-protocol_whitelist", "file"];

function runTool(path: string, args: string[], tools: VideoTools, signal: AbortSignal | undefined): Promise<Buffer> {
  return runMediaTool(path, args, {
    timeoutMs: tools.timeoutMs,
    signal,
    texts: {
      missing: `Video posters need ffmpeg, which is not installed (${path}).`,
      tooSlow: `Reading the video took longer than ${tools.timeoutMs / 1000} s.`,
      unreadable: ([detail]) => `The video could not be read: ${detail}`,
    },
  });
}

/** Seconds, or undefined when the container does not say (a live-style stream). */
async function probeDuration(file: string, tools: VideoTools, signal: AbortSignal | undefined): Promise<number | undefined> {
  const args = ["-v", "error", ...LOCAL_ONLY, "-show_entries", "format=duration", "-of", "default=noprint_wrappers=1:nokey=1", file];
  const stdout = await runTool(tools.ffprobePath, args, tools, signal);
  const seconds = Number.parseFloat(stdout.toString("utf8"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** The frame as PNG bytes, already fitted inside the preview box. */
export async function extractPosterFrame(file: string, tools: VideoTools, signal?: AbortSignal): Promise<Buffer> {
  const duration = await probeDuration(file, tools, signal);
  // A second in skips a fade from black; a clip too short for that is taken a tenth of the way in.
  const at = duration === undefined ? 0 : duration >= 2 * POSTER_AT_SECONDS ? POSTER_AT_SECONDS : duration * SHORT_CLIP_FRACTION;
  const box = DERIVATIVE_SIZES.preview;
  const stdout = await runTool(
    tools.ffmpegPath,
    [
      ...["-hide_banner", "-loglevel", "error", "-nostdin"],
      ...["-ss", at.toFixed(3), ...LOCAL_ONLY, "-i", file],
      ...["-map", "0:v:0", "-frames:v", "1", "-an", "-sn", "-dn"],
      ...["-vf", `scale='min(${box},iw)':'min(${box},ih)':force_original_aspect_ratio=decrease`],
      ...["-f", "image2pipe", "-c:v", "png", "pipe:1"],
    ],
    tools,
    signal,
  );
  if (stdout.length === 0) throw new UnreadableMedia("The video has no picture to make a poster from.");
  return stdout;
}
