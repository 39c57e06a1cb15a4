// Signed-in users' principals (user, locked state, sessions' start, permission codes) kept in memory per tenant, so a
// request that needs only its caller's principal touches no database. Each entry is tagged with the tenant's IAM
// version it was read under (migration 0025: triggers bump it with every change a principal is read from) and used
// only while that is still the tenant's version as this process knows it.
//
// How current that knowledge is:
// - A change made by this process: its transaction calls `changed` once committed (afterCommit), so the very next
//   request reads the version again before it trusts any entry.
// - A change made by another process: the version is read again, once for all concurrent requests of the tenant, when a
//   request finds it older than REFRESH_AFTER_MS (in the background; that request still uses it) and before any
//   request uses it once it is older than TRUSTED_FOR_MS. An entry is thus never used more than TRUSTED_FOR_MS (plus
//   the read itself) after the change that made it stale committed.
//
// Why this is safe: a principal and the version it is tagged with come from one statement, so from one snapshot, and
// versions never repeat; an entry is exactly what its version stands for.
import type { TenantDb } from "../../platform/db/tenant-transaction.ts";
import type { Principal } from "../../platform/http/access.ts";
import * as repo from "./repository.ts";

/** After this, a request starts a fresh version read in the background. */
const REFRESH_AFTER_MS = 250;
/** Beyond this, requests wait for a fresh version read: another process's change is seen within about this. */
const TRUSTED_FOR_MS = 750;
/** Tenants kept at once; the one unused longest goes first. */
const MAX_TENANTS = 500;
/** Principals kept per tenant; the oldest entry goes first. */
const MAX_PRINCIPALS_PER_TENANT = 10_000;

type Kept = { version: string; principal: Principal | null };

type TenantState = {
  /** The tenant's version as last read; null before the first read. */
  version: string | null;
  /** When the read that answered `version` started (performance.now()); -Infinity once a change here made it stale. */
  readAt: number;
  /** Bumped by every change committed here: a version read begun before it is not kept. */
  generation: number;
  reading: { version: Promise<string>; startedAt: number } | undefined;
  principals: Map<string, Kept>;
};

export type PrincipalCache = ReturnType<typeof createPrincipalCache>;

export function createPrincipalCache(now: () => number = () => performance.now()) {
  const tenants = new Map<string, TenantState>();

  function stateOf(tenantId: string): TenantState {
    let state = tenants.get(tenantId);
    if (state) {
      tenants.delete(tenantId);
    } else {
      state = { version: null, readAt: Number.NEGATIVE_INFINITY, generation: 0, reading: undefined, principals: new Map() };
    }
    tenants.set(tenantId, state);
    if (tenants.size > MAX_TENANTS) tenants.delete(tenants.keys().next().value ?? "");
    return state;
  }

  /**
   * One version read at a time per tenant, shared by the requests that arrive while it runs, unless it began before
   * `notBefore` (a read stuck that long answers too old a version for a request that must wait for a fresh one).
   */
  function readVersion(db: TenantDb, state: TenantState, notBefore = Number.NEGATIVE_INFINITY): Promise<string> {
    if (state.reading && state.reading.startedAt >= notBefore) return state.reading.version;
    const generation = state.generation;
    const startedAt = now();
    const version = db
      .transaction((trx) => repo.findIamVersion(trx))
      .then((read) => {
        learn(state, read, startedAt, generation);
        return read;
      })
      .finally(() => {
        if (state.reading === reading) state.reading = undefined;
      });
    const reading = { version, startedAt };
    state.reading = reading;
    return version;
  }

  /**
   * Takes `version`, read by a statement that began after `startedAt`, as the tenant's version, unless a change
   * committed here since (its generation moved on) or what is known already comes from a read begun later. Either
   * way the version known is one read after `readAt`, and after the last change committed here.
   */
  function learn(state: TenantState, version: string, startedAt: number, generation: number) {
    if (state.generation !== generation || startedAt < state.readAt) return;
    state.version = version;
    state.readAt = startedAt;
  }

  function currentVersion(db: TenantDb, state: TenantState): string | Promise<string> {
    const at = now();
    const age = at - state.readAt;
    if (state.version === null || age >= TRUSTED_FOR_MS) return readVersion(db, state, at - TRUSTED_FOR_MS);
    // A failed background read is retried by the next request; requests wait for one only past TRUSTED_FOR_MS.
    if (age >= REFRESH_AFTER_MS) readVersion(db, state).catch(() => {});
    return state.version;
  }

  function keep(state: TenantState, userId: string, kept: Kept) {
    state.principals.delete(userId);
    state.principals.set(userId, kept);
    if (state.principals.size > MAX_PRINCIPALS_PER_TENANT) state.principals.delete(state.principals.keys().next().value ?? "");
  }

  return {
    /** The principal of `userId` in the tenant of `db` (null: no such user), from memory while it is current. */
    async principal(db: TenantDb, userId: string): Promise<Principal | null> {
      const state = stateOf(db.tenantId);
      const version = await currentVersion(db, state);
      const kept = state.principals.get(userId);
      if (kept?.version === version) return kept.principal;
      const generation = state.generation;
      const startedAt = now();
      const read = await db.transaction((trx) => repo.findPrincipal(trx, userId));
      // The principal came with the version of its own snapshot: as good as a version read.
      learn(state, read.version, startedAt, generation);
      const principal: Principal | null = read.user
        ? {
            user: Object.freeze({ id: read.user.id, username: read.user.username, locked: read.user.locked }),
            permissions: new Set(read.user.permissions),
            sessionsValidAfter: read.user.sessionsValidAfter,
          }
        : null;
      keep(state, userId, { version: read.version, principal });
      return principal;
    },

    /** A change to the tenant's IAM data has committed in this process: no request trusts the version it knew. */
    changed(tenantId: string): void {
      const state = tenants.get(tenantId);
      if (!state) return;
      state.generation++;
      state.reading = undefined;
      state.readAt = Number.NEGATIVE_INFINITY;
    },
  };
}
