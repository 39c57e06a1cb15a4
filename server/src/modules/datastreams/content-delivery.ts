// Sends a stored file's bytes over HTTP: ETag revalidation (304), single byte ranges (206, 416), a safe Content-Type
// and Content-Disposition, nosniff, and the bytes streamed from the store, never held in memory.
import type { Readable } from "node:stream";
import { create as contentDisposition } from "content-disposition";
import type { FastifyReply, FastifyRequest } from "fastify";
import parseRange from "range-parser";
import { BlobRangeNotSatisfiable } from "../../platform/blobs/errors.ts";
import type { Presentation } from "./presentation.ts";

/** Bytes to send: `open` is called at most once, with the range to send, or not at all (304, 416). */
export type ContentSource = {
  /** Strong validator: the content's sha-256, quoted. */
  etag: string;
  size: number;
  open(range: { start: number; end: number } | undefined): Promise<Readable>;
  /** Releases what the source holds when nothing is sent. */
  discard?(): void;
};

export type Delivery = Presentation & { fileName?: string };

/** Nothing user-made may load or run anything when a browser opens a download by mistake. */
const ATTACHMENT_POLICY = "default-src 'none'; sandbox";

/** Whether an If-None-Match or If-Range list names this ETag (weak comparison, as RFC 9110 §13.1.2 asks). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

/** The one range to send, or undefined for the whole file. Malformed, multiple or stale (If-Range) ranges get it all. */
function requestedRange(request: FastifyRequest, source: ContentSource): { start: number; end: number } | undefined {
  const header = request.headers.range;
  if (!header) return undefined;
  const ifRange = request.headers["if-range"];
  if (typeof ifRange === "string" && !matches(ifRange, source.etag)) return undefined;
  const ranges = parseRange(source.size, header);
  if (ranges === -1) throw new BlobRangeNotSatisfiable(source.size);
  if (ranges === -2 || ranges.type !== "bytes" || ranges.length !== 1) return undefined;
  const [range] = ranges;
  return range && { start: range.start, end: range.end };
}

export async function sendContent(request: FastifyRequest, reply: FastifyReply, source: ContentSource, delivery: Delivery) {
  reply.header("etag", source.etag);
  reply.header("cache-control", "private, no-cache");
  reply.header("x-content-type-options", "nosniff");
  reply.header("accept-ranges", "bytes");
  if (matches(request.headers["if-none-match"], source.etag)) {
    source.discard?.();
    return reply.status(304).send();
  }
  let range: { start: number; end: number } | undefined;
  try {
    range = requestedRange(request, source);
  } catch (err) {
    source.discard?.();
    reply.header("content-range", `bytes */${source.size}`);
    throw err;
  }
  const stream = await source.open(range);
  const disposition = delivery.inline ? "inline" : "attachment";
  reply.header("content-disposition", delivery.fileName ? contentDisposition(delivery.fileName, { type: disposition }) : disposition);
  if (!delivery.inline) reply.header("content-security-policy", ATTACHMENT_POLICY);
  reply.type(delivery.contentType);
  if (range) {
    reply.status(206).header("content-range", `bytes ${range.start}-${range.end}/${source.size}`);
    reply.header("content-length", range.end - range.start + 1);
  } else {
    reply.header("content-length", source.size);
  }
  return reply.send(stream);
}
