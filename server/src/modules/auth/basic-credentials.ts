// The credentials check behind HTTP Basic (WebDAV, issue 16): a username with either the account's own password,
// under the rules of sign-in, or one of the user's app passwords. Answers the same request context a bearer token
// gives (platform/http/access.ts), or a refusal the caller turns into a 401/403/404/429.
//
// Speed: a WebDAV client sends Basic on every request, and argon2 takes tens of milliseconds, so a verified
// combination is kept in memory for CACHE_MS, keyed by an HMAC of tenant, username and password under a key that lives
// only in this process (a memory dump gives no password hash to attack offline). The trade-off: within CACHE_MS a
// kept success is answered without the database seeing the password or app password again. What stays exact:
// - lock, deletion, rename and password change: every hit reads the user's principal (modules/iam/principal-cache.ts,
//   current at once in this process and within about a second elsewhere) and drops the entry when the user is gone,
//   locked, renamed, or their sessions were ended by a password change since;
// - an app password revoked in this process is forgotten at once (after its commit); one revoked through another
//   process may still be accepted here for up to CACHE_MS.
//
// Failures are limited per address and per tenant+username (the sign-in limits, LOGIN_RATE_LIMIT_*, per window).
// Unlike sign-in only failures count: a client's every request carries the credentials, successes must not use them
// up. A success never clears the count, so a working client cannot reset an attacker's guesses at the same username.
import { createHmac, randomBytes } from "node:crypto";
import { LIMITS } from "@repox/contracts";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { verifyPassword } from "../../platform/auth/passwords.ts";
import type { Db } from "../../platform/db/database.ts";
import { tenantDb } from "../../platform/db/tenant-transaction.ts";
import { HttpError } from "../../platform/errors.ts";
import type { SignedInContext } from "../../platform/http/access.ts";
import type { TenantRef, TenantResolver } from "../../platform/tenancy.ts";
import { looksLikeAppPassword } from "../app-passwords/secret.ts";
import type { AppPasswordsService } from "../app-passwords/service.ts";
import type { IamService } from "../iam/service.ts";

/** How long a verified combination is answered from memory. */
export const CACHE_MS = 60_000;
/** Combinations kept at once; the oldest goes first. */
const MAX_KEPT = 10_000;

export type BasicCredentialsInput = { tenantCode: string; username: string; password: string; ip: string };

export type BasicVerification =
  | { ok: true; ctx: SignedInContext; via: "password" | "app-password" }
  | { ok: false; status: 401 | 403 | 404 | 429; message: string; retryAfterSeconds?: number };

export type BasicCredentialLimits = { perUser: number; perIp: number; windowMs: number };

type Kept = { userId: string; sessionsValidAfter: number | null; appPasswordId: string | null; until: number };

type Deps = {
  db: Db;
  tenants: TenantResolver;
  iam: IamService;
  appPasswords: AppPasswordsService;
  limits: BasicCredentialLimits;
  now?: () => number;
};

const INVALID = "Invalid username or password.";
const LOCKED = "This account is locked. Ask an administrator to unlock it.";

export function createBasicCredentials({ db, tenants, iam, appPasswords, limits, now = Date.now }: Deps) {
  const cacheKey = randomBytes(32);
  const kept = new Map<string, Kept>();
  const duration = Math.max(1, Math.ceil(limits.windowMs / 1000));
  const failuresByIp = new RateLimiterMemory({ keyPrefix: "basic-ip", points: limits.perIp, duration });
  const failuresByUser = new RateLimiterMemory({ keyPrefix: "basic-user", points: limits.perUser, duration });

  appPasswords.onRevoked(({ id }) => {
    for (const [key, entry] of kept) if (entry.appPasswordId === id) kept.delete(key);
  });

  function keyOf(tenantId: string, username: string, password: string): string {
    return createHmac("sha256", cacheKey)
      .update(JSON.stringify([tenantId, username.toLowerCase(), password]))
      .digest("base64url");
  }

  /** The seconds until the address or the username may try again; 0 while both are under their limit. */
  async function waitSeconds(ip: string, userKey: string): Promise<number> {
    const [byIp, byUser] = await Promise.all([failuresByIp.get(ip), failuresByUser.get(userKey)]);
    const blocked = [
      byIp && byIp.consumedPoints >= limits.perIp ? byIp.msBeforeNext : 0,
      byUser && byUser.consumedPoints >= limits.perUser ? byUser.msBeforeNext : 0,
    ];
    const ms = Math.max(...blocked);
    return ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0;
  }

  async function countFailure(ip: string, userKey: string): Promise<void> {
    // consume() rejects once over the limit; the count has still moved, which is all that matters here.
    await Promise.allSettled([failuresByIp.consume(ip), failuresByUser.consume(userKey)]);
  }

  async function fromMemory(key: string, tenant: TenantRef, username: string): Promise<BasicVerification | undefined> {
    const entry = kept.get(key);
    if (!entry) return undefined;
    const tenantScoped = tenantDb(db, tenant.id);
    const principal = entry.until > now() ? await iam.loadPrincipal(tenantScoped, entry.userId) : null;
    const isCurrent =
      principal !== null &&
      !principal.user.locked &&
      principal.user.username.toLowerCase() === username.toLowerCase() &&
      (principal.sessionsValidAfter?.getTime() ?? null) === entry.sessionsValidAfter;
    if (!isCurrent) {
      kept.delete(key);
      return undefined;
    }
    const ctx = { tenant, user: principal.user, permissions: principal.permissions, db: tenantScoped };
    return { ok: true, ctx, via: entry.appPasswordId ? "app-password" : "password" };
  }

  function keep(key: string, entry: Kept): void {
    kept.delete(key);
    kept.set(key, entry);
    if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value ?? "");
  }

  return {
    /**
     * `tenantCode`: the tenant of the URL; `ip`: the client's address (req.ip). The username is matched in any letter
     * case, as at sign-in. Never throws for bad credentials; a database failure propagates.
     */
    async verify({ tenantCode, username, password, ip }: BasicCredentialsInput): Promise<BasicVerification> {
      let tenant: TenantRef;
      try {
        tenant = await tenants.resolve(tenantCode);
      } catch (error) {
        if (error instanceof HttpError) return { ok: false, status: 404, message: error.message };
        throw error;
      }
      // Bounded, so no input grows the limiter's keys; an over-long name is refused below anyway.
      const userKey = `${tenant.id}:${username.slice(0, LIMITS.emailMaxLength + 1).toLowerCase()}`;
      const wait = await waitSeconds(ip, userKey);
      if (wait > 0) {
        return { ok: false, status: 429, message: `Too many sign-in attempts. Try again in ${wait} seconds.`, retryAfterSeconds: wait };
      }
      if (!username || username.length > LIMITS.emailMaxLength || password.length > LIMITS.passwordMaxLength) {
        await countFailure(ip, userKey);
        return { ok: false, status: 401, message: INVALID };
      }

      const key = keyOf(tenant.id, username, password);
      const remembered = await fromMemory(key, tenant, username);
      if (remembered) return remembered;

      const tenantScoped = tenantDb(db, tenant.id);
      const anonymous = { tenant, user: null, permissions: new Set<string>(), db: tenantScoped };
      const candidate = await iam.findLoginCandidate(anonymous, username);
      const appPassword =
        candidate && looksLikeAppPassword(password) ? await appPasswords.signInWith(tenantScoped, candidate.id, password) : undefined;
      // Unknown users are still checked against a dummy hash (passwords.ts), so the answer takes as long.
      const isValid = appPassword !== undefined || (await verifyPassword(candidate?.password_hash, password));
      if (!candidate || !isValid) {
        await countFailure(ip, userKey);
        return { ok: false, status: 401, message: INVALID };
      }
      const principal = await iam.loadPrincipal(tenantScoped, candidate.id);
      if (candidate.locked || !principal || principal.user.locked) return { ok: false, status: 403, message: LOCKED };

      keep(key, {
        userId: candidate.id,
        sessionsValidAfter: candidate.sessions_valid_after?.getTime() ?? null,
        appPasswordId: appPassword?.id ?? null,
        until: now() + CACHE_MS,
      });
      const ctx = { tenant, user: principal.user, permissions: principal.permissions, db: tenantScoped };
      return { ok: true, ctx, via: appPassword ? "app-password" : "password" };
    },
  };
}

export type BasicCredentialsService = ReturnType<typeof createBasicCredentials>;
