// The worker thread of blob-reader.ts: reads whole files, each into a buffer of its own, and answers them with their
// CRC-32, the buffers moved (not copied) to the asking thread. Files come in batches, one message each way per batch:
// on a virtual machine, waking a thread costs tens of microseconds, more than reading a small file from the cache.
import { closeSync, openSync, readSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { crc32 } from "node:zlib";

/**
 * `crc32`: the file's checksum when the blob keeps it (migration 0013): it is answered as it is, not computed.
 * `headroom`: bytes left free before the file's in its buffer, for the asker to fill (an archive entry's header).
 */
export type ReadRequest = { job: number; files: { path: string; size: number; crc32?: number | undefined; headroom: number }[] };
export type FileRead = { bytes: ArrayBuffer; crc32: number } | { missing: true } | { error: string };
export type ReadAnswer = { job: number; files: FileRead[] };

function readWhole(path: string, size: number, headroom: number): Buffer {
  const fd = openSync(path, "r");
  try {
    // Its own memory, not a slice of Node's shared pool, so that it can be transferred.
    const bytes = Buffer.allocUnsafeSlow(headroom + size).subarray(headroom);
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

function readFile({ path, size, crc32: known, headroom }: ReadRequest["files"][number]): FileRead {
  try {
    const bytes = readWhole(path, size, headroom);
    return { bytes: bytes.buffer as ArrayBuffer, crc32: known ?? crc32(bytes) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { missing: true };
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

parentPort?.on("message", ({ job, files }: ReadRequest) => {
  const answers = files.map(readFile);
  const moved = answers.flatMap((answer) => ("bytes" in answer ? [answer.bytes] : []));
  parentPort?.postMessage({ job, files: answers } satisfies ReadAnswer, moved);
});
