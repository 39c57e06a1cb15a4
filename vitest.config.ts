import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["server/src/**/*.test.ts", "contracts/src/**/*.test.ts", "web/src/**/*.test.ts"],
    globalSetup: ["server/src/test/build-server.global.ts", "server/src/test/migrated-template.global.ts"],
    // Vitest's default is one worker less than the cores: a single worker on the 2-core CI machine, which then leaves a
    // core idle while that worker waits for PostgreSQL, a spawned server or ffmpeg. Two at least (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
