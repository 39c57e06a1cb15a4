// Write locks (RFC 4918 §6, §9.10, §9.11) kept in webdav_locks so every instance sees them, and the If header's
// preconditions. A change to a locked resource needs one token of each lock on it submitted in the If header:
// a lock on the resource, a deep lock on a folder above it, a lock on the folder whose members change, and, for
// what takes a folder's contents along (DELETE, MOVE), any lock inside it.
import { randomUUID } from "node:crypto";
import { WEBDAV_LIMITS } from "@repox/contracts";
import { type RequestContext, signedIn } from "../../platform/http/access.ts";
import { DavError, Locked, PreconditionFailed } from "./dav-errors.ts";
import { type ConditionList, parseIfHeader, submittedTokens } from "./if-header.ts";
import * as repo from "./repository.ts";

export type Lock = repo.LockRow;

const covers = (lock: Lock, path: string) => lock.path === path || (lock.deep && (lock.path === "/" || path.startsWith(`${lock.path}/`)));

const parentPath = (path: string) => path.slice(0, Math.max(1, path.lastIndexOf("/")));

/** The lock's life from a Timeout header (`Second-600`, `Infinite`), within the limits. */
export function lockSeconds(header: string | undefined): number {
  const asked = header
    ?.split(",")
    .map((part) => part.trim())
    .map((part) => (/^infinite$/i.test(part) ? WEBDAV_LIMITS.lockMaxSeconds : Number(/^second-(\d+)$/i.exec(part)?.[1])))
    .find((seconds) => Number.isFinite(seconds) && seconds > 0);
  return Math.min(asked ?? WEBDAV_LIMITS.lockDefaultSeconds, WEBDAV_LIMITS.lockMaxSeconds);
}

export type Preconditions = {
  lists: ConditionList[];
  tokens: Set<string>;
};

/** The If header read once per request; none: no conditions and no tokens. */
export function readPreconditions(header: string | undefined): Preconditions {
  if (!header) return { lists: [], tokens: new Set() };
  const lists = parseIfHeader(header);
  return { lists, tokens: submittedTokens(lists) };
}

export function createLocks() {
  async function holds(ctx: RequestContext, condition: { token: string }, path: string): Promise<boolean> {
    const lock = await ctx.db.transaction((trx) => repo.findLock(trx, condition.token));
    return lock !== undefined && covers(lock, path);
  }

  return {
    /**
     * 412 unless the If header holds: some list whose resource is this one (untagged lists are about the request's
     * resource) has every condition true. `pathOfTag` maps a tagged resource's URL to its share path (undefined:
     * not in this share); `etagOf` answers a resource's entity tag.
     */
    async checkIf(
      ctx: RequestContext,
      preconditions: Preconditions,
      path: string,
      pathOfTag: (url: string) => string | undefined,
      etagOf: (path: string) => Promise<string | undefined>,
    ): Promise<void> {
      if (preconditions.lists.length === 0) return;
      for (const list of preconditions.lists) {
        const target = list.resource === undefined ? path : pathOfTag(list.resource);
        if (target === undefined) continue;
        let holdsAll = true;
        for (const condition of list.conditions) {
          const isTrue = "token" in condition ? await holds(ctx, condition, target) : (await etagOf(target)) === condition.etag;
          if (isTrue === condition.not) {
            holdsAll = false;
            break;
          }
        }
        if (holdsAll) return;
      }
      throw new PreconditionFailed("The If header's conditions do not hold");
    },

    /** 423 unless the request submits a token of every lock on what it changes. */
    async assertUnlocked(
      ctx: RequestContext,
      preconditions: Preconditions,
      path: string,
      scope: { below: boolean; membership: boolean },
    ): Promise<void> {
      const userId = signedIn(ctx).user.id;
      const locks = await ctx.db.transaction(async (trx) => {
        const found = await repo.listLocksCovering(trx, path, scope.below);
        if (!scope.membership || path === "/") return found;
        const parent = parentPath(path);
        return [...found, ...(await repo.listLocksCovering(trx, parent, false)).filter((lock) => lock.path === parent)];
      });
      const byPath = new Map<string, Lock[]>();
      for (const lock of locks) byPath.set(lock.path, [...(byPath.get(lock.path) ?? []), lock]);
      for (const [lockedPath, group] of byPath) {
        const submitted = group.some((lock) => preconditions.tokens.has(lock.token) && lock.user_id === userId);
        if (!submitted) {
          const precondition = { name: "lock-token-submitted", paths: [lockedPath] } as const;
          throw new Locked(`${lockedPath} is locked; send its lock token in the If header`, precondition);
        }
      }
    },

    /** A new lock; 423 when it conflicts with one already there. */
    async lock(ctx: RequestContext, path: string, request: { exclusive: boolean; deep: boolean; ownerXml: string; seconds: number }) {
      const userId = signedIn(ctx).user.id;
      return ctx.db.transaction(async (trx) => {
        const existing = await repo.listLocksCovering(trx, path, request.deep);
        const conflicting = existing.filter((lock) => lock.exclusive || request.exclusive);
        if (conflicting.length > 0) {
          const paths = [...new Set(conflicting.map((lock) => lock.path))];
          throw new Locked(`${path} is already locked`, { name: "no-conflicting-lock", paths });
        }
        const lock: Lock = {
          token: `urn:uuid:${randomUUID()}`,
          path,
          deep: request.deep,
          exclusive: request.exclusive,
          owner_xml: request.ownerXml,
          user_id: userId,
          expires_at: new Date(Date.now() + request.seconds * 1000),
        };
        await repo.insertLock(trx, ctx.tenant.id, lock);
        return lock;
      });
    },

    /** A refresh names its lock in the If header (RFC 4918 §9.10.2); 412 when none of its tokens covers the path. */
    async refresh(ctx: RequestContext, preconditions: Preconditions, path: string, seconds: number): Promise<Lock> {
      return ctx.db.transaction(async (trx) => {
        for (const token of preconditions.tokens) {
          const lock = await repo.findLock(trx, token);
          if (!lock || !covers(lock, path)) continue;
          const expiresAt = new Date(Date.now() + seconds * 1000);
          await repo.refreshLock(trx, token, expiresAt);
          return { ...lock, expires_at: expiresAt };
        }
        throw new PreconditionFailed("No lock named in the If header covers this resource");
      });
    },

    /** 409 when the token names no lock covering the path (RFC 4918 §9.11.1). */
    async unlock(ctx: RequestContext, path: string, token: string): Promise<void> {
      await ctx.db.transaction(async (trx) => {
        const lock = await repo.findLock(trx, token);
        if (!lock || !covers(lock, path)) {
          const precondition = { name: "lock-token-matches-request-uri" } as const;
          throw new DavError(409, "Conflict", "The Lock-Token does not name a lock of this resource", precondition);
        }
        await repo.deleteLock(trx, token);
      });
    },

    /** Locks on a folder and inside it, for lockdiscovery of it and its members. */
    async locksAround(ctx: RequestContext, path: string): Promise<(path: string) => Lock[]> {
      const locks = await ctx.db.transaction((trx) => repo.listLocksCovering(trx, path, true));
      return (at) => locks.filter((lock) => covers(lock, at));
    },

    /** Locks of what moved away or was deleted end with it. */
    async releaseAt(ctx: RequestContext, path: string): Promise<void> {
      await ctx.db.transaction((trx) => repo.deleteLocksAt(trx, path));
    },
  };
}

export type Locks = ReturnType<typeof createLocks>;
