import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["server/src/**/*.test.ts", "contracts/src/**/*.test.ts", "web/src/**/*.test.ts"],
    globalSetup: ["server/src/test/build-server.global.ts", "server/src/test/migrated-template.global.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
