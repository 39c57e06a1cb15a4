// Which pages other sites may show in an iframe (ARCHITECTURE §4 Public surfaces): the public survey page and its
// summary, so a survey's embed code works on any site; every other page keeps helmet's `frame-ancestors 'self'` and
// `X-Frame-Options: SAMEORIGIN`.
import type { FastifyReply } from "fastify";

/** `/{tenant}/survey/{uuid}` and `/{tenant}/survey/summary/{uuid}`, with or without a query. */
const FRAMEABLE_PAGE = /^\/[^/?#]+\/survey\/(summary\/)?[^/?#]+\/?(\?|$)/;

export function isFrameablePage(url: string): boolean {
  return FRAMEABLE_PAGE.test(url);
}

/** Lets any site frame this response: the CSP's frame-ancestors becomes `*` and X-Frame-Options goes. */
export function allowFraming(reply: FastifyReply): void {
  const policy = reply.getHeader("content-security-policy");
  if (typeof policy === "string") {
    reply.header("content-security-policy", policy.replace(/frame-ancestors [^;]*/, "frame-ancestors *"));
  }
  reply.removeHeader("x-frame-options");
}
