// SQL of the job queue. `insertJob` and `findJob` run in a tenant transaction; the rest is the worker's, run as the
// owner role across tenants (the table's `jobs_worker` policy lets the owner see every tenant's jobs).
import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import type { JobStatus } from "../db/schema.ts";
import type { Trx } from "../db/tenant-transaction.ts";

export type JobRow = {
  tenant_id: string;
  id: string;
  kind: string;
  payload: unknown;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  progress: number;
  error: string | null;
  run_after: Date;
  created_at: Date;
  updated_at: Date;
};

const columns = [
  "tenant_id",
  "id",
  "kind",
  "payload",
  "status",
  "attempts",
  "max_attempts",
  "progress",
  "error",
  "run_after",
  "created_at",
  "updated_at",
] as const;

const failedOnceOutOfAttempts = sql<JobStatus>`case when attempts >= max_attempts then 'failed' else 'queued' end`;

const afterMs = (ms: number) => sql<Date>`now() + ${ms} * interval '1 millisecond'`;

/** A job the worker holds: identified, and owned through its lease. */
export type LeasedJob = { tenantId: string; id: string; workerId: string };

function leased(job: LeasedJob) {
  return { tenant_id: job.tenantId, id: job.id, lease_owner: job.workerId };
}

export function insertJob(
  trx: Trx,
  job: { tenantId: string; kind: string; payloadJson: string; maxAttempts: number; delayMs: number },
): Promise<JobRow> {
  return trx
    .insertInto("jobs")
    .values({
      tenant_id: job.tenantId,
      kind: job.kind,
      payload: job.payloadJson,
      max_attempts: job.maxAttempts,
      run_after: afterMs(job.delayMs),
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/** First key of the lock that serialises `insertForEveryTenant` per kind: "RPXJ". */
const SCHEDULE_LOCK_CLASS = 0x5250584a;

/**
 * Queues a job for every tenant that has none of the kind queued to run by the time this one would, in one
 * transaction under a lock per kind, so processes doing it at once never queue two. Runs as the owner across tenants.
 */
export function insertForEveryTenant(db: Db, job: { kind: string; payloadJson: string; maxAttempts: number; delayMs: number }) {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK_CLASS}, hashtext(${job.kind}))`.execute(trx);
    const result = await sql`insert into jobs (tenant_id, kind, payload, max_attempts, run_after)
      select t.id, ${job.kind}, ${job.payloadJson}::jsonb, ${job.maxAttempts}, ${afterMs(job.delayMs)}
      from tenants t
      where not exists (select 1 from jobs j where j.tenant_id = t.id and j.kind = ${job.kind} and j.status = 'queued'
        and j.run_after <= ${afterMs(job.delayMs)})`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}

export function findJob(trx: Trx, id: string): Promise<JobRow | undefined> {
  return trx.selectFrom("jobs").select(columns).where("id", "=", id).executeTakeFirst();
}

/**
 * Takes the oldest due job of one of `kinds` and leases it to `workerId`. SKIP LOCKED lets several workers (processes
 * or instances) claim at once without waiting on, or ever sharing, a row.
 */
export function claimNextJob(db: Db, claim: { workerId: string; kinds: string[]; leaseMs: number }): Promise<JobRow | undefined> {
  return db
    .updateTable("jobs")
    .set((eb) => ({
      status: "running",
      attempts: eb("attempts", "+", 1),
      lease_owner: claim.workerId,
      lease_expires_at: afterMs(claim.leaseMs),
      updated_at: sql`now()`,
    }))
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple("tenant_id", "id"),
        "in",
        selectFrom("jobs")
          .select(["tenant_id", "id"])
          .where("status", "=", "queued")
          .where("run_after", "<=", sql<Date>`now()`)
          .where("kind", "in", claim.kinds)
          .orderBy("run_after")
          .orderBy("created_at")
          .limit(1)
          .forUpdate()
          .skipLocked()
          .$asTuple("tenant_id", "id"),
      ),
    )
    .returning(columns)
    .executeTakeFirst();
}

/** Extends the lease (and records progress when given); false when the lease was lost to recovery. */
export async function renewLease(db: Db, job: LeasedJob, leaseMs: number, progress?: number): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({ lease_expires_at: afterMs(leaseMs), updated_at: sql`now()`, ...(progress === undefined ? {} : { progress }) })
    .where((eb) => eb.and(leased(job)))
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markJobDone(db: Db, job: LeasedJob): Promise<void> {
  await db
    .updateTable("jobs")
    .set({ status: "done", progress: 100, error: null, lease_owner: null, lease_expires_at: null, updated_at: sql`now()` })
    .where((eb) => eb.and(leased(job)))
    .where("status", "=", "running")
    .execute();
}

/** A failed attempt: queued again after `retryDelayMs`, or failed for good once the attempts are used up. */
export async function markAttemptFailed(db: Db, job: LeasedJob, failure: { error: string; retryDelayMs: number; final: boolean }) {
  await db
    .updateTable("jobs")
    .set({
      status: failure.final ? "failed" : failedOnceOutOfAttempts,
      error: failure.error,
      run_after: afterMs(failure.retryDelayMs),
      lease_owner: null,
      lease_expires_at: null,
      updated_at: sql`now()`,
    })
    .where((eb) => eb.and(leased(job)))
    .where("status", "=", "running")
    .execute();
}

/** Hands a job back untouched (the worker is stopping): the attempt it started does not count. */
export async function releaseJob(db: Db, job: LeasedJob): Promise<void> {
  await db
    .updateTable("jobs")
    .set((eb) => ({
      status: "queued",
      attempts: eb("attempts", "-", 1),
      run_after: sql`now()`,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: sql`now()`,
    }))
    .where((eb) => eb.and(leased(job)))
    .where("status", "=", "running")
    .execute();
}

/** Jobs whose worker stopped renewing its lease (the process crashed): queued again, or failed when out of attempts. */
export async function recoverExpiredLeases(db: Db, error: string): Promise<number> {
  const result = await db
    .updateTable("jobs")
    .set({
      status: failedOnceOutOfAttempts,
      error,
      run_after: sql`now()`,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: sql`now()`,
    })
    .where("status", "=", "running")
    .where("lease_expires_at", "<", sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Finished jobs past their keeping: done ones updated before `doneBefore`, failed ones before `failedBefore`. */
export async function deleteFinishedJobs(db: Db, { doneBefore, failedBefore }: { doneBefore: Date; failedBefore: Date }): Promise<number> {
  const result = await db
    .deleteFrom("jobs")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "done"), eb("updated_at", "<", doneBefore)]),
        eb.and([eb("status", "=", "failed"), eb("updated_at", "<", failedBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
