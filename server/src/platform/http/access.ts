// Who may call a route. Every /api route declares `config.access`; the app refuses to start if one does not.
//   public    – anyone, no tenant (health, OpenAPI)
//   platform  – operator bearer token, no tenant; answers 404 while REPOX_PLATFORM_TOKEN is unset
//   tenant    – X-TenantID required, sign-in optional (login, register, password reset, auth status)
//   tenant-media – no sign-in, the tenant from X-TenantID or the `tenant` query parameter: public media (a website
//                embed's pictures) that an <img> or the story cache loads without headers
//   signed-in – a valid token of this tenant's unlocked user
//   signed-url – the same, or a link the server signed for this path (media for <img>, <video>, iframes), whose
//                `tenant` query parameter names the tenant; the signature covers it, the path, expiry and user
//   any permission code – signed in and holding that code through a group
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { issuedInCurrentSession, type TokenService } from "../auth/tokens.ts";
import type { Db } from "../db/database.ts";
import { type TenantDb, tenantDb } from "../db/tenant-transaction.ts";
import { BadRequest, Forbidden, NotFound, Unauthorized } from "../errors.ts";
import { carriesSignature, type UrlSigner } from "../signed-urls.ts";
import type { TenantRef, TenantResolver } from "../tenancy.ts";

export type Access = "public" | "platform" | "tenant" | "tenant-media" | "signed-in" | "signed-url" | (string & {});

/** The query parameter naming the tenant in a signed link (contracts SIGNED_URL_TENANT_PARAM). */
const SIGNED_TENANT_PARAM = "tenant";
const INVALID_LINK = "This link is not valid.";

export type CurrentUser = { id: string; username: string; locked: boolean };

/** What a service needs to know about the caller; services take it as their first argument. */
export type RequestContext = {
  tenant: TenantRef;
  user: CurrentUser | null;
  permissions: ReadonlySet<string>;
  db: TenantDb;
};

export type SignedInContext = RequestContext & { user: CurrentUser };

/** Shared by concurrent requests (modules/iam/principal-cache.ts): read it, never change it. */
export type Principal = { user: Readonly<CurrentUser>; permissions: ReadonlySet<string>; sessionsValidAfter: Date | null };
export type PrincipalLoader = (db: TenantDb, userId: string) => Promise<Principal | null>;

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

type AccessDeps = {
  db: Db;
  tenants: TenantResolver;
  tokens: TokenService;
  loadPrincipal: PrincipalLoader;
  platformToken: string | undefined;
  signedUrls: Pick<UrlSigner, "verifySignedUrl">;
  /** URL prefixes of plugin routes (API docs) that are public by nature. */
  exempt: readonly string[];
};

function bearer(request: FastifyRequest): string | undefined {
  // The scheme name is case-insensitive (RFC 9110 §11.1).
  const match = request.headers.authorization?.match(/^bearer +(.+)$/i);
  return match?.[1]?.trim() || undefined;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerAccessControl(app: FastifyInstance, deps: AccessDeps): void {
  app.addHook("onRoute", (route) => {
    const isExempt = deps.exempt.some((prefix) => route.url.startsWith(prefix));
    if (route.url.startsWith("/api/") && !isExempt && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
  });

  async function signedInContext(request: FastifyRequest, tenant: TenantRef, required: boolean): Promise<RequestContext> {
    const db = tenantDb(deps.db, tenant.id);
    const anonymous: RequestContext = { tenant, user: null, permissions: new Set(), db };
    const token = bearer(request);
    const claims = token ? await deps.tokens.verify(token) : null;
    if (!claims || claims.tenantCode !== tenant.code) {
      if (required) throw new Unauthorized(token ? "Your session is not valid. Please sign in again." : "Please sign in");
      return anonymous;
    }
    const principal = await deps.loadPrincipal(db, claims.userId);
    if (!principal || principal.user.locked || !issuedInCurrentSession(claims.issuedAt, principal.sessionsValidAfter)) {
      if (required) throw new Unauthorized("Your session is not valid. Please sign in again.");
      return anonymous;
    }
    return { tenant, user: principal.user, permissions: principal.permissions, db };
  }

  /** A signed link stands for the user it was made for, as long as that user may still sign in. */
  async function signedUrlContext(request: FastifyRequest): Promise<RequestContext> {
    const queryStart = request.url.indexOf("?");
    const query = new URLSearchParams(queryStart < 0 ? "" : request.url.slice(queryStart + 1));
    const code = query.getAll(SIGNED_TENANT_PARAM);
    if (code.length !== 1 || !code[0]) throw new Forbidden(INVALID_LINK);
    const tenant = await deps.tenants.resolve(code[0]);
    const { userId } = deps.signedUrls.verifySignedUrl(request.url, { tenant: tenant.id });
    const db = tenantDb(deps.db, tenant.id);
    const principal = userId ? await deps.loadPrincipal(db, userId) : null;
    if (!principal || principal.user.locked) throw new Forbidden(INVALID_LINK);
    return { tenant, user: principal.user, permissions: principal.permissions, db };
  }

  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === "public") return;
    if (access === "signed-url" && carriesSignature(request.url)) {
      request.ctx = await signedUrlContext(request);
      return;
    }
    if (access === "platform") {
      const token = bearer(request);
      if (!deps.platformToken) throw new NotFound(`No API route for ${request.url.split("?")[0]}`);
      if (!token || !sameSecret(token, deps.platformToken)) throw new Unauthorized("A valid platform token is required");
      return;
    }
    if (access === "tenant-media") {
      const tenant = await deps.tenants.resolve(mediaTenantCode(request));
      request.ctx = { tenant, user: null, permissions: new Set(), db: tenantDb(deps.db, tenant.id) };
      return;
    }
    const code = request.headers["x-tenantid"];
    if (typeof code !== "string" || !code) throw new BadRequest("The X-TenantID header is required");
    const tenant = await deps.tenants.resolve(code);
    request.ctx = await signedInContext(request, tenant, access !== "tenant");
    if (access === "tenant" || access === "signed-in" || access === "signed-url") return;
    if (!request.ctx.permissions.has(access)) {
      throw new Forbidden(`You do not have permission to do this (requires ${access})`);
    }
  });
}

/** The tenant of a public media request: the X-TenantID header, else the one `tenant` query parameter. */
function mediaTenantCode(request: FastifyRequest): string {
  const header = request.headers["x-tenantid"];
  if (typeof header === "string" && header) return header;
  const queryStart = request.url.indexOf("?");
  const codes = new URLSearchParams(queryStart < 0 ? "" : request.url.slice(queryStart + 1)).getAll(SIGNED_TENANT_PARAM);
  if (codes.length !== 1 || !codes[0]) throw new BadRequest("The X-TenantID header or the tenant query parameter is required");
  return codes[0];
}

/** Narrows a context from a signed-in route; routes with sign-in access always have a user. */
export function signedIn(ctx: RequestContext): SignedInContext {
  if (!ctx.user) throw new Unauthorized("Please sign in");
  return ctx as SignedInContext;
}
