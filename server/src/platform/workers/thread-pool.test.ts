import { mkdtempSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { threadPool, workerFile } from "./thread-pool.ts";

// A worker that echoes each request's number back doubled, after `delayMs`, and dies when asked to.
const dir = mkdtempSync(join(tmpdir(), "repox-pool-"));
const file = join(dir, "echo-worker.mjs");
writeFileSync(
  file,
  `import { parentPort, threadId } from "node:worker_threads";
parentPort.on("message", (request) => {
  if (request.die) throw new Error("the worker died");
  setTimeout(() => parentPort.postMessage({ job: request.job, doubled: request.value * 2, threadId }), request.delayMs ?? 0);
});`,
);
afterAll(() => rm(dir, { recursive: true, force: true }));

type Request = { job: number; value?: number; delayMs?: number; die?: true };
type Answer = { job: number; doubled: number; threadId: number };

describe("threadPool", () => {
  it("answers each job its own answer, spread over at most `size` threads", async () => {
    const pool = threadPool<Request, Answer>(pathToFileURL(file), 2);
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        const job = pool.start();
        try {
          return await job.ask({ job: job.job, value: index, delayMs: 10 - index });
        } finally {
          job.release();
        }
      }),
    );
    expect(answers.map((answer) => answer.doubled)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
    expect(new Set(answers.map((answer) => answer.threadId)).size).toBe(2);
  });

  it("fails the jobs of a thread that dies, and runs later jobs on a new one", async () => {
    const pool = threadPool<Request, Answer>(pathToFileURL(file), 1);
    const doomed = pool.start();
    await expect(doomed.ask({ job: doomed.job, die: true })).rejects.toThrow("the worker died");
    doomed.release();
    const next = pool.start();
    expect((await next.ask({ job: next.job, value: 21 })).doubled).toBe(42);
    next.release();
  });
});

describe("workerFile", () => {
  it("finds a worker beside its caller: .ts in the sources, .js in the bundle", () => {
    expect(workerFile("file:///app/src/platform/blobs/file-hasher.ts", "hash-worker").href).toBe(
      "file:///app/src/platform/blobs/hash-worker.ts",
    );
    expect(workerFile("file:///app/dist/chunk-ABC.js", "hash-worker").href).toBe("file:///app/dist/hash-worker.js");
  });
});
