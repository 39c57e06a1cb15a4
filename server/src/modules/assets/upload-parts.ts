// Reads POST /api/assets as it arrives (@fastify/multipart's streaming API): the `data` part (JSON), the `file`
// part as a stream for the blob store. Parts of other names are refused; so are failures of the request itself, with
// messages a person understands.
import type { Readable } from "node:stream";
import { ASSET_DATA_PART, ASSET_FILE_PART, ASSET_LIMITS } from "@repox/contracts";
import type { FastifyRequest } from "fastify";
import { BadRequest, HttpError } from "../../platform/errors.ts";

/** A part of an asset upload, in the order it arrives. */
export type AssetUploadPart = { kind: "data"; value: unknown } | { kind: "file"; filename: string; stream: Readable };

export const ONE_FILE_ONLY = "Upload exactly one image: the request holds more than one file";
const NOT_MULTIPART = "Send the image as multipart/form-data: a 'file' part with the image and a 'data' part (JSON)";
const MALFORMED = "The upload is not a valid multipart/form-data request";
const DATA_TOO_LARGE = `The 'data' part is larger than ${ASSET_LIMITS.dataPartMaxBytes / 1024} KB`;

const MULTIPART_ERRORS: Record<string, () => HttpError> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new BadRequest(NOT_MULTIPART),
  FST_INVALID_JSON_FIELD_ERROR: () => new BadRequest("The 'data' part is not valid JSON"),
  FST_FILES_LIMIT: () => new BadRequest(ONE_FILE_ONLY),
  FST_PARTS_LIMIT: () => new BadRequest("The upload holds too many parts"),
  FST_FIELDS_LIMIT: () => new BadRequest("The upload holds too many fields"),
  FST_PROTO_VIOLATION: () => new BadRequest("The upload holds a part with a name that is not allowed"),
  FST_MP_PREMATURE_CLOSE: () => new BadRequest("The upload was interrupted before it was complete. Please try again."),
};

function translate(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: unknown }).code;
  const known = typeof code === "string" ? MULTIPART_ERRORS[code] : undefined;
  // Anything else the parser raises (no boundary, a broken part header, a body cut short) is a malformed request.
  return known ? known() : new BadRequest(MALFORMED);
}

/** A `data` part sent as a file (a Blob in FormData): its text, refused past the limit. */
async function readDataFile(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > ASSET_LIMITS.dataPartMaxBytes) throw new BadRequest(DATA_TOO_LARGE);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The parts of an upload, in order. `fileBytes` is the upload size setting: the parser stops a file one byte past it,
 * so the blob store's own meter refuses it first with its 413 message naming the limit. Two file parts are allowed
 * by the parser (the `data` part may come as a file); the service refuses a second image.
 */
export async function* assetUploadParts(request: FastifyRequest, fileBytes: number): AsyncGenerator<AssetUploadPart> {
  if (!request.isMultipart()) throw new BadRequest(NOT_MULTIPART);
  const limits = { fileSize: fileBytes + 1, files: 2, fields: 4, parts: 6, fieldSize: ASSET_LIMITS.dataPartMaxBytes };
  const parts = request.parts({ limits });
  while (true) {
    let next: IteratorResult<Awaited<ReturnType<typeof parts.next>>["value"]>;
    try {
      next = await parts.next();
    } catch (err) {
      throw translate(err);
    }
    if (next.done) return;
    const part = next.value;
    if (part.fieldname === ASSET_DATA_PART) {
      if (part.type === "file") yield { kind: "data", value: await readDataFile(part.file) };
      else if (part.valueTruncated) throw new BadRequest(DATA_TOO_LARGE);
      else yield { kind: "data", value: part.value };
    } else if (part.fieldname === ASSET_FILE_PART && part.type === "file") {
      yield { kind: "file", filename: part.filename, stream: part.file };
    } else if (part.type === "file") {
      throw new BadRequest(`Send the image in a part named '${ASSET_FILE_PART}', not '${part.fieldname}'`);
    } else {
      throw new BadRequest(`The upload holds an unexpected field '${part.fieldname}': send only 'file' and 'data'`);
    }
  }
}
