import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase, type TestDatabase } from "../../test/test-database.ts";
import type { Db } from "../db/database.ts";
import { inTenant, tenantDb } from "../db/tenant-transaction.ts";
import { NotFound } from "../errors.ts";
import type { RequestContext } from "../http/access.ts";
import { createJobQueue, type JobQueue } from "./job-queue.ts";
import * as repo from "./repository.ts";
import { INTERRUPTED_MESSAGE, retryDelayMs, type WorkerOptions } from "./worker.ts";

const log = pino({ level: "silent" });
const Echo = z.object({ text: z.string() });

let database: TestDatabase;
let tenantA: string;
let tenantB: string;
const started: JobQueue[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  tenantA = await database.newTenantId();
  tenantB = await database.newTenantId();
});
afterAll(() => database.close());
beforeEach(async () => {
  await Promise.all(started.splice(0).map((queue) => queue.stop()));
  await database.db.deleteFrom("jobs").execute();
});

function queueOn(db: Db, options: Partial<WorkerOptions> = {}): JobQueue {
  const queue = createJobQueue(db, log, { retryBaseMs: 1_000, ...options });
  started.push(queue);
  return queue;
}

function contextOf(tenantId: string): RequestContext {
  return {
    tenant: { id: tenantId, code: "t", name: "T", storageQuota: 0 },
    user: null,
    permissions: new Set(),
    db: tenantDb(database.db, tenantId),
  };
}

async function enqueueEcho(queue: JobQueue, tenantId: string, text: string, options = {}) {
  return inTenant(database.db, tenantId, (trx) => queue.enqueue(trx, tenantId, "echo", { text }, options));
}

/** The job's row as the worker sees it, with the retry delay it scheduled. */
async function jobRow(id: string) {
  return database.db
    .selectFrom("jobs")
    .selectAll()
    .select(sql<number>`round(extract(epoch from (run_after - updated_at)) * 1000)::int`.as("delay_ms"))
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

const makeDue = () => database.db.updateTable("jobs").set({ run_after: sql`now()` }).execute();

async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result) return result;
    if (Date.now() > until) throw new Error("timed out waiting");
    await sleep(20);
  }
}

describe("enqueue", () => {
  it("creates no job when the caller's transaction rolls back, and a queued one when it commits", async () => {
    const queue = queueOn(database.db);
    queue.register("echo", Echo, async () => {});
    await expect(
      inTenant(database.db, tenantA, async (trx) => {
        await queue.enqueue(trx, tenantA, "echo", { text: "lost" });
        throw new Error("the work failed");
      }),
    ).rejects.toThrow("the work failed");
    expect(await database.db.selectFrom("jobs").select("id").execute()).toEqual([]);

    const job = await enqueueEcho(queue, tenantA, "kept");
    expect(await queue.getJob(contextOf(tenantA), job.id)).toMatchObject({ kind: "echo", status: "queued", progress: 0, attempts: 0 });
  });

  it("refuses a kind without a handler and a payload its handler would not accept", async () => {
    const queue = queueOn(database.db);
    queue.register("echo", Echo, async () => {});
    await expect(inTenant(database.db, tenantA, (trx) => queue.enqueue(trx, tenantA, "nobody", {}))).rejects.toThrow(
      "No handler is registered for job kind 'nobody'",
    );
    await expect(inTenant(database.db, tenantA, (trx) => queue.enqueue(trx, tenantA, "echo", { text: 3 }))).rejects.toThrow();
  });
});

describe("running jobs", () => {
  it("claims a due job, runs its handler inside the job's tenant, and marks it done", async () => {
    const queue = queueOn(database.db);
    const seen: { text: string; tenant: string | undefined; visibleJobs: number }[] = [];
    queue.register("echo", Echo, async (job) => {
      const inside = await job.db.transaction(async (trx) => {
        const tenant = await sql<{ id: string }>`select current_setting('app.tenant_id') as id`.execute(trx);
        const visible = await trx.selectFrom("jobs").select("id").execute();
        return { tenant: tenant.rows[0]?.id, visibleJobs: visible.length };
      });
      seen.push({ text: job.payload.text, ...inside });
    });
    const job = await enqueueEcho(queue, tenantA, "hello");
    await enqueueEcho(queue, tenantB, "other tenant", { delayMs: 60_000 });

    expect(await queue.runNextJob()).toBe(true);
    expect(seen).toEqual([{ text: "hello", tenant: tenantA, visibleJobs: 1 }]);
    expect(await queue.getJob(contextOf(tenantA), job.id)).toMatchObject({ status: "done", progress: 100, attempts: 1, error: null });
    expect(await queue.runNextJob()).toBe(false);
  });

  it("records the progress a handler reports", async () => {
    const queue = queueOn(database.db);
    const progressSeen: number[] = [];
    queue.register("echo", Echo, async (job) => {
      await job.reportProgress(40);
      progressSeen.push((await queue.getJob(contextOf(job.tenantId), job.id)).progress);
      await job.reportProgress(250);
      progressSeen.push((await queue.getJob(contextOf(job.tenantId), job.id)).progress);
    });
    await enqueueEcho(queue, tenantA, "slow");
    await queue.runNextJob();
    expect(progressSeen).toEqual([40, 100]);
  });

  it("retries a failing job with exponential backoff, then marks it failed with the error", async () => {
    const queue = queueOn(database.db, { retryBaseMs: 1_000 });
    let calls = 0;
    queue.register("echo", Echo, async () => {
      calls++;
      throw new Error(`Thumbnail failed (try ${calls})`);
    });
    const { id } = await enqueueEcho(queue, tenantA, "broken", { maxAttempts: 3 });

    await queue.runNextJob();
    expect(await jobRow(id)).toMatchObject({ status: "queued", attempts: 1, error: "Thumbnail failed (try 1)", delay_ms: 1_000 });
    expect(await queue.runNextJob()).toBe(false);

    await makeDue();
    await queue.runNextJob();
    expect(await jobRow(id)).toMatchObject({ status: "queued", attempts: 2, error: "Thumbnail failed (try 2)", delay_ms: 2_000 });

    await makeDue();
    await queue.runNextJob();
    expect(await queue.getJob(contextOf(tenantA), id)).toMatchObject({ status: "failed", attempts: 3, error: "Thumbnail failed (try 3)" });
    await makeDue();
    expect(await queue.runNextJob()).toBe(false);
    expect(calls).toBe(3);
  });

  it("fails a job whose stored payload its handler does not accept, without retrying", async () => {
    const queue = queueOn(database.db);
    queue.register("echo", Echo, async () => {});
    const row = await inTenant(database.db, tenantA, (trx) =>
      repo.insertJob(trx, { tenantId: tenantA, kind: "echo", payloadJson: '{"text": 7}', maxAttempts: 5, delayMs: 0 }),
    );
    await queue.runNextJob();
    expect(await jobRow(row.id)).toMatchObject({ status: "failed", attempts: 1 });
    expect((await jobRow(row.id)).error).toMatch(/^The job cannot run: /);
  });

  it("leaves jobs of kinds it has no handler for to the processes that have one", async () => {
    const queue = queueOn(database.db);
    queue.register("echo", Echo, async () => {});
    const row = await inTenant(database.db, tenantA, (trx) =>
      repo.insertJob(trx, { tenantId: tenantA, kind: "render-story", payloadJson: "{}", maxAttempts: 5, delayMs: 0 }),
    );
    expect(await queue.runNextJob()).toBe(false);
    expect(await jobRow(row.id)).toMatchObject({ status: "queued", attempts: 0 });
  });

  it("computes the retry delay as base × 2^(attempt − 1), capped", () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1_000, 5_000))).toEqual([1_000, 2_000, 4_000, 5_000]);
  });
});

describe("crash recovery", () => {
  it("puts a job left running by a crashed process back in the queue, and it then runs", async () => {
    const queue = queueOn(database.db);
    let runs = 0;
    queue.register("echo", Echo, async () => {
      runs++;
    });
    const { id } = await enqueueEcho(queue, tenantA, "interrupted");
    await repo.claimNextJob(database.db, { workerId: "crashed-process", kinds: ["echo"], leaseMs: 1 });
    await sleep(10);

    expect(await queue.recoverExpiredLeases()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: "queued", attempts: 1, error: INTERRUPTED_MESSAGE, lease_owner: null });
    expect(await queue.runNextJob()).toBe(true);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2 });
    expect(runs).toBe(1);
  });

  it("fails a crashed job that has no attempts left", async () => {
    const queue = queueOn(database.db);
    queue.register("echo", Echo, async () => {});
    const { id } = await enqueueEcho(queue, tenantA, "last try", { maxAttempts: 1 });
    await repo.claimNextJob(database.db, { workerId: "crashed-process", kinds: ["echo"], leaseMs: 1 });
    await sleep(10);
    await queue.recoverExpiredLeases();
    expect(await jobRow(id)).toMatchObject({ status: "failed", error: INTERRUPTED_MESSAGE });
  });

  it("does not recover a long job whose worker is alive: the heartbeat renews its lease", async () => {
    const queue = queueOn(database.db, { leaseMs: 900 });
    queue.register("echo", Echo, async () => {
      await sleep(2_000);
    });
    const { id } = await enqueueEcho(queue, tenantA, "long");
    const run = queue.runNextJob();
    await sleep(1_500);
    expect(await queueOn(database.db).recoverExpiredLeases()).toBe(0);
    await run;
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 1 });
  });
});

describe("finished jobs", () => {
  it("are deleted once past their keeping: done after a week, failed after a month, in every tenant", async () => {
    const queue = queueOn(database.db);
    queue.register("echo", Echo, async ({ payload }) => {
      if (payload.text.startsWith("fail")) throw new Error("no");
    });
    const ids: Record<string, string> = {};
    for (const [name, tenant] of [
      ["done-old", tenantA],
      ["done-new", tenantB],
      ["fail-old", tenantB],
      ["fail-new", tenantA],
    ] as const) {
      ids[name] = (await enqueueEcho(queue, tenant, name, { maxAttempts: 1 })).id;
      expect(await queue.runNextJob()).toBe(true);
    }
    const queued = (await enqueueEcho(queue, tenantA, "waiting")).id;
    const age = async (id: string | undefined, days: number) => {
      await database.db
        .updateTable("jobs")
        .set({ updated_at: sql`now() - make_interval(days => ${days})` })
        .where("id", "=", id ?? "")
        .execute();
    };
    await age(ids["done-old"], 8);
    await age(ids["done-new"], 6);
    await age(ids["fail-old"], 31);
    await age(ids["fail-new"], 8);
    await age(queued, 60);

    expect(await queue.pruneFinishedJobs()).toBe(2);
    const left = await database.db.selectFrom("jobs").select(["id", "status"]).orderBy("id").execute();
    expect(left.map((row) => row.id).sort()).toEqual([ids["done-new"], ids["fail-new"], queued].sort());
  });
});

describe("the worker loop", () => {
  it("runs a job as soon as it is enqueued in the same process, without waiting for the poll interval", async () => {
    const queue = queueOn(database.db, { pollIntervalMs: 60_000 });
    queue.register("echo", Echo, async () => {});
    queue.start();
    await sleep(100);
    const { id } = await enqueueEcho(queue, tenantA, "now");
    await waitFor(async () => (await jobRow(id)).status === "done", 3_000);
  });

  it("stops cleanly, handing a running job back without using up an attempt", async () => {
    const queue = queueOn(database.db);
    queue.register("echo", Echo, async (job) => {
      await new Promise((_resolve, reject) => job.signal.addEventListener("abort", () => reject(job.signal.reason)));
    });
    queue.start();
    const { id } = await enqueueEcho(queue, tenantA, "interrupted by shutdown");
    await waitFor(async () => (await jobRow(id)).status === "running");
    await queue.stop();
    expect(await jobRow(id)).toMatchObject({ status: "queued", attempts: 0, lease_owner: null });
  });

  it("never lets two workers run the same job", async () => {
    const second = await database.openAnother();
    const runs: string[] = [];
    const byWorker = [0, 0];
    const workers = [database.db, second].map((db, index) => {
      const queue = queueOn(db, { pollIntervalMs: 50, concurrency: 3 });
      queue.register("echo", Echo, async (job) => {
        runs.push(job.id);
        byWorker[index] = (byWorker[index] ?? 0) + 1;
        await sleep(15);
      });
      return queue;
    });
    const ids = await inTenant(database.db, tenantA, async (trx) => {
      const jobs = [];
      for (let n = 0; n < 40; n++) jobs.push(await workers[0]?.enqueue(trx, tenantA, "echo", { text: `job ${n}` }));
      return jobs.map((job) => job?.id);
    });
    for (const worker of workers) worker.start();
    await waitFor(async () => {
      const left = await database.db.selectFrom("jobs").select("id").where("status", "!=", "done").execute();
      return left.length === 0;
    }, 20_000);
    expect(runs.toSorted()).toEqual(ids.toSorted());
    if (database.isPostgres) expect(byWorker.every((count) => count > 0)).toBe(true);
  });

  it("claims each job once when many claims race on separate connections", async () => {
    const handles = [database.db, await database.openAnother()];
    for (let n = 0; n < 10; n++) {
      await inTenant(database.db, tenantA, (trx) =>
        repo.insertJob(trx, { tenantId: tenantA, kind: "echo", payloadJson: '{"text":"x"}', maxAttempts: 5, delayMs: 0 }),
      );
    }
    const claims = await Promise.all(
      Array.from({ length: 24 }, (_, n) =>
        repo.claimNextJob(handles[n % 2] as Db, { workerId: `worker-${n}`, kinds: ["echo"], leaseMs: 60_000 }),
      ),
    );
    const claimed = claims.filter((row) => row !== undefined).map((row) => row.id);
    expect(claimed).toHaveLength(10);
    expect(new Set(claimed).size).toBe(10);
  });
});

describe("getJob", () => {
  it("answers 404 for another tenant's job and for an id that is not a uuid", async () => {
    const queue = queueOn(database.db);
    queue.register("echo", Echo, async () => {});
    const { id } = await enqueueEcho(queue, tenantA, "private");
    await expect(queue.getJob(contextOf(tenantB), id)).rejects.toBeInstanceOf(NotFound);
    await expect(queue.getJob(contextOf(tenantA), "not-a-uuid")).rejects.toMatchObject({ status: 404 });
  });
});
