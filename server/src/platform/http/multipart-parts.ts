// Reads a multipart/form-data upload as it arrives (@fastify/multipart's streaming API): the JSON `data` part as text
// or value, file parts as streams for the blob store. The parser's failures become messages a person understands.
import type { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { BadRequest, HttpError } from "../errors.ts";

/** A part of an upload, in the order it arrives. */
export type UploadPart = { kind: "data"; value: unknown } | { kind: "file"; filename: string; stream: Readable };

export type UploadRules = {
  /** What to send, said when the request is not multipart at all. */
  notMultipart: string;
  dataPart: string;
  dataMaxBytes: number;
  /** The parser's ceilings besides the file size. */
  limits: { files: number; fields: number; parts: number };
  /** The answer when the request holds more files than `limits.files`. */
  tooManyFiles: () => HttpError;
  /** Only a file part of this name is yielded, any other part refused; without it every file part is yielded. */
  only?: { filePart: string; fileNoun: string };
};

const MALFORMED = "The upload is not a valid multipart/form-data request";
const dataTooLarge = (rules: UploadRules) => `The 'data' part is larger than ${rules.dataMaxBytes / 1024} KB`;

const PARSER_ERRORS: Record<string, (rules: UploadRules) => HttpError> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: (rules) => new BadRequest(rules.notMultipart),
  FST_INVALID_JSON_FIELD_ERROR: () => new BadRequest("The 'data' part is not valid JSON"),
  FST_FILES_LIMIT: (rules) => rules.tooManyFiles(),
  FST_PARTS_LIMIT: () => new BadRequest("The upload holds too many parts"),
  FST_FIELDS_LIMIT: () => new BadRequest("The upload holds too many fields"),
  FST_PROTO_VIOLATION: () => new BadRequest("The upload holds a part with a name that is not allowed"),
  FST_MP_PREMATURE_CLOSE: () => new BadRequest("The upload was interrupted before it was complete. Please try again."),
};

function translate(err: unknown, rules: UploadRules): unknown {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: unknown }).code;
  const known = typeof code === "string" ? PARSER_ERRORS[code] : undefined;
  // Anything else the parser raises (no boundary, a broken part header, a body cut short) is a malformed request.
  return known ? known(rules) : new BadRequest(MALFORMED);
}

/** A `data` part sent as a file (a Blob in FormData): its text, refused past the limit. */
async function readDataFile(stream: Readable, rules: UploadRules): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > rules.dataMaxBytes) throw new BadRequest(dataTooLarge(rules));
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The parts of an upload request, in order. `fileBytes` is the upload size setting: the parser stops a file one byte
 * past it, so the blob store's own meter refuses it first with its 413 message naming the limit.
 */
export async function* uploadParts(request: FastifyRequest, fileBytes: number, rules: UploadRules): AsyncGenerator<UploadPart> {
  if (!request.isMultipart()) throw new BadRequest(rules.notMultipart);
  const parts = request.parts({ limits: { ...rules.limits, fileSize: fileBytes + 1, fieldSize: rules.dataMaxBytes } });
  while (true) {
    let next: IteratorResult<Awaited<ReturnType<typeof parts.next>>["value"]>;
    try {
      next = await parts.next();
    } catch (err) {
      throw translate(err, rules);
    }
    if (next.done) return;
    const part = next.value;
    if (part.fieldname === rules.dataPart) {
      if (part.type === "file") yield { kind: "data", value: await readDataFile(part.file, rules) };
      else if (part.valueTruncated) throw new BadRequest(dataTooLarge(rules));
      else yield { kind: "data", value: part.value };
    } else if (part.type === "file" && (!rules.only || part.fieldname === rules.only.filePart)) {
      yield { kind: "file", filename: part.filename, stream: part.file };
    } else if (rules.only && part.type === "file") {
      throw new BadRequest(`Send the ${rules.only.fileNoun} in a part named '${rules.only.filePart}', not '${part.fieldname}'`);
    } else if (rules.only) {
      const { filePart } = rules.only;
      throw new BadRequest(`The upload holds an unexpected field '${part.fieldname}': send only '${filePart}' and '${rules.dataPart}'`);
    }
  }
}
