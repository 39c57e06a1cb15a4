// Vitest global setup: builds server/dist once before any test file runs. Tests that spawn the built server
// (CLI, crash tests) use that build; none rebuilds it, so parallel test files never wipe each other's dist/.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

export default function buildServer(): void {
  const build = ["npm", "run", "build", "-w", "server", "--silent"];
  // Other processes working in this checkout (a second test run, a benchmark) may build at the same moment: one
  // lock per checkout keeps their builds of the same dist/ apart, and leaves other checkouts free.
  const lock = join(tmpdir(), `repox-build-${createHash("sha256").update(root).digest("hex").slice(0, 12)}.lock`);
  const [command, ...args] = existsSync("/usr/bin/flock") ? ["/usr/bin/flock", lock, ...build] : build;
  execFileSync(command ?? "npm", args, { cwd: root, stdio: "inherit" });
}
