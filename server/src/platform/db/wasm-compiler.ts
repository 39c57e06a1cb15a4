// DATABASE_LIFTOFF_ONLY=true (decision 0009): V8 compiles the embedded database's WebAssembly with Liftoff, its
// baseline compiler, only. With V8's default tiering the first queries make it recompile PGlite's SQL parser with
// TurboFan, which holds about 600 MB for a second or two: the server's peak memory. The price is database work that
// takes about 1.6 times the CPU. The server and the CLI restart themselves with the flag (platform/memory/
// footprint-restart.ts); the first start's initdb child is always started with it.

export const BASELINE_COMPILER_FLAG = "--liftoff-only";
