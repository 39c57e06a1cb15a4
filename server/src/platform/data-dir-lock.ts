// The embedded database is one process's at a time: the server records its pid in DATA_DIR/server.pid,
// and the CLI (or a second server) refuses to open the same data while that process lives.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

function lockFile(dataDir: string) {
  return join(dataDir, "server.pid");
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function runningServerPid(dataDir: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile(dataDir), "utf8"), 10);
    return Number.isInteger(pid) && pid !== process.pid && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function assertDataDirFree(dataDir: string, who: string): void {
  const pid = runningServerPid(dataDir);
  if (pid !== undefined) {
    throw new Error(
      `${who}: the data directory ${dataDir} is in use by a running Repox server (pid ${pid}). ` +
        "Stop the server first, or use the platform API (REPOX_PLATFORM_TOKEN).",
    );
  }
}

export function holdDataDir(dataDir: string): () => void {
  writeFileSync(lockFile(dataDir), String(process.pid));
  return () => rmSync(lockFile(dataDir), { force: true });
}
