// The first start's empty database: loaded from the dump the build made (decision 0013), or, where there is none
// (the server run from its sources), made by initdb in a child process (decision 0011), whose memory leaves with it.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { workerFile } from "../workers/thread-pool.ts";
import { BASELINE_COMPILER_FLAG } from "./wasm-compiler.ts";

/** Whether `dir` already holds a database (what PGlite itself checks before running initdb). */
export function holdsDatabase(dir: string): boolean {
  return existsSync(join(dir, "PG_VERSION"));
}

/** The empty database the build dumped beside the server (embedded-template.ts), for PGlite's `loadDataDir`. */
export function builtEmptyDatabase(): Blob | undefined {
  const file = new URL("./embedded-database.tar.gz", import.meta.url);
  if (!existsSync(file)) return undefined;
  return new Blob([readFileSync(file)], { type: "application/x-gzip" });
}

/** Runs initdb for an empty embedded database folder in a child Node process and waits for it. */
export async function createEmbeddedDatabase(dir: string): Promise<void> {
  const script = fileURLToPath(workerFile(import.meta.url, "embedded-initdb"));
  const child = spawn(process.execPath, [BASELINE_COMPILER_FLAG, script, dir], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0 || !holdsDatabase(dir)) {
    throw new Error(`Could not create the embedded database in ${dir} (initdb exited with ${code}): ${stderr.trim()}`);
  }
}
