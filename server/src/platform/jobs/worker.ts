// The loop that runs jobs: claim a due job under a lease, run its handler while renewing the lease, record the
// outcome. Idle, it polls at a modest interval; `wake()` (an enqueue in this process) makes it look at once.
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database.ts";
import type { TenantDb } from "../db/tenant-transaction.ts";
import type { RegisteredHandler } from "./job-queue.ts";
import * as repo from "./repository.ts";

export type WorkerOptions = {
  /** Jobs one process runs at once. */
  concurrency: number;
  /** Longest wait between two looks for due jobs when idle. */
  pollIntervalMs: number;
  /** A running job whose lease is not renewed for this long is taken for crashed and recovered. */
  leaseMs: number;
  /** Delay before the first retry; doubled for each further one. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long `stop()` waits for running handlers. */
  stopTimeoutMs: number;
};

const DEFAULTS: WorkerOptions = {
  concurrency: 2,
  pollIntervalMs: 2_000,
  leaseMs: 60_000,
  retryBaseMs: 10_000,
  retryMaxMs: 60 * 60 * 1000,
  stopTimeoutMs: 10_000,
};

/** First wait after a wake or a finished job. A job enqueued in a transaction appears only at its commit, so the
 * worker looks again after 25, 50, 100 … ms, up to the poll interval. */
const QUICK_LOOK_MS = 25;
/**
 * Finished jobs are kept so that progress and failures stay visible, then deleted (every thumbnail and every daily
 * sweep is a row): done ones after a week, failed ones after a month. The worker looks once an hour.
 */
export const JOB_KEEPING = { doneMs: 7 * 24 * 3600_000, failedMs: 30 * 24 * 3600_000, everyMs: 3600_000 } as const;
const MAX_ERROR_LENGTH = 2_000;
export const INTERRUPTED_MESSAGE = "The process running this job stopped before it finished";

export function retryDelayMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

function errorMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return (message || "The job failed without a message").slice(0, MAX_ERROR_LENGTH);
}

type WorkerDeps = {
  db: Db;
  log: FastifyBaseLogger;
  handlers: ReadonlyMap<string, RegisteredHandler>;
  workerId: string;
  tenantDb: (tenantId: string) => TenantDb;
  options: Partial<WorkerOptions>;
};

export function createWorker({ db, log, handlers, workerId, tenantDb, options }: WorkerDeps) {
  const settings = { ...DEFAULTS, ...options };
  const stopping = new Error("The worker is stopping");
  const active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let running = false;
  let loopDone: Promise<void> = Promise.resolve();
  let idleMs = QUICK_LOOK_MS;
  let endSleep: (() => void) | undefined;
  let lastRecoveryAt = 0;
  let lastPruneAt = 0;

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        endSleep = undefined;
        resolve();
      }
      endSleep = finish;
    });
  }

  function claim(): Promise<repo.JobRow | undefined> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return Promise.resolve(undefined);
    return repo.claimNextJob(db, { workerId, kinds, leaseMs: settings.leaseMs });
  }

  async function pruneFinishedJobs(now = Date.now()): Promise<number> {
    lastPruneAt = now;
    return repo.deleteFinishedJobs(db, {
      doneBefore: new Date(now - JOB_KEEPING.doneMs),
      failedBefore: new Date(now - JOB_KEEPING.failedMs),
    });
  }

  async function recoverExpiredLeases(): Promise<number> {
    lastRecoveryAt = Date.now();
    const recovered = await repo.recoverExpiredLeases(db, INTERRUPTED_MESSAGE);
    if (recovered > 0) log.warn({ recovered }, "recovered jobs left running by a stopped process");
    return recovered;
  }

  async function run(row: repo.JobRow): Promise<void> {
    const job: repo.LeasedJob = { tenantId: row.tenant_id, id: row.id, workerId };
    const controller = new AbortController();
    let leaseLost = false;
    const renew = async (progress?: number) => {
      if (await repo.renewLease(db, job, settings.leaseMs, progress)) return;
      leaseLost = true;
      controller.abort(new Error("The job's lease was lost"));
    };
    const heartbeat = setInterval(() => {
      renew().catch((err: unknown) => log.warn({ err, jobId: row.id }, "job lease renewal failed"));
    }, settings.leaseMs / 3);
    const done = (async () => {
      const handler = handlers.get(row.kind);
      const payload = handler?.schema.safeParse(row.payload);
      if (!handler || !payload?.success) {
        const reason = payload?.error?.issues[0]?.message ?? `no handler for '${row.kind}'`;
        await repo.markAttemptFailed(db, job, { error: `The job cannot run: ${reason}`, retryDelayMs: 0, final: true });
        return;
      }
      try {
        await handler.run({
          id: row.id,
          tenantId: row.tenant_id,
          kind: row.kind,
          payload: payload.data,
          attempt: row.attempts,
          maxAttempts: row.max_attempts,
          db: tenantDb(row.tenant_id),
          signal: controller.signal,
          reportProgress: (percent) => renew(Math.round(Math.min(100, Math.max(0, percent)))),
        });
        if (!leaseLost) await repo.markJobDone(db, job);
      } catch (err) {
        if (leaseLost) return;
        if (controller.signal.reason === stopping) {
          await repo.releaseJob(db, job);
          return;
        }
        const retry = retryDelayMs(row.attempts, settings.retryBaseMs, settings.retryMaxMs);
        await repo.markAttemptFailed(db, job, { error: errorMessage(err), retryDelayMs: retry, final: false });
        log.warn({ err, jobId: row.id, kind: row.kind, attempt: row.attempts }, "job attempt failed");
      }
    })()
      .catch((err: unknown) => {
        // The database failed around the handler; the lease runs out and recovery takes the job again.
        log.error({ err, jobId: row.id }, "job bookkeeping failed");
      })
      .finally(() => {
        clearInterval(heartbeat);
        active.delete(row.id);
      });
    active.set(row.id, { controller, done });
    await done;
  }

  async function runNextJob(): Promise<boolean> {
    const row = await claim();
    if (!row) return false;
    await run(row);
    return true;
  }

  async function loop(): Promise<void> {
    while (running) {
      if (active.size >= settings.concurrency) {
        await Promise.race([...active.values()].map((entry) => entry.done));
        continue;
      }
      let row: repo.JobRow | undefined;
      try {
        if (Date.now() - lastRecoveryAt >= settings.leaseMs / 4) await recoverExpiredLeases();
        if (Date.now() - lastPruneAt >= JOB_KEEPING.everyMs) await pruneFinishedJobs();
        row = await claim();
      } catch (err) {
        log.error({ err }, "claiming a job failed");
      }
      if (row && !running) {
        await repo.releaseJob(db, { tenantId: row.tenant_id, id: row.id, workerId });
        return;
      }
      if (row) {
        void run(row);
        idleMs = QUICK_LOOK_MS;
        continue;
      }
      await sleep(idleMs);
      idleMs = Math.min(idleMs * 2, settings.pollIntervalMs);
    }
  }

  return {
    wake(): void {
      idleMs = QUICK_LOOK_MS;
      endSleep?.();
    },
    runNextJob,
    recoverExpiredLeases,
    pruneFinishedJobs,
    start(): void {
      if (running) return;
      running = true;
      loopDone = loop().catch((err: unknown) => log.error({ err }, "the job worker stopped unexpectedly"));
    },
    async stop(): Promise<void> {
      running = false;
      endSleep?.();
      for (const entry of active.values()) entry.controller.abort(stopping);
      const finished = Promise.all([loopDone, ...[...active.values()].map((entry) => entry.done)]);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, settings.stopTimeoutMs);
      });
      await Promise.race([finished, timeout]);
      clearTimeout(timer);
    },
  };
}
