// DATABASE_LIFTOFF_ONLY=true (decision 0009): V8 compiles the embedded database's WebAssembly with Liftoff, its
// baseline compiler, only. With V8's default tiering the first queries make it recompile PGlite's SQL parser with
// TurboFan, which holds about 600 MB for a second or two: the server's peak memory. The price is database work that
// takes about 1.6 times the CPU. V8 reads this flag only from the command line (not from NODE_OPTIONS, and
// v8.setFlagsFromString comes too late), so the server and the CLI restart themselves with it.

export const BASELINE_COMPILER_FLAG = "--liftoff-only";

/**
 * Replaces this process (same pid, same stdio) with `node --liftoff-only <same arguments>`, before anything is opened.
 * Does nothing when the command line already chooses (`--liftoff-only` or `--no-liftoff-only`, the latter to keep
 * V8's tiering on a machine with memory to spare). Answers a sentence for the log when it cannot restart (a Node
 * without `process.execve`, before 22.15, or Windows); the process then goes on with V8's default tiering.
 */
export function restartWithBaselineCompiler(): string | undefined {
  const chosen = process.execArgv.some((arg) => arg === BASELINE_COMPILER_FLAG || arg === "--no-liftoff-only");
  if (chosen) return undefined;
  if (typeof process.execve !== "function") {
    return `This Node.js cannot restart itself with ${BASELINE_COMPILER_FLAG} (process.execve needs Node.js 22.15 or later, not on Windows): start it as node ${BASELINE_COMPILER_FLAG} to keep the embedded database's peak memory low`;
  }
  try {
    process.execve(process.execPath, [process.execPath, BASELINE_COMPILER_FLAG, ...process.execArgv, ...process.argv.slice(1)]);
  } catch (err) {
    return `Could not restart with ${BASELINE_COMPILER_FLAG} (${err instanceof Error ? err.message : String(err)}): going on with V8's default tiering`;
  }
}
