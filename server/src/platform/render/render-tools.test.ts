import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findProgram, MISSING_CHROMIUM, MISSING_FFMPEG, requireChromium, requireFfmpeg } from "./render-tools.ts";

const folder = mkdtempSync(join(tmpdir(), "repox-tools-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function program(name: string, mode: number): string {
  const file = join(folder, name);
  writeFileSync(file, "#!/bin/sh\n");
  chmodSync(file, mode);
  return file;
}

describe("render tools", () => {
  it("finds a program by path, or by bare name on PATH, only when it may be run", () => {
    const runnable = program("render-tool", 0o755);
    program("not-runnable", 0o644);
    expect(findProgram(runnable)).toBe(runnable);
    expect(findProgram("render-tool", `/nonexistent:${folder}`)).toBe(runnable);
    expect(findProgram("not-runnable", folder)).toBeUndefined();
    expect(findProgram(join(folder, "absent"))).toBeUndefined();
  });

  it("answers 503 saying what to install when Chromium or ffmpeg is missing", () => {
    const tools = { chromiumPath: "/nonexistent/chromium", ffmpegPath: "/nonexistent/ffmpeg" };
    expect(() => requireChromium(tools)).toThrow(expect.objectContaining({ status: 503, message: MISSING_CHROMIUM }));
    expect(() => requireFfmpeg(tools)).toThrow(expect.objectContaining({ status: 503, message: MISSING_FFMPEG }));
    const present = { chromiumPath: program("chromium", 0o755), ffmpegPath: program("ffmpeg", 0o755) };
    expect(requireChromium(present)).toBe(present.chromiumPath);
    expect(requireFfmpeg(present)).toBe(present.ffmpegPath);
  });
});
