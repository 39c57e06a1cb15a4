// glibc's malloc keeps what was freed below the top of its heaps: the V8 compilers' zones, buffers of a busy moment,
// the native side of exceljs and sharp. Even with its thresholds fixed (footprint-restart.ts), an idle server held
// about 40 MiB of free malloc memory after the footprint workload (issue 15 §2). Only `malloc_trim(0)` gives those
// pages back (it madvises the free chunks of every arena), and Node has no binding for it, so it is called through
// koffi, a C FFI with prebuilt binaries. Loaded at the first trim: a process that never trims never loads it.
import { createRequire } from "node:module";
import { runsOnGlibc } from "./glibc.ts";

type Trim = (pad: number) => number;

let trim: Trim | null | undefined;

/** malloc_trim, or null where there is none to call: not glibc, or no koffi binary for this platform. */
function loadTrim(): Trim | null {
  if (!runsOnGlibc()) return null;
  try {
    const koffi = createRequire(import.meta.url)("koffi") as typeof import("koffi");
    return koffi.load("libc.so.6").func("int malloc_trim(size_t pad)") as Trim;
  } catch {
    return null;
  }
}

/**
 * Gives malloc's free pages back to the system. Answers whether it could ask (glibc, koffi loaded); on another C
 * library it does nothing, as musl and the others give memory back on their own.
 */
export function trimMalloc(): boolean {
  if (trim === undefined) trim = loadTrim();
  if (!trim) return false;
  trim(0);
  return true;
}
