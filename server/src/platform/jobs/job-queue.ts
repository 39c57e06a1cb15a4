// Long work (thumbnails, exports, renders, e-mail) as jobs in the same database. A job is enqueued in the caller's
// transaction, so it exists exactly when the work it follows committed; a worker in every process claims due jobs,
// runs the handler its module registered, retries failures with exponential backoff and shows progress.

import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import type { JobStatus } from "../db/schema.ts";
import { type TenantDb, type Trx, tenantDb } from "../db/tenant-transaction.ts";
import { NotFound } from "../errors.ts";
import type { RequestContext } from "../http/access.ts";
import * as repo from "./repository.ts";
import { createWorker, type WorkerOptions } from "./worker.ts";

/** What a handler gets: its job, a tenant-bound database (row-level security applies) and a way to show progress. */
export type RunningJob<Payload> = {
  id: string;
  tenantId: string;
  kind: string;
  payload: Payload;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** Opens short tenant transactions; a handler never holds one open while it works (PGlite is one connection). */
  db: TenantDb;
  /** Aborted when the worker stops or loses the job's lease: stop soon, the job will run again. */
  signal: AbortSignal;
  /** 0..100; also renews the lease. */
  reportProgress(percent: number): Promise<void>;
};

export type JobHandler<Payload> = (job: RunningJob<Payload>) => Promise<void>;

export type RegisteredHandler = { schema: z.ZodType; run: JobHandler<unknown> };

export type EnqueueOptions = {
  /** Runs in total before the job is failed; default 5. */
  maxAttempts?: number;
  /** Not before this many milliseconds from now. */
  delayMs?: number;
};

/** A job as shown to the people waiting for it. */
export type JobView = {
  id: string;
  kind: string;
  status: JobStatus;
  progress: number;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  createdAt: string;
  updatedAt: string;
};

export const DEFAULT_MAX_ATTEMPTS = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toView(row: repo.JobRow): JobView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    error: row.error,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function createJobQueue(db: Db, log: FastifyBaseLogger, options: Partial<WorkerOptions> = {}) {
  const handlers = new Map<string, RegisteredHandler>();
  const worker = createWorker({
    db,
    log,
    handlers,
    workerId: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    tenantDb: (tenantId) => tenantDb(db, tenantId),
    options,
  });

  return {
    /** Called by modules at start: one handler per kind; the payload is checked with `schema` before each run. */
    register<Schema extends z.ZodType>(kind: string, schema: Schema, run: JobHandler<z.output<Schema>>): void {
      if (handlers.has(kind)) throw new Error(`A handler for job kind '${kind}' is already registered`);
      handlers.set(kind, { schema, run: run as JobHandler<unknown> });
    },

    /** Adds a job in the caller's tenant transaction; it becomes visible to workers when that transaction commits. */
    async enqueue(trx: Trx, tenantId: string, kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<JobView> {
      const handler = handlers.get(kind);
      if (!handler) throw new Error(`No handler is registered for job kind '${kind}'`);
      const checked = handler.schema.parse(payload);
      const row = await repo.insertJob(trx, {
        tenantId,
        kind,
        payloadJson: JSON.stringify(checked),
        maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        delayMs: options.delayMs ?? 0,
      });
      worker.wake();
      return toView(row);
    },

    /**
     * Recurring work: queues a job of `kind` for every tenant that has none queued to run by then (each run of such a
     * job queues the next one this way); answers how many it queued.
     */
    async enqueueForEveryTenant(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<number> {
      const handler = handlers.get(kind);
      if (!handler) throw new Error(`No handler is registered for job kind '${kind}'`);
      const queued = await repo.insertForEveryTenant(db, {
        kind,
        payloadJson: JSON.stringify(handler.schema.parse(payload)),
        maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        delayMs: options.delayMs ?? 0,
      });
      if (queued > 0) worker.wake();
      return queued;
    },

    async getJob(ctx: RequestContext, id: string): Promise<JobView> {
      const row = UUID.test(id) ? await ctx.db.transaction((trx) => repo.findJob(trx, id)) : undefined;
      if (!row) throw new NotFound(`Job ${id} not found`);
      return toView(row);
    },

    /** Claims and runs one due job now; false when none was due. For the CLI and tests. */
    runNextJob: worker.runNextJob,
    recoverExpiredLeases: worker.recoverExpiredLeases,
    /** Deletes finished jobs past their keeping (JOB_KEEPING); the worker does it once an hour. */
    pruneFinishedJobs: worker.pruneFinishedJobs,
    start: worker.start,
    /** Stops claiming, asks running handlers to stop and waits for them (bounded); jobs cut short run again later. */
    stop: worker.stop,
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
