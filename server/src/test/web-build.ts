// The built web app for tests that open real pages in Chromium (story exports render the viewer): built once per
// test file into a folder of its own, so it never races another build of web/dist (e2e, a second test run).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/** Builds the web app and answers its folder (for WEB_DIST) and a function removing it. */
export function buildWebApp(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "repox-web-"));
  execFileSync("npm", ["run", "build", "-w", "web", "--silent", "--", "--outDir", dir, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
