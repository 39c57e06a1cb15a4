// SHA-256 of a file while it is being written, computed in a worker thread (hash-worker.ts) that reads the file
// behind the writer. On the main thread hashing took 0.7-0.9 s of every GiB uploaded, time the event loop could not
// spend receiving and writing.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { HashAnswer, HashRequest } from "./hash-worker.ts";

/** Beside this module in the sources; beside the bundle's chunks in dist/ (server/build.mjs builds it there). */
const WORKER_URL = new URL(import.meta.url.endsWith(".ts") ? "./hash-worker.ts" : "./hash-worker.js", import.meta.url);
const WORKERS = Math.min(availableParallelism(), 4);
/** Progress is passed on in steps of at least this much: about a thousand messages for a GiB. */
const STEP_BYTES = 1024 * 1024;

type Pending = { resolve: (sha256: string) => void; reject: (err: Error) => void };
/** `jobs`: files started and not yet answered or cancelled; the thread keeps the process alive while it has any. */
type HashThread = { worker: Worker; pending: Map<number, Pending>; jobs: number; failure?: Error };

const threads: HashThread[] = [];
let lastJob = 0;

function addJob(thread: HashThread, change: 1 | -1): void {
  thread.jobs += change;
  if (thread.jobs === 0) thread.worker.unref();
  else if (change === 1 && thread.jobs === 1) thread.worker.ref();
}

function startThread(): HashThread {
  const thread: HashThread = { worker: new Worker(WORKER_URL), pending: new Map(), jobs: 0 };
  thread.worker.on("message", (answer: HashAnswer) => {
    const pending = thread.pending.get(answer.job);
    // A file that failed before its digest was asked for is answered again when it is.
    if (!pending) return;
    thread.pending.delete(answer.job);
    addJob(thread, -1);
    if ("sha256" in answer) pending.resolve(answer.sha256);
    else pending.reject(new Error(`Hashing failed: ${answer.error}`));
  });
  // A thread that dies (it should not) fails the files it was hashing, not the process; the next file starts another.
  thread.worker.on("error", (cause: unknown) => {
    const err = cause instanceof Error ? cause : new Error(String(cause));
    thread.failure = err;
    threads.splice(threads.indexOf(thread), 1);
    for (const pending of thread.pending.values()) pending.reject(err);
  });
  // Idle threads must not keep the process alive.
  thread.worker.unref();
  threads.push(thread);
  return thread;
}

/** The thread with the fewest files in progress, or a new one while there are fewer than WORKERS. */
function leastBusyThread(): HashThread {
  const idlest = threads.reduce<HashThread | undefined>((best, one) => (best && best.jobs <= one.jobs ? best : one), undefined);
  if (idlest && (idlest.jobs === 0 || threads.length >= WORKERS)) return idlest;
  return startThread();
}

export type FileHasher = {
  /** The writer has written this many bytes from the start of the file. */
  written(bytes: number): void;
  /** The SHA-256 (hex) of the file's first `size` bytes, once all of them are written. */
  digest(size: number): Promise<string>;
  /** Stops hashing a file that will not be finished. */
  cancel(): void;
};

export function hashFileBehindWriter(path: string): FileHasher {
  const thread = leastBusyThread();
  const job = ++lastJob;
  let told = 0;
  let isDone = false;
  const send = (request: HashRequest) => thread.worker.postMessage(request);
  addJob(thread, 1);
  send({ job, start: path });
  return {
    written(bytes) {
      if (isDone || bytes - told < STEP_BYTES) return;
      told = bytes;
      send({ job, upTo: bytes });
    },
    digest(size) {
      isDone = true;
      return new Promise<string>((resolve, reject) => {
        if (thread.failure) {
          reject(thread.failure);
          return;
        }
        thread.pending.set(job, { resolve, reject });
        send({ job, end: size });
      });
    },
    cancel() {
      if (isDone) return;
      isDone = true;
      addJob(thread, -1);
      send({ job, cancel: true });
    },
  };
}
