// PostgreSQL text cannot hold the NUL character. A request carrying one is refused before validation, with the
// field named, instead of failing deep inside a query as a server error.
import { fieldPath } from "@repox/contracts";
import type { FastifyInstance } from "fastify";
import { BadRequest } from "../errors.ts";

const NUL = "\u0000";

/** Path of the first key or string value holding NUL. Iterative, so deeply nested JSON cannot overflow the stack. */
export function findNulField(value: unknown): string | undefined {
  // Each entry links to its parent; the path is built only for the field found, so deep nesting stays linear.
  type Entry = { value: unknown; key: string; parent: Entry | undefined };
  const pathOf = (entry: Entry | undefined): string[] => {
    const keys: string[] = [];
    for (let at = entry; at?.parent; at = at.parent) keys.push(at.key);
    return keys.reverse();
  };
  const pending: Entry[] = [{ value, key: "", parent: undefined }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === "string") {
      if (next.value.includes(NUL)) return fieldPath(pathOf(next)) || "value";
      continue;
    }
    if (typeof next.value !== "object" || next.value === null) continue;
    for (const [key, child] of Object.entries(next.value)) {
      const entry = { value: child, key, parent: next };
      if (key.includes(NUL)) return fieldPath(pathOf(entry));
      pending.push(entry);
    }
  }
  return undefined;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    for (const [where, value] of [
      ["params", request.params],
      ["querystring", request.query],
      ["body", request.body],
    ] as const) {
      const field = findNulField(value);
      if (field !== undefined) throw new BadRequest(`Invalid ${where}: ${field} must not contain the NUL character`);
    }
  });
}
