// Browser tests: Debian's Chromium drives the built app (`npm start`) on a fresh temporary data dir.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_PLATFORM_TOKEN } from "./e2e/constants.ts";

const port = Number(process.env.E2E_PORT ?? 18900);
// Workers load this file again; the environment carries the one data dir the main process made.
process.env.REPOX_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "repox-e2e-"));

export default defineConfig({
  testDir: "e2e",
  outputDir: process.env.E2E_OUTPUT ?? "test-results/e2e",
  timeout: 60_000,
  // Two specs run at once (e2e/run-each.mjs): a page may take longer than Playwright's 5 s default to show what an
  // assertion waits for on two busy cores.
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT ?? "test-results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
  webServer: {
    // run-each.mjs builds once for every spec; a spec run on its own builds as `npm start` does.
    command: process.env.E2E_PREBUILT ? "node --enable-source-maps server/dist/main.js" : "npm start",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // The server logs warnings and errors only (LOG_LEVEL): shown, so that a failed job or request explains a failure.
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.REPOX_E2E_DATA_DIR,
      REPOX_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      REPOX_PLATFORM_TOKEN: E2E_PLATFORM_TOKEN,
      // The specs build their content model from nothing in the demo tenant.
      REPOX_SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      // Every test signs in as admin; the sign-in limits have API tests of their own.
      LOGIN_RATE_LIMIT_PER_USER: "1000",
      LOGIN_RATE_LIMIT_PER_IP: "1000",
    },
  },
});
