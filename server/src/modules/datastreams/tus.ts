// Resumable uploads with the tus protocol (tus.io, @tus/server with @tus/file-store) under /api/uploads/tus. Each call
// passes through the app's access control like any route (bearer token + X-TenantID, repox.store.content.edit); an
// upload belongs to the tenant and user who created it. Creation checks the rules, the size limit and the quota
// against Upload-Length; the PATCH that completes the upload streams it into the blob store and makes the datastream
// in one transaction, answering it as JSON (200). Partial uploads expire; they live in DATA_DIR/uploads, or with
// STORAGE=s3 in the bucket (tus-bucket-store.ts), where every instance behind a load balancer can resume them.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import {
  DATASTREAM_LIMITS,
  type DatastreamUploadData,
  ErrorBody,
  PERMISSIONS,
  PropertyValueInputs,
  TUS_UPLOADS_PATH,
  TusUploadMetadata,
} from "@repox/contracts";
import { FileStore } from "@tus/file-store";
import { Server } from "@tus/server";
import { type DataStore, ERRORS, type Upload } from "@tus/utils";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config.ts";
import { BlobTooLarge } from "../../platform/blobs/errors.ts";
import { BadRequest, HttpError, NotFound } from "../../platform/errors.ts";
import { type SignedInContext, signedIn } from "../../platform/http/access.ts";
import { describeIssues } from "../../platform/http/json-part.ts";
import type { App } from "../../platform/http/types.ts";
import type { DatastreamsService } from "./service.ts";
import { BucketTusStore } from "./tus-bucket-store.ts";
import { TUS_APPEND_SCHEMA, TUS_CREATE_SCHEMA, TUS_OFFSET_SCHEMA, TUS_OPTIONS_SCHEMA, TUS_TERMINATE_SCHEMA } from "./tus-openapi.ts";
import { labelFromFileName } from "./uploads.ts";

/** Server-side metadata: who the upload belongs to. Set at creation, over anything the client sent. */
const OWNER_TENANT = "repoxTenant";
const OWNER_USER = "repoxUser";

const UPLOAD_ID = /^[0-9a-f]{32}$/;
const EXPIRY_MS = DATASTREAM_LIMITS.resumableUploadHours * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  410: "Gone",
  412: "Precondition Failed",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  460: "Checksum Mismatch",
  500: "Internal Server Error",
};

type Call = { ctx: SignedInContext; maxBytes: number };

type TusFailure = { status_code: number; body: string };

/** The datastream an upload's metadata asks for: container, type, label (default: the file name), properties. */
function readMetadata(metadata: Upload["metadata"]): { to: string; data: DatastreamUploadData; filename: string } {
  const parsed = TusUploadMetadata.safeParse(Object.fromEntries(Object.entries(metadata ?? {}).filter(([, value]) => value !== null)));
  if (!parsed.success) throw new BadRequest(`Invalid Upload-Metadata: ${describeIssues(parsed.error)}`);
  const { container, datastreamType, label, filename, properties } = parsed.data;
  let entries: unknown = [];
  try {
    entries = properties === undefined ? [] : JSON.parse(properties);
  } catch {
    throw new BadRequest("Invalid Upload-Metadata: properties must be JSON text of [{key, value}]");
  }
  const checked = PropertyValueInputs.safeParse(entries);
  if (!checked.success) throw new BadRequest(`Invalid Upload-Metadata: properties ${describeIssues(checked.error)}`);
  const name = filename ?? label ?? "";
  return {
    to: container.toLowerCase(),
    data: { type: datastreamType, label: label ?? labelFromFileName(name), properties: checked.data },
    filename: name,
  };
}

/** Every failure as the API's JSON error body, whether a rule of ours or the tus protocol refused. */
function toFailure(err: unknown, call: Call | undefined): TusFailure {
  if (err instanceof HttpError) return { status_code: err.status, body: errorJson(err.status, err.message) };
  const failure = err as Partial<TusFailure>;
  const status = typeof failure.status_code === "number" ? failure.status_code : 500;
  if (failure.body === ERRORS.ERR_MAX_SIZE_EXCEEDED.body && call) {
    return { status_code: 413, body: errorJson(413, new BlobTooLarge(call.maxBytes).message) };
  }
  if (failure.body === ERRORS.ERR_SIZE_EXCEEDED.body) {
    return { status_code: 413, body: errorJson(413, "More bytes were sent than the upload announced in Upload-Length") };
  }
  const message = status >= 500 ? "The upload could not be stored. Please try again." : (failure.body ?? "").trim();
  return { status_code: status, body: errorJson(status, message || "The upload request is not valid") };
}

function errorJson(status: number, message: string): string {
  return JSON.stringify({ status, error: STATUS_TEXT[status] ?? "Error", message });
}

function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** Where partial uploads are kept; `read` streams a finished one. */
export type PartialUploadStore = DataStore & { read(id: string): Readable };

/** DATA_DIR/uploads, or with STORAGE=s3 the bucket (spooling each PATCH in DATA_DIR/blobs/tmp, swept at start). */
export function createPartialUploadStore(config: Pick<Config, "dataDir" | "storage" | "s3">): PartialUploadStore {
  if (config.storage === "s3" && config.s3) return new BucketTusStore(config.s3, join(config.dataDir, "blobs", "tmp"), EXPIRY_MS);
  return new FileStore({ directory: join(config.dataDir, "uploads"), expirationPeriodInMilliseconds: EXPIRY_MS });
}

export function createResumableUploads(store: PartialUploadStore, datastreams: DatastreamsService) {
  const calls = new WeakMap<Request, Call>();
  /** Uploads whose completion is being stored: a second finishing PATCH must not make a second datastream. */
  const finishing = new Set<string>();

  const callOf = (request: Request): Call => {
    const call = calls.get(request);
    if (!call) throw new Error("A tus request arrived without its caller");
    return call;
  };

  const server = new Server({
    path: TUS_UPLOADS_PATH,
    datastore: store,
    relativeLocation: true,
    allowedOrigins: [],
    maxSize: (request) => callOf(request).maxBytes,
    async onUploadCreate(request, upload) {
      const { ctx } = callOf(request);
      if (upload.sizeIsDeferred || upload.size === undefined) {
        throw new BadRequest("Upload-Length is required: announce the file's size when creating the upload");
      }
      const { to, data } = readMetadata(upload.metadata);
      await datastreams.checkResumable(ctx, to, data, upload.size);
      return { metadata: { ...upload.metadata, [OWNER_TENANT]: ctx.tenant.id, [OWNER_USER]: ctx.user.id } };
    },
    async onUploadFinish(request, upload) {
      const { ctx } = callOf(request);
      if (finishing.has(upload.id)) throw new HttpError(409, "Conflict", "This upload is being completed already");
      finishing.add(upload.id);
      try {
        const { to, data, filename } = readMetadata(upload.metadata);
        const created = await datastreams.storeResumable(ctx, to, data, { filename, stream: store.read(upload.id) });
        await store.remove(upload.id);
        return { status_code: 200, headers: { "content-type": "application/json" }, body: JSON.stringify(created) };
      } catch (err) {
        // A refusal is final (the rules will not change by retrying): the bytes go. A server failure keeps them.
        if (err instanceof HttpError && err.status < 500) await store.remove(upload.id).catch(() => undefined);
        throw err;
      } finally {
        finishing.delete(upload.id);
      }
    },
    onResponseError: (request, err) => toFailure(err, calls.get(request)),
  });

  /** 404 unless the upload exists and was created by this caller in this tenant. */
  async function assertOwner(ctx: SignedInContext, id: string): Promise<void> {
    const missing = new NotFound("This upload does not exist or has expired");
    if (!UPLOAD_ID.test(id)) throw missing;
    const upload = await store.getUpload(id).catch(() => undefined);
    if (upload?.metadata?.[OWNER_TENANT] !== ctx.tenant.id || upload.metadata?.[OWNER_USER] !== ctx.user.id) throw missing;
  }

  return {
    /** Hands one request to the tus server as a web Request and sends its answer through Fastify. */
    async handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
      const ctx = signedIn(request.ctx);
      const id = (request.params as { id?: string }).id;
      if (id !== undefined) await assertOwner(ctx, id);
      const hasBody = request.method === "POST" || request.method === "PATCH";
      const web = new Request(`http://repox${request.url}`, {
        method: request.method,
        headers: headersOf(request),
        ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: "half" } : {}),
      });
      calls.set(web, { ctx, maxBytes: await datastreams.uploadLimit(ctx) });
      const answer = await server.handleWeb(web);
      const body = await answer.text();
      reply.status(answer.status);
      for (const [name, value] of answer.headers) {
        if (name !== "content-length" && name !== "connection") reply.header(name, value);
      }
      if (answer.status >= 400)
        return reply.type("application/json").send(toFailure(parseFailure(answer.status, body), calls.get(web)).body);
      return body ? reply.send(body) : reply.send();
    },

    /** Deletes partial uploads older than their expiry; answers how many. */
    async sweepExpired(): Promise<number> {
      if (store instanceof FileStore) await mkdir(store.directory, { recursive: true });
      return server.cleanUpExpiredUploads();
    },
  };
}

/** Failures tus wrote itself (before any hook: 412 without Tus-Resumable, 400 for bad headers) are plain text. */
function parseFailure(status: number, body: string): TusFailure | HttpError {
  try {
    const parsed = ErrorBody.parse(JSON.parse(body));
    return new HttpError(parsed.status, parsed.error, parsed.message);
  } catch {
    return { status_code: status, body };
  }
}

export type ResumableUploads = ReturnType<typeof createResumableUploads>;

/** The tus endpoints. The request body of PATCH (and POST with data) is left unread for the tus server to stream. */
export function tusRoutes(app: App, uploads: ResumableUploads) {
  const config = { access: PERMISSIONS.contentEdit };
  app.register(async (scope) => {
    scope.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));
    const handler = (request: FastifyRequest, reply: FastifyReply) => uploads.handle(request, reply);
    const upload = `${TUS_UPLOADS_PATH}/:id`;
    scope.route({ method: "OPTIONS", url: TUS_UPLOADS_PATH, config, schema: TUS_OPTIONS_SCHEMA, handler });
    scope.route({ method: "POST", url: TUS_UPLOADS_PATH, config, schema: TUS_CREATE_SCHEMA, handler });
    // @fastify/swagger leaves HEAD routes out unless told: this one is not a GET's shadow but a call of its own.
    scope.route({
      method: "HEAD",
      url: upload,
      config: { ...config, swagger: { exposeHeadRoute: true } },
      schema: TUS_OFFSET_SCHEMA,
      handler,
    });
    scope.route({ method: "PATCH", url: upload, config, schema: TUS_APPEND_SCHEMA, handler });
    scope.route({ method: "DELETE", url: upload, config, schema: TUS_TERMINATE_SCHEMA, handler });
  });
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    await uploads.sweepExpired();
    const sweep = () => uploads.sweepExpired().catch((err: unknown) => app.log.warn({ err }, "Deleting expired uploads failed"));
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}
