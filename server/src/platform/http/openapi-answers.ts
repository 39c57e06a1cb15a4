// OpenAPI descriptions that many routes share (see openapi.ts): the answers of sendContent (a stored file with ETag
// and byte ranges), files streamed as they are made, answers without a body, and bodies that are a file's bytes.
import { ErrorBody } from "@repox/contracts";
import type { OpenAPIV3 } from "openapi-types";
import { z } from "zod";
import type { DocumentedOperation, DocumentedResponse } from "./openapi.ts";

/** A file's bytes, in a multipart part or as a whole body. */
export const BinaryFile = z.file();

const text = (description: string): OpenAPIV3.SchemaObject & { description: string } => ({ type: "string", description });

const DISPOSITION = text("`inline` or `attachment`, with the file name");

/** The answers of content-delivery.ts sendContent: the whole file, one byte range, or "not modified". */
export function storedFileAnswers(description: string): DocumentedOperation {
  const fileHeaders = {
    ETag: text("The content's sha-256, quoted: a strong validator"),
    "Accept-Ranges": text("`bytes`"),
    "Content-Disposition": DISPOSITION,
  };
  return {
    headers: z.object({
      Range: z.string().optional().describe("One byte range (`bytes=0-1023`); several ranges or a malformed one get the whole file"),
      "If-Range": z.string().optional().describe("An ETag: the range is sent only while the file still has it, else the whole file"),
      "If-None-Match": z.string().optional().describe("ETags the caller holds: 304 when the file still has one of them"),
    }),
    responses: {
      200: { description, content: { "*/*": BinaryFile }, headers: fileHeaders },
      206: {
        description: `${description}: the requested byte range`,
        content: { "*/*": BinaryFile },
        headers: { ...fileHeaders, "Content-Range": text("`bytes start-end/size`") },
      },
      304: { description: "Not modified: the caller's copy (If-None-Match) is current" },
    },
  };
}

/** A file made while it is sent (an archive, a spreadsheet): no length known ahead, no ranges. */
export function streamedFileAnswer(mediaTypes: readonly string[], description: string): Record<number, DocumentedResponse> {
  const content = Object.fromEntries(mediaTypes.map((type) => [type, BinaryFile]));
  return { 200: { description, content, headers: { "Content-Disposition": text("`attachment`, with the file name") } } };
}

/** Refusals of a route whose typed `response` cannot list them (its success is a stream the reply types refuse). */
export function errorAnswers(codes: readonly number[]): Record<number, DocumentedResponse> {
  return Object.fromEntries(
    codes.map((code) => [code, { description: "Refused: the message says why", content: { "application/json": ErrorBody } }]),
  );
}

export const noContent = (description: string): Record<number, DocumentedResponse> => ({ 204: { description } });
