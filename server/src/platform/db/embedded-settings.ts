// PostgreSQL settings of the embedded database, shared by the server's PGlite and the child process that creates it.
import { PGlite } from "@electric-sql/pglite";

/**
 * PostgreSQL settings of the embedded database, for an application database inside the server's own process
 * (decision 0009). PGlite's defaults are a standalone server's: 128 MB of `shared_buffers`, which PGlite allocates and
 * touches at start and which stay resident in the WebAssembly heap (a WebAssembly memory never shrinks). The files
 * stay cached by the operating system, outside the process, so a smaller page cache costs a read from that cache.
 * `maintenance_work_mem` caps what an index build or vacuum may grow the heap by; `work_mem` stays at its 4 MB.
 */
export const EMBEDDED_DATABASE_SETTINGS = {
  shared_buffers: "16MB",
  maintenance_work_mem: "16MB",
} as const;

/** PGlite's own start parameters (single-user mode, no parallel workers, ...) first: `startParams` replaces them. */
export function embeddedStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams,
    ...Object.entries(EMBEDDED_DATABASE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
  ];
}
