// `npm run test:e2e`: each spec file runs against its own server on a fresh data dir, so specs written against an
// empty tenant never see each other's data; the app is built once for all of them. Extra arguments go to Playwright
// (e.g. one spec file). Specs run in E2E_LANES lanes at once (default 2), each lane its own port, taking the next spec
// when one ends: much of a spec's time is its browser and server waiting (for a job, a poll, a render), which another
// spec's work fills. A spec's output is printed whole when it ends, so the lanes' lines never interleave.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { E2E_ADMIN_PASSWORD } from "./constants.ts";

const given = process.argv.slice(2);
const specs =
  given.length > 0
    ? given
    : readdirSync("e2e")
        .filter((f) => f.endsWith(".spec.ts"))
        .sort()
        .map((f) => `e2e/${f}`);
// Build once: each spec's server then starts from the built app instead of building it again (E2E_PREBUILT).
const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

// A new server's data dir (database initialized and migrated, the empty demo tenant with its administrator) is made
// once: each spec's server starts on a copy of it, as if it were the first start, without running initdb, the
// migrations and the tenant's creation again (seconds per spec). Nothing a spec does reaches the copy of another.
async function pristineDataDir() {
  const dir = mkdtempSync(join(tmpdir(), "repox-e2e-pristine-"));
  const port = String(Number(process.env.E2E_PORT ?? 18900));
  const server = spawn("node", ["server/dist/main.js"], {
    stdio: ["ignore", "ignore", "inherit"],
    // What the first start reads from playwright.config.ts's webServer.env; the rest only matters while running.
    env: {
      ...process.env,
      PORT: port,
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      REPOX_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      REPOX_SEED_DEMO: "false",
      LOG_LEVEL: "warn",
    },
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  let up = false;
  for (const deadline = Date.now() + 180_000; !up && server.exitCode === null && Date.now() < deadline; ) {
    up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (!up) await sleep(200);
  }
  server.kill("SIGTERM");
  await exited;
  if (!up) throw new Error("e2e: the server did not start on a fresh data dir");
  return dir;
}

/** Runs one spec on a copy of the pristine data dir; answers its exit status and its whole output. */
function runSpec(spec, index, port, pristine) {
  const { REPOX_E2E_DATA_DIR: _fresh, ...env } = process.env;
  const dataDir = mkdtempSync(join(tmpdir(), "repox-e2e-"));
  cpSync(pristine, dataDir, { recursive: true });
  // Playwright's own command line, without npx looking it up again for every spec.
  const run = spawn(process.execPath, ["node_modules/@playwright/test/cli.js", "test", spec], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...env,
      E2E_PORT: String(port),
      REPOX_E2E_DATA_DIR: dataDir,
      E2E_PREBUILT: "1",
      E2E_REPORT: `test-results/e2e-${index}.json`,
      E2E_OUTPUT: `test-results/e2e/${spec.replace(/^e2e\/|\.spec\.ts$/g, "")}`,
    },
  });
  const output = [];
  run.stdout.on("data", (chunk) => output.push(chunk));
  run.stderr.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    run.once("close", (status) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ status, output: Buffer.concat(output).toString() });
    });
  });
}

const pristine = await pristineDataDir();
const lanes = Math.max(1, Number(process.env.E2E_LANES ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 18900);
// Longest first (a spec's size stands for its length), so that no long spec starts last while the other lane idles.
const queue = [...specs.entries()].sort(([, a], [, b]) => statSync(b).size - statSync(a).size);
const failed = [];
async function lane(number) {
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [index, spec] = next;
    const started = Date.now();
    const { status, output } = await runSpec(spec, index, basePort + 50 * number, pristine);
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`e2e: ${spec} (lane ${number + 1}, ${seconds} s)\n${output.trimEnd()}`);
    if (status !== 0) failed.push(spec);
  }
}
await Promise.all(Array.from({ length: lanes }, (_, number) => lane(number)));
rmSync(pristine, { recursive: true, force: true });
if (failed.length > 0) {
  console.log(`e2e: failed in ${failed.join(", ")}`);
  process.exit(1);
}
