// The worker thread of blob-reader.ts: reads a whole file into a buffer of its own and answers it with its CRC-32,
// the buffer moved (not copied) to the asking thread. Synchronous reads: this thread does nothing else meanwhile.
import { closeSync, openSync, readSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { crc32 } from "node:zlib";

export type ReadRequest = { job: number; path: string; size: number };
export type ReadAnswer =
  | { job: number; bytes: ArrayBuffer; crc32: number }
  | { job: number; missing: true }
  | { job: number; error: string };

function readWhole(path: string, size: number): Buffer {
  const fd = openSync(path, "r");
  try {
    // Its own memory, not a slice of Node's shared pool, so that it can be transferred.
    const bytes = Buffer.allocUnsafeSlow(size);
    let read = 0;
    while (read < size) {
      const count = readSync(fd, bytes, read, size - read, read);
      if (count === 0) throw new Error(`the file holds ${read} bytes, not ${size}`);
      read += count;
    }
    return bytes;
  } finally {
    closeSync(fd);
  }
}

function answer({ job, path, size }: ReadRequest): ReadAnswer {
  try {
    const bytes = readWhole(path, size);
    return { job, bytes: bytes.buffer as ArrayBuffer, crc32: crc32(bytes) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { job, missing: true };
    return { job, error: err instanceof Error ? err.message : String(err) };
  }
}

parentPort?.on("message", (request: ReadRequest) => {
  const result = answer(request);
  if ("bytes" in result) parentPort?.postMessage(result, [result.bytes]);
  else parentPort?.postMessage(result);
});
