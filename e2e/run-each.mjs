// `npm run test:e2e`: each spec file runs against its own server on a fresh data dir, so specs written against an
// empty tenant never see each other's data; the app is built once for all of them. Extra arguments go to Playwright
// (e.g. one spec file).
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

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
const failed = [];
for (const [index, spec] of specs.entries()) {
  console.log(`e2e: ${spec}`);
  const { REPOX_E2E_DATA_DIR: _fresh, ...env } = process.env;
  const run = spawnSync("npx", ["playwright", "test", spec], {
    stdio: "inherit",
    env: {
      ...env,
      E2E_PREBUILT: "1",
      E2E_REPORT: `test-results/e2e-${index}.json`,
      E2E_OUTPUT: `test-results/e2e/${spec.replace(/^e2e\/|\.spec\.ts$/g, "")}`,
    },
  });
  if (run.status !== 0) failed.push(spec);
}
if (failed.length > 0) {
  console.log(`e2e: failed in ${failed.join(", ")}`);
  process.exit(1);
}
