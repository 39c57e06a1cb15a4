// DATABASE_LIFTOFF_ONLY=true (decision 0009): V8 compiles the embedded database's WebAssembly with Liftoff, its
// baseline compiler, only. With V8's default tiering the first queries make it recompile PGlite's SQL parser with
// TurboFan, which holds about 600 MB for a second or two: the server's peak memory. The price is database work that
// takes about 1.6 times the CPU. The server and the CLI restart themselves with the flag (platform/memory/
// footprint-restart.ts); the first start's initdb child is always started with it.

export const BASELINE_COMPILER_FLAG = "--liftoff-only";

/**
 * Node.js 24's V8 (13.6) optimizes the parser with about 600 MB; Node.js 22's (12.4) and 26's (14.6) with about 40
 * (measured, decision 0016). The Node.js majors between were not measured.
 */
const GREEDY_PARSER_COMPILE_NODE = 24;

/**
 * A sentence for the embedded server's start when its Node.js will take about 600 MB to optimize the SQL parser, so
 * that an operator on a small machine learns the two ways out; undefined when the runtime or `--liftoff-only` avoids it.
 */
export function parserCompileAdvice(nodeVersion: string, execArgv: readonly string[]): string | undefined {
  const major = Number(nodeVersion.split(".")[0]);
  if (major !== GREEDY_PARSER_COMPILE_NODE || execArgv.includes(BASELINE_COMPILER_FLAG)) return undefined;
  return (
    `Node.js ${nodeVersion} takes about 600 MB for a second or two after each start to optimize the embedded ` +
    "database's SQL parser, where Node.js 22 and 26 take about 40 MB: on a machine with 1 GiB, run Repox on " +
    "Node.js 26 or set DATABASE_LIFTOFF_ONLY=true"
  );
}
