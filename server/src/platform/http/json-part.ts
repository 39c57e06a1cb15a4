// The JSON that travels beside a file (the `data` part of a multipart upload, tus Upload-Metadata): checked against
// its schema, its problems named by field path the way the API's own validation names them.
import { fieldPath } from "@repox/contracts";
import type { z } from "zod";
import { BadRequest } from "../errors.ts";

/** The first three problems of a failed parse: "properties[0].value must be text; label is required". */
export function describeIssues(error: { issues: readonly { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${fieldPath(issue.path)} ${issue.message}` : issue.message))
    .join("; ");
}

/** A `data` part: JSON text, or a value already parsed when the part was sent as application/json. */
export function parseDataPart<T>(value: unknown, schema: z.ZodType<T>): T {
  let json = value;
  if (typeof value === "string") {
    try {
      json = JSON.parse(value);
    } catch {
      throw new BadRequest("The 'data' part is not valid JSON");
    }
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new BadRequest(`Invalid data: ${describeIssues(parsed.error)}`);
  return parsed.data;
}
