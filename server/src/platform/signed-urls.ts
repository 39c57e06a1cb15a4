// Short-lived signed URLs for media: <img>, <video> and iframes cannot send a bearer token, so the API hands out
// links that carry their own proof: an HMAC-SHA256 over tenant, path (with its other query parameters), expiry and,
// when given, the user the link was made for.
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { Forbidden } from "./errors.ts";

export const DEFAULT_SIGNED_URL_SECONDS = 5 * 60;
/** A signed link outliving a day would be a share link, which is a different feature. */
export const MAX_SIGNED_URL_SECONDS = 24 * 60 * 60;
/** A link sent by e-mail (a finished story video) is read later than a page's: a week at most. */
export const MAX_MAILED_URL_SECONDS = 7 * 24 * 60 * 60;

const EXPIRES = "exp";
const USER = "uid";
const SIGNATURE = "sig";
const SIGNED_PARAMS = [EXPIRES, USER, SIGNATURE];
const KEY_LABEL = "repox signed media urls v1";
const EXPIRED_MESSAGE = "This link has expired. Reload the page to get a new one.";
const INVALID_MESSAGE = "This link is not valid.";

export type SignOptions = {
  /** The tenant the link belongs to (its id); verification at any other tenant fails. */
  tenant: string;
  expiresInSeconds?: number;
  /** Binds the link to a user; `verify` then answers who it was made for. */
  userId?: string;
  /** A link that goes out by e-mail may live up to MAX_MAILED_URL_SECONDS. */
  isMailed?: boolean;
};

export type SignedUrlCheck = { userId: string | undefined; expiresAt: Date };

/**
 * Path and query in one canonical form, without the signing parameters. The path is kept byte for byte (not
 * resolved like a URL), so a link signed for one path never matches another spelling of a different one.
 */
function canonical(pathWithQuery: string): { path: string; params: URLSearchParams } {
  const queryStart = pathWithQuery.indexOf("?");
  const pathname = queryStart < 0 ? pathWithQuery : pathWithQuery.slice(0, queryStart);
  const params = new URLSearchParams(queryStart < 0 ? "" : pathWithQuery.slice(queryStart + 1));
  const unsigned = new URLSearchParams([...params].filter(([name]) => !SIGNED_PARAMS.includes(name)));
  const query = unsigned.toString();
  return { path: query ? `${pathname}?${query}` : pathname, params };
}

/** Whether a request URL carries a signature (and is to be checked as a signed link rather than a bearer call). */
export function carriesSignature(pathWithQuery: string): boolean {
  return canonical(pathWithQuery).params.has(SIGNATURE);
}

export function createUrlSigner(jwtSecret: string, now: () => number = Date.now) {
  // Its own key: a leaked media signature says nothing about the JWT key, and the two can never be confused.
  const key = Buffer.from(hkdfSync("sha256", jwtSecret, "", KEY_LABEL, 32));

  const signatureOf = (tenant: string, path: string, expires: string, userId: string) =>
    createHmac("sha256", key).update([tenant, path, expires, userId].join("\n")).digest();

  return {
    /** `path` (which may carry a query) with `exp`, optionally `uid`, and `sig` appended. */
    signUrl(pathWithQuery: string, options: SignOptions): string {
      const seconds = options.expiresInSeconds ?? DEFAULT_SIGNED_URL_SECONDS;
      const ceiling = options.isMailed ? MAX_MAILED_URL_SECONDS : MAX_SIGNED_URL_SECONDS;
      if (!Number.isInteger(seconds) || seconds < 1 || seconds > ceiling) {
        throw new Error(`A signed URL lives 1 to ${ceiling} seconds, not ${seconds}`);
      }
      const { path } = canonical(pathWithQuery);
      const expires = String(Math.floor(now() / 1000) + seconds);
      const signature = signatureOf(options.tenant, path, expires, options.userId ?? "").toString("base64url");
      const added = new URLSearchParams({ [EXPIRES]: expires, ...(options.userId ? { [USER]: options.userId } : {}) });
      added.set(SIGNATURE, signature);
      return `${path}${path.includes("?") ? "&" : "?"}${added}`;
    },

    /**
     * Checks a request URL (path and query as received) against the tenant it arrived for.
     * Throws Forbidden for a tampered, foreign or expired link.
     */
    verifySignedUrl(requestUrl: string, options: { tenant: string }): SignedUrlCheck {
      const { path, params } = canonical(requestUrl);
      if (SIGNED_PARAMS.some((name) => params.getAll(name).length > 1)) throw new Forbidden(INVALID_MESSAGE);
      const expires = params.get(EXPIRES) ?? "";
      const userId = params.get(USER) ?? undefined;
      const given = Buffer.from(params.get(SIGNATURE) ?? "", "base64url");
      if (!/^\d{1,12}$/.test(expires)) throw new Forbidden(INVALID_MESSAGE);
      const expected = signatureOf(options.tenant, path, expires, userId ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Forbidden(INVALID_MESSAGE);
      const expiresAt = new Date(Number(expires) * 1000);
      if (expiresAt.getTime() <= now()) throw new Forbidden(EXPIRED_MESSAGE);
      return { userId, expiresAt };
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
