// A few long-lived worker threads shared by many jobs: file hashing during uploads (blobs/file-hasher.ts) and whole
// file reads for exports (blobs/blob-reader.ts). A job runs on one thread, which may run several jobs; messages carry
// the job's number both ways. A thread keeps the process alive only while it has jobs. One that dies (it should not)
// fails its jobs, not the process; later jobs start another.
import { Worker } from "node:worker_threads";

type Pending<Answer> = { resolve: (answer: Answer) => void; reject: (err: Error) => void };
type Thread<Answer> = { worker: Worker; pending: Map<number, Pending<Answer>>; jobs: number; failure?: Error };

export type PoolJob<Request, Answer> = {
  job: number;
  post(request: Request): void;
  /** Posts `request` and waits for this job's next answer. */
  ask(request: Request): Promise<Answer>;
  /** The job is over: call once, after its last answer or when it is abandoned. */
  release(): void;
};

/**
 * A worker's file: beside its caller in the sources (`.ts`), beside the bundle's chunks in dist/ (`.js`;
 * server/build.mjs builds every worker there). In tests a worker runs from the sources under Node's type stripping:
 * it may import node: modules and plain modules only (no parameter properties or enums anywhere it imports).
 */
export function workerFile(callerUrl: string, name: string): URL {
  return new URL(callerUrl.endsWith(".ts") ? `./${name}.ts` : `./${name}.js`, callerUrl);
}

export function threadPool<Request, Answer extends { job: number }>(file: URL, size: number): { start(): PoolJob<Request, Answer> } {
  const threads: Thread<Answer>[] = [];
  let lastJob = 0;

  function startThread(): Thread<Answer> {
    const thread: Thread<Answer> = { worker: new Worker(file), pending: new Map(), jobs: 0 };
    thread.worker.on("message", (answer: Answer) => {
      const pending = thread.pending.get(answer.job);
      thread.pending.delete(answer.job);
      pending?.resolve(answer);
    });
    thread.worker.on("error", (cause: unknown) => {
      const err = cause instanceof Error ? cause : new Error(String(cause));
      thread.failure = err;
      threads.splice(threads.indexOf(thread), 1);
      for (const pending of thread.pending.values()) pending.reject(err);
      thread.pending.clear();
    });
    thread.worker.unref();
    threads.push(thread);
    return thread;
  }

  /** The thread with the fewest jobs, or a new one while there are fewer than `size` and none is idle. */
  function leastBusy(): Thread<Answer> {
    const idlest = threads.reduce<Thread<Answer> | undefined>((best, one) => (best && best.jobs <= one.jobs ? best : one), undefined);
    if (idlest && (idlest.jobs === 0 || threads.length >= size)) return idlest;
    return startThread();
  }

  return {
    start() {
      const thread = leastBusy();
      const job = ++lastJob;
      let isReleased = false;
      thread.jobs += 1;
      if (thread.jobs === 1) thread.worker.ref();
      return {
        job,
        post: (request) => thread.worker.postMessage(request),
        ask: (request) =>
          new Promise<Answer>((resolve, reject) => {
            if (thread.failure) {
              reject(thread.failure);
              return;
            }
            thread.pending.set(job, { resolve, reject });
            thread.worker.postMessage(request);
          }),
        release() {
          if (isReleased) return;
          isReleased = true;
          thread.jobs -= 1;
          if (thread.jobs === 0) thread.worker.unref();
        },
      };
    },
  };
}
