// WebDAV at /{tenant}/dav/ (issue 16; docs/standards.md "WebDAV", decision 0012): the RFC 4918 methods over the
// content, signed in with HTTP Basic per request. This file reads the protocol's headers and writes its answers;
// service.ts decides what happens to the content, locks.ts and properties.ts keep the protocol's own state.
import type { Readable } from "node:stream";
import { PERMISSIONS, webdavPath } from "@repox/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { BadRequest, Forbidden } from "../../platform/errors.ts";
import type { App } from "../../platform/http/types.ts";
import { loadXmlBuilder } from "../../platform/xml/xmlbuilder.ts";
import type { BasicAuth } from "../auth/basic-auth.ts";
import { sendContent } from "../datastreams/content-delivery.ts";
import { downloadFileName, downloadPresentation } from "../datastreams/presentation.ts";
import { DavError, davErrorBody } from "./dav-errors.ts";
import { type Locks, lockSeconds, type Preconditions, readPreconditions } from "./locks.ts";
import { propfindAnswer, proppatchAnswer, writeActiveLock } from "./properties.ts";
import { MethodNotAllowed, requirePermission, type WebdavService } from "./service.ts";
import { pathOf } from "./tree.ts";
import { DAV, newDocument, parseLockInfo, parsePropertyUpdate, parsePropfind, readBody, toXml } from "./xml.ts";

const METHODS = ["OPTIONS", "GET", "PUT", "DELETE", "PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK"] as const;
const EXTENSION_METHODS = ["PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK"] as const;
const XML = "application/xml; charset=utf-8";

const Params = z.object({ tenant: z.string().max(63), "*": z.string().max(8192).optional() });
type Params = z.infer<typeof Params>;
/** The protocol's request headers, bounded; each method then reads those it takes (RFC 4918 §10). */
const Headers = z.looseObject({
  depth: z.enum(["0", "1", "infinity"], { error: "must be 0, 1 or infinity" }).optional(),
  overwrite: z.enum(["T", "F"], { error: "must be T or F" }).optional(),
  destination: z.string().max(8192).optional(),
  if: z.string().max(8192).optional(),
  "lock-token": z.string().max(1024).optional(),
  timeout: z.string().max(256).optional(),
});
type DavRequest = FastifyRequest<{ Params: Params }>;

/** The decoded path segments after `/{tenant}/dav`; dot segments and control characters are refused. */
function segmentsOf(rawPath: string): string[] {
  const segments = rawPath.split("/").filter((segment) => segment !== "");
  return segments.map((segment) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw new BadRequest("The path is not valid percent-encoded UTF-8");
    }
    if (decoded === "." || decoded === ".." || /[\p{Cc}/]/u.test(decoded)) throw new BadRequest(`'${decoded}' is not a valid name`);
    return decoded;
  });
}

/** The segments after `/{tenant}/dav` of the raw URL (the tenant may be written percent-encoded). */
const requestSegments = (req: DavRequest) => segmentsOf((req.url.split("?")[0] ?? "").split("/").slice(3).join("/"));

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Depth as a method allows it; absent is `infinity` (RFC 4918 §10.2). */
function depthOf(req: FastifyRequest, allowed: readonly string[]): string {
  const depth = (header(req, "depth") ?? "infinity").trim().toLowerCase();
  if (!allowed.includes(depth)) throw new BadRequest(`Depth must be ${allowed.join(" or ")} for ${req.method}`);
  return depth;
}

function overwriteOf(req: FastifyRequest): boolean {
  const value = (header(req, "overwrite") ?? "T").trim().toUpperCase();
  if (value !== "T" && value !== "F") throw new BadRequest("Overwrite must be T or F");
  return value === "T";
}

const hasBody = (req: FastifyRequest) => Number(header(req, "content-length") ?? 0) > 0 || header(req, "transfer-encoding") !== undefined;

/** Discards what is left of a request body, so the connection can carry the answer and the next request. */
function drain(req: FastifyRequest) {
  if (!req.raw.readableEnded) req.raw.resume();
}

export type WebdavRouteDeps = { webdav: WebdavService; locks: Locks; basicAuth: BasicAuth };

export function webdavRoutes(app: App, { webdav, locks, basicAuth }: WebdavRouteDeps) {
  for (const method of EXTENSION_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }

  const base = (tenant: string) => webdavPath(tenant).slice(0, -1);
  const hrefOf =
    (tenant: string) =>
    (path: string, isFolder = false) => {
      const encoded = path === "/" ? "/" : path.split("/").map(encodeURIComponent).join("/");
      return `${base(tenant)}${encoded}${isFolder && path !== "/" ? "/" : ""}`;
    };

  /** The share path of a URL (Destination, tagged If lists), or undefined when it is not in this tenant's share. */
  function shareSegments(req: DavRequest, url: string): string[] | undefined {
    let pathname: string;
    try {
      pathname = new URL(url, `${req.protocol}://${req.host}`).pathname;
    } catch {
      return undefined;
    }
    const prefix = base(req.params.tenant);
    if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return undefined;
    return segmentsOf(pathname.slice(prefix.length));
  }

  function destinationOf(req: DavRequest): string[] {
    const value = header(req, "destination");
    if (!value) throw new BadRequest("The Destination header is required");
    const segments = shareSegments(req, value);
    if (!segments) throw new Forbidden("The Destination must be in this share");
    if (segments.length === 0) throw new Forbidden("The top level of the share cannot be a destination");
    return segments;
  }

  async function checkIf(req: DavRequest, preconditions: Preconditions, segments: string[]) {
    await locks.checkIf(
      req.ctx,
      preconditions,
      pathOf(segments),
      (url) => {
        const tagged = shareSegments(req, url);
        return tagged && pathOf(tagged);
      },
      (path) => webdav.etagOf(req.ctx, path.split("/").filter(Boolean)),
    );
  }

  /** The If header holds, and no lock the request does not hold covers what it changes. */
  async function mayChange(req: DavRequest, segments: string[], scope: { below: boolean; membership: boolean }) {
    const preconditions = readPreconditions(header(req, "if"));
    await checkIf(req, preconditions, segments);
    await locks.assertUnlocked(req.ctx, preconditions, pathOf(segments), scope);
    return preconditions;
  }

  const multistatus = (reply: FastifyReply, xml: string) => reply.status(207).type(XML).send(xml);

  const handlers: Record<(typeof METHODS)[number], (req: DavRequest, reply: FastifyReply, segments: string[]) => Promise<unknown>> = {
    async OPTIONS(_req, reply) {
      return reply
        .header("dav", "1, 2")
        .header("ms-author-via", "DAV")
        .header("allow", METHODS.join(", "))
        .header("content-length", 0)
        .status(200)
        .send();
    },

    async GET(req, reply, segments) {
      const found = await webdav.file(req.ctx, segments);
      if (!found.file) throw new MethodNotAllowed("A folder has no content to download; list it with PROPFIND");
      const { file } = found;
      return sendContent(req, reply, file, {
        ...downloadPresentation(file.mimeType),
        fileName: downloadFileName(file.label, file.mimeType),
      });
    },

    async PUT(req, reply, segments) {
      requirePermission(req.ctx, PERMISSIONS.contentEdit);
      if (header(req, "content-range")) throw new BadRequest("PUT with Content-Range is not supported: send the whole file");
      await mayChange(req, segments, { below: false, membership: true });
      const { created } = await webdav.put(req.ctx, segments, req.raw as Readable);
      return reply.status(created ? 201 : 204).send();
    },

    async DELETE(req, reply, segments) {
      requirePermission(req.ctx, PERMISSIONS.contentDelete);
      if (segments.length > 0) await mayChange(req, segments, { below: true, membership: true });
      await webdav.delete(req.ctx, segments);
      await locks.releaseAt(req.ctx, pathOf(segments));
      return reply.status(204).send();
    },

    async MKCOL(req, reply, segments) {
      requirePermission(req.ctx, PERMISSIONS.contentEdit);
      if (hasBody(req)) {
        return reply.status(415).send({ status: 415, error: "Unsupported Media Type", message: "MKCOL takes no request body" });
      }
      await mayChange(req, segments, { below: false, membership: true });
      await webdav.mkcol(req.ctx, segments);
      return reply.status(201).send();
    },

    async PROPFIND(req, reply, segments) {
      const depth = header(req, "depth")?.trim().toLowerCase() ?? "infinity";
      if (depth !== "0" && depth !== "1") {
        drain(req);
        const body = newDocument("error");
        body.ele(DAV, "D:propfind-finite-depth");
        return reply.status(403).type(XML).send(toXml(body));
      }
      const request = parsePropfind(await readBody(req.raw));
      const targets = await webdav.propfindTargets(req.ctx, segments, depth === "0" ? 0 : 1);
      const locksAt = await locks.locksAround(req.ctx, pathOf(segments));
      const href = hrefOf(req.params.tenant);
      const answer = await propfindAnswer(
        req.ctx,
        request,
        targets.map((resource) => ({ resource, locks: locksAt(resource.path) })),
        href,
      );
      return multistatus(reply, answer);
    },

    async PROPPATCH(req, reply, segments) {
      requirePermission(req.ctx, PERMISSIONS.contentEdit);
      const changes = parsePropertyUpdate(await readBody(req.raw));
      await mayChange(req, segments, { below: false, membership: false });
      const resource = await webdav.tree.require(req.ctx, segments);
      return multistatus(reply, await proppatchAnswer(req.ctx, resource, changes, hrefOf(req.params.tenant)));
    },

    async COPY(req, reply, segments) {
      requirePermission(req.ctx, PERMISSIONS.contentEdit);
      const to = destinationOf(req);
      const deep = depthOf(req, ["0", "infinity"]) === "infinity";
      await mayChange(req, to, { below: true, membership: true });
      const { replaced } = await webdav.copy(req.ctx, segments, to, overwriteOf(req), deep);
      return reply.status(replaced ? 204 : 201).send();
    },

    async MOVE(req, reply, segments) {
      requirePermission(req.ctx, PERMISSIONS.contentEdit);
      const to = destinationOf(req);
      depthOf(req, ["infinity"]);
      await mayChange(req, segments, { below: true, membership: true });
      const preconditions = readPreconditions(header(req, "if"));
      await locks.assertUnlocked(req.ctx, preconditions, pathOf(to), { below: true, membership: true });
      const { replaced } = await webdav.move(req.ctx, segments, to, overwriteOf(req));
      await locks.releaseAt(req.ctx, pathOf(segments));
      return reply.status(replaced ? 204 : 201).send();
    },

    async LOCK(req, reply, segments) {
      requirePermission(req.ctx, PERMISSIONS.contentEdit);
      const request = parseLockInfo(await readBody(req.raw));
      const seconds = lockSeconds(header(req, "timeout"));
      const path = pathOf(segments);
      const href = hrefOf(req.params.tenant);
      const answer = newDocument("prop");
      const discovery = answer.ele(DAV, "D:lockdiscovery");
      if (!request) {
        const lock = await locks.refresh(req.ctx, readPreconditions(header(req, "if")), path, seconds);
        writeActiveLock(discovery, lock, href);
        return reply.status(200).type(XML).send(toXml(answer));
      }
      const deep = depthOf(req, ["0", "infinity"]) === "infinity";
      const preconditions = readPreconditions(header(req, "if"));
      await checkIf(req, preconditions, segments);
      const exists = (await webdav.tree.resolve(req.ctx, segments)) !== undefined;
      if (!exists) await locks.assertUnlocked(req.ctx, preconditions, path, { below: false, membership: true });
      const lock = await locks.lock(req.ctx, path, { ...request, deep, seconds });
      if (!exists) {
        try {
          await webdav.createEmpty(req.ctx, segments);
        } catch (err) {
          await locks.unlock(req.ctx, path, lock.token);
          throw err;
        }
      }
      writeActiveLock(discovery, lock, href);
      return reply
        .status(exists ? 200 : 201)
        .header("lock-token", `<${lock.token}>`)
        .type(XML)
        .send(toXml(answer));
    },

    async UNLOCK(req, reply, segments) {
      const token = /^\s*<([^>]+)>\s*$/.exec(header(req, "lock-token") ?? "")?.[1];
      if (!token) throw new BadRequest("UNLOCK needs a Lock-Token header: <token>");
      await locks.unlock(req.ctx, pathOf(segments), token);
      return reply.status(204).send();
    },
  };

  app.register(async (scope) => {
    // Bodies are read by the handlers as streams: PUT straight into the blob store, XML with a size limit.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_req, _payload, done) => done(null));
    // Before anything can answer in DAV XML (a refused sign-in included).
    scope.addHook("onRequest", async () => {
      await loadXmlBuilder();
    });
    // Sign-in with HTTP Basic on every request but OPTIONS, which clients send first without credentials.
    scope.addHook("onRequest", async (req, reply) => {
      if (req.method === "OPTIONS") return;
      await basicAuth(req, reply, (req.params as Params).tenant);
    });
    scope.addHook("onError", async (req) => drain(req));
    // 412, 423 and UNLOCK's 409 answer as DAV XML (RFC 4918 §16); every other error as the API's JSON.
    scope.setErrorHandler((error, req, reply) => {
      if (!(error instanceof DavError)) throw error;
      const tenant = (req.params as Params).tenant;
      return reply
        .status(error.status)
        .type(XML)
        .send(davErrorBody(error, hrefOf(tenant)));
    });
    for (const method of METHODS) {
      for (const url of ["/:tenant/dav", "/:tenant/dav/*"]) {
        scope.route<{ Params: Params }>({
          method,
          url,
          config: { access: "public" },
          schema: { hide: true, params: Params, headers: Headers },
          handler: (req, reply) => handlers[method](req, reply, requestSegments(req)),
        });
      }
    }
  });
}
