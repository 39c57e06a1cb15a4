import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["server/src/**/*.test.ts", "contracts/src/**/*.test.ts", "web/src/**/*.test.ts"],
    // Two server processes on one database cannot share the embedded one: the scale-out test runs in the PostgreSQL
    // lane only (DATABASE_URL set), and is left out of the PGlite lane rather than reported as skipped.
    exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? [] : ["server/src/scale-out.test.ts"])],
    globalSetup: ["server/src/test/build-server.global.ts", "server/src/test/migrated-template.global.ts"],
    // One worker (vitest's default on 2 cores): with two, the export test's memory bound failed once on PostgreSQL in
    // CI, and a flaky CI lands nothing. The migrated template (decision 0007) is most of the saving anyway.
    // No isolation (decision 0008): the one worker process runs every file in turn and imports the server's modules
    // once, instead of a fresh process importing them all again for each file (about half of a run's time). So no
    // test may lean on a module's state being fresh: each file makes its own app and database (test/test-app.ts) and
    // closes them, and nothing may mock modules, change process.env or leave a timer or server running.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
