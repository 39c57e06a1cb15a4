// SHA-256 (and CRC-32) of a file while it is being written, computed in a worker thread (hash-worker.ts) that reads the file
// behind the writer. On the main thread hashing took 0.7-0.9 s of every GiB uploaded, time the event loop could not
// spend receiving and writing.
import { availableParallelism } from "node:os";
import { threadPool, workerFile } from "../workers/thread-pool.ts";
import type { HashAnswer, HashRequest } from "./hash-worker.ts";

/** Progress is passed on in steps of at least this much: about a thousand messages for a GiB. */
const STEP_BYTES = 1024 * 1024;

const pool = threadPool<HashRequest, HashAnswer>(workerFile(import.meta.url, "hash-worker"), Math.min(availableParallelism(), 4));

export type FileHasher = {
  /** The writer has written this many bytes from the start of the file. */
  written(bytes: number): void;
  /** The SHA-256 (hex) of the file's first `size` bytes, once all of them are written, and their CRC-32 if kept. */
  digest(size: number): Promise<{ sha256: string; crc32?: number }>;
  /** Stops hashing a file that will not be finished. */
  cancel(): void;
};

export function hashFileBehindWriter(path: string): FileHasher {
  const thread = pool.start();
  const { job } = thread;
  let told = 0;
  let isDone = false;
  thread.post({ job, start: path });
  return {
    written(bytes) {
      if (isDone || bytes - told < STEP_BYTES) return;
      told = bytes;
      thread.post({ job, upTo: bytes });
    },
    async digest(size) {
      isDone = true;
      try {
        const answer = await thread.ask({ job, end: size });
        if ("error" in answer) throw new Error(`Hashing failed: ${answer.error}`);
        const { job: _job, ...sums } = answer;
        return sums;
      } finally {
        thread.release();
      }
    },
    cancel() {
      if (isDone) return;
      isDone = true;
      thread.post({ job, cancel: true });
      thread.release();
    },
  };
}
