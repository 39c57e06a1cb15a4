import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["server/src/**/*.test.ts", "contracts/src/**/*.test.ts", "web/src/**/*.test.ts"],
    globalSetup: ["server/src/test/build-server.global.ts", "server/src/test/migrated-template.global.ts"],
    // One worker (vitest's default on 2 cores): with two, the export test's memory bound failed once on PostgreSQL in
    // CI, and a flaky CI lands nothing. The migrated template (decision 0007) is most of the saving anyway.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
