// The answer of a route that makes a file for the caller (an xlsx, a ZIP or tar.gz archive) and sends it as a
// download: a file name, no sniffing of the media type, and no cache keeping a copy of private content.
import { create as contentDisposition } from "content-disposition";
import type { FastifyReply } from "fastify";

/** Sends `content` (bytes or a stream) as an attachment named `fileName`; documented by `streamedFileAnswer`. */
export function sendMadeFile(reply: FastifyReply, file: { mediaType: string; fileName: string; content: unknown }) {
  return reply
    .type(file.mediaType)
    .header("content-disposition", contentDisposition(file.fileName))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "no-store")
    .send(file.content);
}
