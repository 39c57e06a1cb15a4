// Whether the programs story exports need are installed: Debian's Chromium for every render, ffmpeg for videos. A
// missing program answers 503 with what to install, before any work starts; nothing crashes for want of it.
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { ServiceUnavailable } from "../errors.ts";

export type RenderTools = {
  /** Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium). */
  chromiumPath: string;
  /** ffmpeg (FFMPEG_PATH, default the one video posters use); a bare name is looked up on PATH. */
  ffmpegPath: string;
};

export const MISSING_CHROMIUM = "Exports need Chromium: install Debian's chromium package or set CHROMIUM_PATH.";
export const MISSING_FFMPEG = "Video exports need ffmpeg: install Debian's ffmpeg package or set FFMPEG_PATH.";

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** An absolute or relative path is checked as it is; a bare name as the shell would find it on PATH. */
export function findProgram(path: string, searchPath = process.env.PATH ?? ""): string | undefined {
  if (path.includes("/")) return isExecutable(path) ? path : undefined;
  return searchPath
    .split(delimiter)
    .filter((folder) => folder !== "")
    .map((folder) => join(folder, path))
    .find(isExecutable);
}

/** Answers the Chromium to launch, or refuses with 503 saying what to install. */
export function requireChromium(tools: RenderTools): string {
  const found = findProgram(tools.chromiumPath);
  if (!found) throw new ServiceUnavailable(MISSING_CHROMIUM);
  return found;
}

/** Answers the ffmpeg to run, or refuses with 503 saying what to install. */
export function requireFfmpeg(tools: RenderTools): string {
  const found = findProgram(tools.ffmpegPath);
  if (!found) throw new ServiceUnavailable(MISSING_FFMPEG);
  return found;
}
