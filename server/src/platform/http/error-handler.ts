// One place turns every failure into `{status, error, message}`: typed errors, validation, parser errors,
// database constraint errors. Anything unexpected is logged and answered 500 without internals.
import { fieldPath } from "@repox/contracts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { HttpError } from "../errors.ts";

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  416: "Range Not Satisfiable",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  503: "Service Unavailable",
};

type Answer = { status: number; message: string };

function describeValidation(error: FastifyError): string {
  const where = error.validationContext ?? "request";
  const issues = (error.validation ?? []).slice(0, 3).map((issue) => {
    const field = fieldPath(issue.instancePath.split("/").filter(Boolean));
    return field ? `${field} ${issue.message}` : issue.message;
  });
  return `Invalid ${where}: ${issues.join("; ")}`;
}

/** PostgreSQL error codes that bad input can still reach despite validation. */
function fromDatabase(code: string): Answer | undefined {
  if (code === "23505") return { status: 409, message: "An item with the same unique value already exists" };
  if (code === "23503") return { status: 409, message: "The item refers to, or is referred to by, another item" };
  // Class 22 is "data exception": a value of the wrong form or range, a character text cannot hold, a bad date.
  if (code.startsWith("22")) return { status: 400, message: "A value in the request is not valid" };
  if (code === "54000") return { status: 400, message: "A value in the request is too long" };
  return undefined;
}

function answerFor(error: FastifyError): Answer | undefined {
  if (error instanceof HttpError) return { status: error.status, message: error.message };
  if (hasZodFastifySchemaValidationErrors(error)) return { status: 400, message: describeValidation(error) };
  if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError)
    return { status: 400, message: "The request body is not valid JSON" };
  if (error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") return { status: 400, message: "The request body is empty" };
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return { status: 413, message: "The request body is too large" };
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return { status: 415, message: "Unsupported content type: send application/json" };
  const pgCode = (error as { code?: unknown }).code;
  if (typeof pgCode === "string" && /^[0-9A-Z]{5}$/.test(pgCode)) return fromDatabase(pgCode);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return { status: error.statusCode, message: error.message };
  return undefined;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = answerFor(error);
    // 503 is a typed answer (storage or database briefly out of reach): its message says to try again.
    if (answer?.status === 503) request.log.warn({ err: error }, "service unavailable");
    // 501 is a typed answer too: a valid request for something this server does not do (IIIF formats).
    else if (!answer || (answer.status >= 500 && answer.status !== 501)) {
      request.log.error({ err: error }, "request failed");
      return reply
        .status(500)
        .send({ status: 500, error: STATUS_TEXT[500], message: `Something went wrong on the server (request ${request.id})` });
    }
    if (answer.status === 429 && !reply.getHeader("retry-after")) reply.header("retry-after", "60");
    return reply
      .status(answer.status)
      .send({ status: answer.status, error: STATUS_TEXT[answer.status] ?? "Error", message: answer.message });
  });
}

/** Errors Fastify's router raises before any route runs (a malformed or over-long URL), in the same JSON shape. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const answer: Answer =
    error.code === "FST_ERR_BAD_URL"
      ? { status: 400, message: "The URL is not valid: it holds a malformed percent-encoding" }
      : error.code === "FST_ERR_MAX_PARAM_LENGTH"
        ? { status: 414, message: "A part of the URL is too long" }
        : { status: 500, message: `Something went wrong on the server (request ${request.id})` };
  if (answer.status >= 500) request.log.error({ err: error }, "request failed");
  void reply.status(answer.status).send({ status: answer.status, error: STATUS_TEXT[answer.status] ?? "Error", message: answer.message });
}

export function sendNotFound(url: string) {
  return { status: 404, error: "Not Found", message: `No API route for ${url.split("?")[0]}` };
}
