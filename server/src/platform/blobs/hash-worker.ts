// The worker thread of file-hasher.ts: hashes files while other threads write them, reading only what a writer
// reports written, back from the page cache into one reused buffer. Messages for each file arrive in order.
import { createHash, type Hash } from "node:crypto";
import { closeSync, openSync, readSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { crc32 } from "node:zlib";
import { WHOLE_READ_MAX_BYTES } from "./whole-reads.ts";

export type HashRequest =
  | { job: number; start: string }
  | { job: number; upTo: number }
  | { job: number; end: number }
  | { job: number; cancel: true };
/** `crc32` only for files an export reads whole (WHOLE_READ_MAX_BYTES); it streams larger ones, checksumming them. */
export type HashAnswer = { job: number; sha256: string; crc32?: number } | { job: number; error: string };

/** `crc`: the CRC-32 so far, which archives need and the blob keeps (migration 0013); undefined past the limit. */
type Job = { fd: number; hash: Hash; crc: number | undefined; hashed: number };

const buffer = Buffer.allocUnsafe(1024 * 1024);
const jobs = new Map<number, Job>();

function hashUpTo(job: Job, upTo: number): void {
  while (job.hashed < upTo) {
    const read = readSync(job.fd, buffer, 0, Math.min(buffer.length, upTo - job.hashed), job.hashed);
    if (read === 0) throw new Error(`the file ends at ${job.hashed} bytes, before ${upTo}`);
    const bytes = buffer.subarray(0, read);
    job.hash.update(bytes);
    job.crc = job.crc !== undefined && job.hashed + read <= WHOLE_READ_MAX_BYTES ? crc32(bytes, job.crc) : undefined;
    job.hashed += read;
  }
}

function close(id: number): void {
  const job = jobs.get(id);
  if (job) closeSync(job.fd);
  jobs.delete(id);
}

function handle(request: HashRequest): HashAnswer | undefined {
  if ("start" in request) {
    jobs.set(request.job, { fd: openSync(request.start, "r"), hash: createHash("sha256"), crc: 0, hashed: 0 });
    return undefined;
  }
  const job = jobs.get(request.job);
  // A job that failed was answered then; what arrives for it afterwards has nothing left to do.
  if (!job) return "end" in request ? { job: request.job, error: "the file could not be hashed" } : undefined;
  if ("cancel" in request) {
    close(request.job);
  } else if ("upTo" in request) {
    hashUpTo(job, request.upTo);
  } else {
    hashUpTo(job, request.end);
    close(request.job);
    const sha256 = job.hash.digest("hex");
    return job.crc === undefined ? { job: request.job, sha256 } : { job: request.job, sha256, crc32: job.crc };
  }
  return undefined;
}

parentPort?.on("message", (request: HashRequest) => {
  let answer: HashAnswer | undefined;
  try {
    answer = handle(request);
  } catch (err) {
    close(request.job);
    answer = { job: request.job, error: err instanceof Error ? err.message : String(err) };
  }
  if (answer) parentPort?.postMessage(answer);
});
