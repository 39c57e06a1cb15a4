// Whole small files read in worker threads (read-worker.ts), for exports: one message each way per file instead of
// the open, stat, reads and close a stream makes the main thread wait for, and the CRC-32 an archive needs computed
// there too.
import { availableParallelism } from "node:os";
import { threadPool, workerFile } from "../workers/thread-pool.ts";
import { BlobNotFound } from "./errors.ts";
import type { ReadAnswer, ReadRequest } from "./read-worker.ts";

/** Files up to this size are read whole; a reader holds at most a few of them at a time. */
export const WHOLE_READ_MAX_BYTES = 4 * 1024 * 1024;

const pool = threadPool<ReadRequest, ReadAnswer>(workerFile(import.meta.url, "read-worker"), Math.min(availableParallelism(), 4));

export type WholeBlob = { bytes: Buffer; crc32: number };

/** The `size` bytes of the file at `path`; throws BlobNotFound for `sha256` when there is no such file. */
export async function readWholeFile(path: string, size: number, sha256: string): Promise<WholeBlob> {
  if (size > WHOLE_READ_MAX_BYTES) throw new Error(`${size} bytes is more than a whole read may take`);
  const thread = pool.start();
  try {
    const answer = await thread.ask({ job: thread.job, path, size });
    if ("missing" in answer) throw new BlobNotFound(sha256);
    if ("error" in answer) throw new Error(`Reading ${path} failed: ${answer.error}`);
    return { bytes: Buffer.from(answer.bytes), crc32: answer.crc32 };
  } finally {
    thread.release();
  }
}
