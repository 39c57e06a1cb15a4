// The tus routes (tus.ts) in the API document: @tus/server reads the protocol's headers and the PATCH bytes itself, so
// what a client sends and gets back is declared here, once, for each method.
import { Datastream, ErrorBody } from "@repox/contracts";
import type { FastifySchema } from "fastify";
import type { OpenAPIV3 } from "openapi-types";
import { z } from "zod";
import { BinaryFile } from "../../platform/http/openapi-answers.ts";

const tags = ["Datastreams"];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 412: ErrorBody };

const TusResumable = z.literal("1.0.0").describe("The protocol version; any other value answers 412");
const header = (description: string): OpenAPIV3.SchemaObject & { description: string } => ({ type: "string", description });
const RESUMABLE = { "Tus-Resumable": header("`1.0.0`") };
const OFFSET = { "Upload-Offset": header("How many bytes the server holds") };

export const TUS_OPTIONS_SCHEMA: FastifySchema = {
  tags,
  summary: "The tus protocol's capabilities",
  response: { 401: ErrorBody, 403: ErrorBody },
  documented: {
    responses: {
      204: {
        description: "What this server supports",
        headers: {
          ...RESUMABLE,
          "Tus-Version": header("Protocol versions supported"),
          "Tus-Extension": header("Extensions supported (creation, creation-with-upload, termination, expiration, …)"),
          "Tus-Max-Size": header("The largest upload the caller may make, in bytes (the tenant's upload limit)"),
        },
      },
    },
  },
};

export const TUS_CREATE_SCHEMA: FastifySchema = {
  tags,
  summary: "Start a resumable upload",
  description:
    "Checks the datastream the upload will make (container, type, properties), the size limit and the storage quota against Upload-Length before any byte is sent. The bytes follow with PATCH at the answered Location; the PATCH that completes the upload makes the datastream.",
  response: { ...errors, 413: ErrorBody },
  documented: {
    headers: z.object({
      "Tus-Resumable": TusResumable,
      "Upload-Length": z.string().regex(/^\d+$/).describe("The file's size in bytes; required (a deferred length is refused)"),
      "Upload-Metadata": z
        .string()
        .describe(
          "Comma-separated `key base64(value)` pairs: `container` (uuid), `datastreamType`, and optionally `label`, `filename`, `properties` (JSON text of [{key, value}])",
        ),
    }),
    responses: {
      201: {
        description: "The upload is created",
        headers: { ...RESUMABLE, Location: header("The upload's address, `/api/uploads/tus/{id}`") },
      },
    },
  },
};

export const TUS_OFFSET_SCHEMA: FastifySchema = {
  tags,
  summary: "How much of an upload the server holds",
  response: errors,
  documented: {
    headers: z.object({ "Tus-Resumable": TusResumable }),
    responses: {
      200: {
        description: "The upload's progress (no body)",
        headers: { ...RESUMABLE, ...OFFSET, "Upload-Length": header("The file's size in bytes") },
      },
    },
  },
};

export const TUS_APPEND_SCHEMA: FastifySchema = {
  tags,
  summary: "Send bytes of an upload",
  description: "Appends the body at Upload-Offset. The PATCH that brings the last byte stores the file and answers the datastream made.",
  consumes: ["application/offset+octet-stream"],
  response: { ...errors, 409: ErrorBody, 410: ErrorBody, 413: ErrorBody, 415: ErrorBody },
  documented: {
    body: BinaryFile,
    headers: z.object({
      "Tus-Resumable": TusResumable,
      "Upload-Offset": z.string().regex(/^\d+$/).describe("Where these bytes start; it must equal the server's offset (else 409)"),
    }),
    responses: {
      200: { description: "The upload is complete: the datastream made", content: { "application/json": Datastream }, headers: RESUMABLE },
      204: { description: "The bytes are stored; more are expected", headers: { ...RESUMABLE, ...OFFSET } },
    },
  },
};

export const TUS_TERMINATE_SCHEMA: FastifySchema = {
  tags,
  summary: "Abandon an upload",
  response: errors,
  documented: {
    headers: z.object({ "Tus-Resumable": TusResumable }),
    responses: { 204: { description: "The upload and its bytes are deleted", headers: RESUMABLE } },
  },
};
