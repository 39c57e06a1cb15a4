// Who a WebDAV request comes from: HTTP Basic credentials of the tenant in the path, checked as sign-in checks them
// (credentials.ts), limited like sign-in per address and per user name. Clients send the credentials with every
// request, so a check that passed is remembered for a minute (by a hash of the credentials, never the password),
// unless the user's sessions were ended since (password change).
import { createHash } from "node:crypto";
import { LoginBody } from "@repox/contracts";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../platform/db/database.ts";
import { tenantDb } from "../../platform/db/tenant-transaction.ts";
import { Forbidden, TooManyRequests, Unauthorized } from "../../platform/errors.ts";
import type { PrincipalLoader, RequestContext } from "../../platform/http/access.ts";
import type { App } from "../../platform/http/types.ts";
import type { TenantResolver } from "../../platform/tenancy.ts";
import type { LoginLimits } from "../auth/routes.ts";
import type { AuthService } from "../auth/service.ts";
import { verifyCredentials } from "./credentials.ts";

const REMEMBER_MS = 60_000;
const REMEMBERED_MAX = 10_000;

export type BasicAuthDeps = { db: Db; tenants: TenantResolver; auth: AuthService; loadPrincipal: PrincipalLoader; limits: LoginLimits };

/** The user name and password of an `Authorization: Basic …` header, or undefined. */
export function basicCredentials(header: string | undefined): { username: string; password: string } | undefined {
  const match = header?.match(/^basic +([A-Za-z0-9+/=]+) *$/i);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function createBasicAuth(app: App, deps: BasicAuthDeps) {
  const remembered = new Map<string, { userId: string; checkedAt: number }>();
  const limiters = [
    app.createRateLimit({ max: deps.limits.perIp, timeWindow: deps.limits.windowMs, keyGenerator: (req) => `webdav-ip:${req.ip}` }),
    app.createRateLimit({
      max: deps.limits.perUser,
      timeWindow: deps.limits.windowMs,
      keyGenerator: (req) => `webdav-user:${(req.params as { tenant?: string }).tenant}:${usernameOf(req)}`,
    }),
  ];
  const usernameOf = (req: FastifyRequest) => basicCredentials(req.headers.authorization)?.username.toLowerCase() ?? "";

  async function checkRate(req: FastifyRequest) {
    for (const limiter of limiters) {
      const limit = await limiter(req);
      if (!limit.isAllowed && limit.isExceeded) {
        const seconds = Math.max(1, Math.ceil(limit.ttl / 1000));
        throw new TooManyRequests(`Too many sign-in attempts. Try again in ${seconds} seconds.`);
      }
    }
  }

  function remember(key: string, userId: string) {
    if (remembered.size >= REMEMBERED_MAX) {
      const oldest = remembered.keys().next().value;
      if (oldest !== undefined) remembered.delete(oldest);
    }
    remembered.set(key, { userId, checkedAt: Date.now() });
  }

  /** The signed-in context of the request, or Unauthorized / Forbidden / TooManyRequests. */
  return async function authenticate(req: FastifyRequest, tenantCode: string): Promise<RequestContext> {
    const tenant = await deps.tenants.resolve(tenantCode);
    const db = tenantDb(deps.db, tenant.id);
    const credentials = basicCredentials(req.headers.authorization);
    if (!credentials) throw new Unauthorized("Sign in with your user name and password");
    const parsed = LoginBody.safeParse(credentials);
    if (!parsed.success) throw new Unauthorized("Invalid credentials");
    const key = createHash("sha256").update(`${tenant.id}\u0000${credentials.username}\u0000${credentials.password}`).digest("hex");
    const known = remembered.get(key);
    let userId = known && Date.now() - known.checkedAt < REMEMBER_MS ? known.userId : undefined;
    let checkedAt = known?.checkedAt ?? Date.now();
    if (!userId) {
      await checkRate(req);
      const anonymous: RequestContext = { tenant, user: null, permissions: new Set(), db };
      checkedAt = Date.now();
      userId = await verifyCredentials(deps.auth, anonymous, parsed.data.username, parsed.data.password);
      remember(key, userId);
    }
    const principal = await deps.loadPrincipal(db, userId);
    const endedSince = principal?.sessionsValidAfter && principal.sessionsValidAfter.getTime() > checkedAt;
    if (!principal || endedSince) {
      remembered.delete(key);
      throw new Unauthorized("Invalid credentials");
    }
    if (principal.user.locked) {
      remembered.delete(key);
      throw new Forbidden("This account is locked. Ask an administrator to unlock it.");
    }
    return { tenant, user: principal.user, permissions: principal.permissions, db };
  };
}

export type Authenticate = ReturnType<typeof createBasicAuth>;
