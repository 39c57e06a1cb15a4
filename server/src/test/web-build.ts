// The built web app for tests that open real pages or pack them (story exports render the viewer and zip the offline
// viewer): built once per test run into a folder of its own, so it never races another build of web/dist (e2e, a
// second test run). Test files share one worker without isolation (decision 0008), so the first file that asks builds
// it and the others find it; the folder goes when the worker exits.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const web = resolve(dirname(fileURLToPath(import.meta.url)), "../../../web");
const vite = join(web, "../node_modules/vite/bin/vite.js");

let built: string | undefined;

function viteBuild(args: string[]) {
  execFileSync(process.execPath, [vite, "build", ...args, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: web,
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** The folder of the built web app (for WEB_DIST): the app, and the offline story viewer in `offline-viewer/`. */
export function builtWebApp(): string {
  if (built) return built;
  const dir = mkdtempSync(join(tmpdir(), "repox-web-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  viteBuild(["--outDir", dir]);
  viteBuild(["-c", "vite.offline.config.ts", "--outDir", join(dir, "offline-viewer")]);
  built = dir;
  return dir;
}
