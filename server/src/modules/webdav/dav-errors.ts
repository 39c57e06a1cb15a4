// Errors WebDAV answers as RFC 4918 §16 wants them: an XML `DAV:error` body naming the precondition that failed
// (with the URLs it is about), beside the message a person reads, instead of the API's JSON error.
import { HttpError } from "../../platform/errors.ts";
import { DAV, newDocument, toXml } from "./xml.ts";

/** Namespace of the readable message inside a `DAV:error` (RFC 4918 §16 lets servers add their own elements). */
export const MESSAGE_NS = "urn:repox:webdav";

export type Precondition = {
  name: "lock-token-submitted" | "no-conflicting-lock" | "lock-token-matches-request-uri";
  /** Share paths the precondition is about (a lock's root), written as hrefs in the body. */
  paths?: readonly string[];
};

export class DavError extends HttpError {
  constructor(
    status: number,
    error: string,
    message: string,
    readonly precondition?: Precondition,
  ) {
    super(status, error, message);
  }
}

export class Locked extends DavError {
  constructor(message: string, precondition?: Precondition) {
    super(423, "Locked", message, precondition);
  }
}

export class PreconditionFailed extends DavError {
  constructor(message: string, precondition?: Precondition) {
    super(412, "Precondition Failed", message, precondition);
  }
}

/** The `DAV:error` body of an error; `href` writes a share path as this share's URL. */
export function davErrorBody(error: DavError, href: (path: string) => string): string {
  const body = newDocument("error");
  if (error.precondition) {
    const element = body.ele(DAV, `D:${error.precondition.name}`);
    for (const path of error.precondition.paths ?? []) element.ele(DAV, "D:href").txt(href(path));
  }
  body.ele(MESSAGE_NS, "R:message").txt(error.message);
  return toXml(body);
}
