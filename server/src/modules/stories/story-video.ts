// A story as an MP4 (H.264, yuv420p, 30 fps): the viewer's clock is seeked frame by frame, so the frames depend on the
// story alone, never on how fast the machine renders; each frame goes to ffmpeg's stdin as a JPEG and ffmpeg writes
// the file to scratch space (an MP4 with its index in front needs a seekable output). Most of a story is at rest: the
// viewer's frame keys say which frames show the same picture as the one before, and those repeat its JPEG instead
// of being rendered again (a screenshot costs about ten times what ffmpeg spends on a repeated frame).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { STORY_VIDEO_FPS } from "@repox/contracts";
import type { ViewerPage } from "./export-render.ts";

/** Frames between two progress reports (one second of video); frame keys are asked for as many at a time. */
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
    ...["-c:v", "libx264", "-preset", "ultrafast", "-crf", "20", "-pix_fmt", "yuv420p", "-r", String(STORY_VIDEO_FPS)],
    ...["-movflags", "+faststart", "-an", outputFile],
  ];
  const ffmpeg = spawn(ffmpegPath, args, { stdio: ["pipe", "ignore", "pipe"], signal });
  const stderr: string[] = [];
  ffmpeg.stderr.setEncoding("utf8").on("data", (text: string) => stderr.push(text));
  const exited = once(ffmpeg, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  // A broken pipe (ffmpeg gave up) is reported through the exit status below.
  ffmpeg.stdin.on("error", () => undefined);
  const frames = frameCount(page.clock.durationMs);
  const timeOf = (frame: number) => (frame * 1000) / STORY_VIDEO_FPS;
  let previous: { key: string; jpeg: Buffer } | undefined;
  try {
    for (let first = 0; first < frames && ffmpeg.exitCode === null; first += PROGRESS_EVERY) {
      const times = Array.from({ length: Math.min(PROGRESS_EVERY, frames - first) }, (_, n) => timeOf(first + n));
      const keys = await page.frameKeys(times);
      for (const [n, time] of times.entries()) {
        if (ffmpeg.exitCode !== null) break;
        signal.throwIfAborted();
        const key = keys[n] ?? `unknown ${time}`;
        const jpeg = previous?.key === key ? previous.jpeg : await page.videoFrameAt(time);
        previous = { key, jpeg };
        if (!ffmpeg.stdin.write(jpeg)) await once(ffmpeg.stdin, "drain", { signal });
      }
      await onProgress((first + times.length) / frames);
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
