// Runs a media program (ffmpeg, ffprobe, pdftoppm) from an argument list, never through a shell, on local files only,
// under a time limit and the job's abort signal, and answers what it wrote to stdout. A missing program is reported as
// such so the file is recorded as waiting for the tool, not broken; how each failure reads is the caller's.
import { execFile } from "node:child_process";
import { MediaToolUnavailable, UnreadableMedia } from "./errors.ts";

export type MediaToolTexts = {
  /** The program is not installed (or not executable) at its path. */
  missing: string;
  tooSlow: string;
  /** `stderr` holds the lines the program wrote there, or the exit status when it wrote none. */
  unreadable: (stderr: string[]) => string;
};

export type MediaToolRun = { timeoutMs: number; signal?: AbortSignal | undefined; texts: MediaToolTexts };

/** A PNG of at most 1600 × 1600 pixels is far below this. */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

function linesOf(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

export function runMediaTool(path: string, args: string[], { timeoutMs, signal, texts }: MediaToolRun): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      path,
      args,
      { encoding: "buffer", timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: MAX_OUTPUT_BYTES, windowsHide: true, signal },
      (err, stdout, stderr) => {
        if (!err) {
          resolve(stdout);
          return;
        }
        const code = (err as NodeJS.ErrnoException).code;
        if (signal?.aborted) reject(signal.reason);
        else if (code === "ENOENT" || code === "EACCES") reject(new MediaToolUnavailable(texts.missing));
        else if (err.killed) reject(new UnreadableMedia(texts.tooSlow));
        else {
          const lines = linesOf(stderr.toString("utf8"));
          reject(new UnreadableMedia(texts.unreadable(lines.length > 0 ? lines : [err.message])));
        }
      },
    );
  });
}
