// What lowers the embedded server's memory but can only be chosen as a process starts, so the server restarts itself
// in place with it (process.execve: same pid, same standard streams, same arguments) before it opens anything:
// - glibc's malloc thresholds (issue 15 §2). glibc raises the size above which it maps memory on its own, and the
//   free space it keeps, whenever a large block is freed; after V8's compilers and PGlite's start have freed theirs,
//   an idle server held about 65 MiB of freed memory. Fixed at 128 KiB, large blocks go back to the system when freed.
//   Read by the dynamic loader only, from GLIBC_TUNABLES.
// - Liftoff-only WebAssembly, when DATABASE_LIFTOFF_ONLY=true (decision 0009). V8 reads the flag only from its command
//   line: NODE_OPTIONS refuses it and v8.setFlagsFromString comes too late.
// - A young generation of at most 16 MiB a semi-space (decision 0014). A term import's garbage otherwise grows V8's
//   young generation by tens of MiB at the server's peak; the spreadsheet reads' full collections (young-garbage.ts)
//   take what it then promotes. Read when V8 sets up its heap only.
// A restart rather than flags in `npm start`, because the server is also started as `node server/dist/main.js` (the
// benchmarks, the end-to-end runner, the crash tests, a service unit), and each gets it this way.
import { BASELINE_COMPILER_FLAG } from "../db/wasm-compiler.ts";
import { runsOnGlibc } from "./glibc.ts";

export const MALLOC_TUNABLES = "glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072";
/** Set with the tunables this process chose itself, so that it can take them back from its children. */
const TUNED_MARK = "REPOX_MALLOC_TUNED";

export const YOUNG_GENERATION_FLAG = "--max-semi-space-size=16";

export type FootprintChoices = { liftoffOnly: boolean; tuneMalloc: boolean; capYoungGeneration: boolean };
export type ProcessStart = { execArgv: readonly string[]; env: NodeJS.ProcessEnv; glibc: boolean };
export type Restart = { execArgv: string[]; env: NodeJS.ProcessEnv };

/**
 * What this process should restart with, or undefined when it already runs so. An operator's own GLIBC_TUNABLES (even
 * empty), `--liftoff-only` or `--no-liftoff-only` on the command line, and a semi-space size of their own (on the
 * command line or in NODE_OPTIONS) are left as they are.
 */
export function restartPlan(choices: FootprintChoices, start: ProcessStart): Restart | undefined {
  const execArgv = [...start.execArgv];
  const env = { ...start.env };
  let restart = false;
  if (choices.liftoffOnly && !execArgv.some((arg) => arg === BASELINE_COMPILER_FLAG || arg === "--no-liftoff-only")) {
    execArgv.unshift(BASELINE_COMPILER_FLAG);
    restart = true;
  }
  const ownSemiSpace = (arg: string) => arg.startsWith("--max-semi-space-size");
  if (choices.capYoungGeneration && !execArgv.some(ownSemiSpace) && !(env.NODE_OPTIONS ?? "").split(/\s+/).some(ownSemiSpace)) {
    execArgv.unshift(YOUNG_GENERATION_FLAG);
    restart = true;
  }
  if (choices.tuneMalloc && start.glibc && env.GLIBC_TUNABLES === undefined) {
    env.GLIBC_TUNABLES = MALLOC_TUNABLES;
    env[TUNED_MARK] = "1";
    restart = true;
  }
  return restart ? { execArgv, env } : undefined;
}

/** The programs the server runs (ffmpeg, Chromium, pdftoppm) keep glibc's defaults: they are not this server. */
export function forgetOwnTunables(env: NodeJS.ProcessEnv): void {
  if (env[TUNED_MARK] !== "1") return;
  delete env.GLIBC_TUNABLES;
  delete env[TUNED_MARK];
}

/**
 * Restarts this process as `restartPlan` says; answers a sentence for the log when it cannot (a Node without
 * `process.execve`: before 22.15, or Windows), and the process then goes on as it is.
 */
export function restartForFootprint(choices: FootprintChoices): string | undefined {
  const plan = restartPlan(choices, { execArgv: process.execArgv, env: process.env, glibc: runsOnGlibc() });
  if (!plan) {
    forgetOwnTunables(process.env);
    return undefined;
  }
  const what = [
    plan.env.GLIBC_TUNABLES === process.env.GLIBC_TUNABLES ? undefined : `GLIBC_TUNABLES=${MALLOC_TUNABLES}`,
    ...plan.execArgv.filter((arg) => !process.execArgv.includes(arg)),
  ]
    .filter(Boolean)
    .join(" and ");
  if (typeof process.execve !== "function") {
    return `This Node.js cannot restart itself with ${what} (process.execve needs Node.js 22.15 or later, not on Windows): start it so to keep the embedded server's memory low`;
  }
  try {
    process.execve(process.execPath, [process.execPath, ...plan.execArgv, ...process.argv.slice(1)], plan.env);
  } catch (err) {
    return `Could not restart with ${what} (${err instanceof Error ? err.message : String(err)}): going on as started`;
  }
}
