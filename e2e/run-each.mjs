// `npm run test:e2e`: each spec file runs against its own `npm start` on a fresh data dir, so specs written
// against an empty tenant never see each other's data. Extra arguments go to Playwright (e.g. one spec file).
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
const failed = [];
for (const [index, spec] of specs.entries()) {
  console.log(`e2e: ${spec}`);
  const { REPOX_E2E_DATA_DIR: _fresh, ...env } = process.env;
  const run = spawnSync("npx", ["playwright", "test", spec], {
    stdio: "inherit",
    env: {
      ...env,
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
