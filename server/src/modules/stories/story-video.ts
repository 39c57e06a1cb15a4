// A story as an MP4 (H.264, yuv420p, 30 fps): the viewer's clock is seeked frame by frame, so the frames depend on the
// story alone, never on how fast the machine renders; each frame goes to ffmpeg's stdin as a JPEG and ffmpeg writes
// the file to scratch space (an MP4 with its index in front needs a seekable output).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { STORY_VIDEO_FPS } from "@repox/contracts";
import type { ViewerPage } from "./export-render.ts";

/** Frames between two progress reports (one second of video). */
const PROGRESS_EVERY = STORY_VIDEO_FPS;

export type VideoEncodeOptions = {
  ffmpegPath: string;
  page: ViewerPage;
  outputFile: string;
  signal: AbortSignal;
  /** 0..1, after each second of video. */
  onProgress(fraction: number): Promise<void>;
};

/** The number of frames of a story lasting `durationMs`: every frame whose time falls inside the story. */
export function frameCount(durationMs: number): number {
  return Math.max(1, Math.ceil((durationMs * STORY_VIDEO_FPS) / 1000));
}

export async function encodeStoryVideo({ ffmpegPath, page, outputFile, signal, onProgress }: VideoEncodeOptions): Promise<void> {
  const args = [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "image2pipe", "-framerate", String(STORY_VIDEO_FPS), "-c:v", "mjpeg", "-i", "pipe:0"],
    ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p", "-r", String(STORY_VIDEO_FPS)],
    ...["-movflags", "+faststart", "-an", outputFile],
  ];
  const ffmpeg = spawn(ffmpegPath, args, { stdio: ["pipe", "ignore", "pipe"], signal });
  const stderr: string[] = [];
  ffmpeg.stderr.setEncoding("utf8").on("data", (text: string) => stderr.push(text));
  const exited = once(ffmpeg, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  // A broken pipe (ffmpeg gave up) is reported through the exit status below.
  ffmpeg.stdin.on("error", () => undefined);
  const frames = frameCount(page.clock.durationMs);
  try {
    for (let frame = 0; frame < frames; frame++) {
      if (ffmpeg.exitCode !== null) break;
      const jpeg = await page.frameAt((frame * 1000) / STORY_VIDEO_FPS, "jpeg");
      if (!ffmpeg.stdin.write(jpeg)) await once(ffmpeg.stdin, "drain", { signal });
      if ((frame + 1) % PROGRESS_EVERY === 0) await onProgress((frame + 1) / frames);
    }
  } finally {
    ffmpeg.stdin.end();
  }
  const [code] = await exited;
  if (code !== 0) {
    const detail = stderr.join("").trim().split("\n")[0] || `ffmpeg stopped with status ${code}`;
    throw new Error(`The video could not be encoded: ${detail}`);
  }
}
