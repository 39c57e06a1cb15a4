// Whole small files read in worker threads (read-worker.ts), for exports: no open, stat, reads and close for the
// main thread to wait for, and the CRC-32 an archive needs computed there too. The reads asked for in one turn of
// the event loop go to a thread together, as one message.
import { availableParallelism } from "node:os";
import { threadPool, workerFile } from "../workers/thread-pool.ts";
import { BlobNotFound } from "./errors.ts";
import type { FileRead, ReadAnswer, ReadRequest } from "./read-worker.ts";
import { WHOLE_READ_MAX_BYTES } from "./whole-reads.ts";

const pool = threadPool<ReadRequest, ReadAnswer>(workerFile(import.meta.url, "read-worker"), Math.min(availableParallelism(), 4));

/** `bytes` sits in a memory of its own, after the `headroom` free bytes asked for (`bytes.buffer`, from 0). */
export type WholeBlob = { bytes: Buffer; crc32: number; headroom: number };

/** What a whole read may be told: the CRC-32 if known, free bytes to leave before the file's. */
export type WholeReadOptions = { crc32?: number | undefined; headroom?: number | undefined };

type Asked = {
  path: string;
  size: number;
  sha256: string;
  crc32: number | undefined;
  headroom: number;
  resolve: (blob: WholeBlob) => void;
  reject: (err: Error) => void;
};

let batch: Asked[] = [];

function settle(asked: Asked, read: FileRead | undefined): void {
  if (!read) asked.reject(new Error(`Reading ${asked.path} got no answer`));
  else if ("missing" in read) asked.reject(new BlobNotFound(asked.sha256));
  else if ("error" in read) asked.reject(new Error(`Reading ${asked.path} failed: ${read.error}`));
  else asked.resolve({ bytes: Buffer.from(read.bytes, asked.headroom, asked.size), crc32: read.crc32, headroom: asked.headroom });
}

async function send(files: Asked[]): Promise<void> {
  const thread = pool.start();
  try {
    const answer = await thread.ask({
      job: thread.job,
      files: files.map(({ path, size, crc32, headroom }) => ({ path, size, crc32, headroom })),
    });
    for (const [index, asked] of files.entries()) settle(asked, answer.files[index]);
  } catch (err) {
    for (const asked of files) asked.reject(err instanceof Error ? err : new Error(String(err)));
  } finally {
    thread.release();
  }
}

/**
 * The `size` bytes of the file at `path`, with its CRC-32 (`options.crc32` if known, else computed); throws
 * BlobNotFound for `sha256` when there is no such file.
 */
export function readWholeFile(path: string, size: number, sha256: string, options: WholeReadOptions = {}): Promise<WholeBlob> {
  if (size > WHOLE_READ_MAX_BYTES) return Promise.reject(new Error(`${size} bytes is more than a whole read may take`));
  const headroom = options.headroom ?? 0;
  return new Promise<WholeBlob>((resolve, reject) => {
    batch.push({ path, size, sha256, crc32: options.crc32, headroom, resolve, reject });
    if (batch.length > 1) return;
    setImmediate(() => {
      const files = batch;
      batch = [];
      void send(files);
    });
  });
}
