// HTTP Basic for routes outside /api (WebDAV): reads the Authorization header without trusting it, asks
// basic-credentials.ts, and refuses with the challenge a client needs to ask its user (RFC 7617).
import { TENANT_CODE_PATTERN } from "@repox/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Forbidden, NotFound, TooManyRequests, Unauthorized } from "../../platform/errors.ts";
import type { SignedInContext } from "../../platform/http/access.ts";
import type { BasicCredentialsService } from "./basic-credentials.ts";

/** Longer headers are refused unread: a username and a password at their limits fit well within this. */
export const BASIC_HEADER_MAX_LENGTH = 2048;

export type BasicCredentials = { username: string; password: string };

const BASIC = /^basic[ \t]+([A-Za-z0-9+/]+={0,2})[ \t]*$/i;
const CONTROL = /\p{Cc}/u;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The credentials of an `Authorization: Basic` header; null when it is missing, over-long or malformed in any way. */
export function parseBasicAuthorization(header: string | undefined): BasicCredentials | null {
  if (!header || header.length > BASIC_HEADER_MAX_LENGTH) return null;
  const encoded = BASIC.exec(header)?.[1];
  if (!encoded || encoded.length % 4 !== 0) return null;
  let decoded: string;
  try {
    decoded = utf8.decode(Buffer.from(encoded, "base64"));
  } catch {
    return null;
  }
  const colon = decoded.indexOf(":");
  if (colon <= 0) return null;
  const username = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  if (CONTROL.test(username) || CONTROL.test(password)) return null;
  return { username, password };
}

/** The challenge of a tenant's realm; the code is safe inside quotes (TENANT_CODE_PATTERN). */
export function basicChallenge(tenantCode: string): string {
  return `Basic realm="Repox ${tenantCode}", charset="UTF-8"`;
}

/**
 * `basicAuth(req, reply, tenantCode)`: the caller's context (also set as `req.ctx`), or throws the refusal for the
 * app's error handler to answer: 401 with `WWW-Authenticate` (no, malformed or wrong credentials), 403 (locked user),
 * 404 (unknown tenant), 429 with `Retry-After` (too many failures). Never a 500 for anything a client sends.
 */
export function createBasicAuth(credentials: BasicCredentialsService) {
  return async function basicAuth(req: FastifyRequest, reply: FastifyReply, tenantCode: string): Promise<SignedInContext> {
    // Checked before the code goes into a header: no tenant has any other form.
    if (!TENANT_CODE_PATTERN.test(tenantCode)) throw new NotFound(`Unknown tenant '${tenantCode.slice(0, 63)}'`);
    const given = parseBasicAuthorization(req.headers.authorization);
    if (!given) {
      reply.header("www-authenticate", basicChallenge(tenantCode));
      throw new Unauthorized("Sign in with your username and password or an app password.");
    }
    const answer = await credentials.verify({ tenantCode, ...given, ip: req.ip });
    if (answer.ok) {
      req.ctx = answer.ctx;
      return answer.ctx;
    }
    switch (answer.status) {
      case 404:
        throw new NotFound(answer.message);
      case 403:
        throw new Forbidden(answer.message);
      case 429:
        reply.header("retry-after", String(answer.retryAfterSeconds ?? 60));
        throw new TooManyRequests(answer.message);
      default:
        reply.header("www-authenticate", basicChallenge(tenantCode));
        throw new Unauthorized(answer.message);
    }
  };
}

export type BasicAuth = ReturnType<typeof createBasicAuth>;

/** A preHandler for routes whose tenant code comes from the request (for example a `:tenant` path parameter). */
export function basicAuthPreHandler(basicAuth: BasicAuth, tenantCodeOf: (req: FastifyRequest) => string) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await basicAuth(req, reply, tenantCodeOf(req));
  };
}
