// The tests' Caller (test-app.ts) over real HTTP to a server process, so the area helpers (setUpFileModel, upload, …)
// work against a process as they do against app.inject.
import type { LightMyRequestResponse } from "fastify";
import type { Caller } from "./test-app.ts";

/** The part of an inject answer the helpers read. */
type HttpAnswer = Pick<LightMyRequestResponse, "statusCode" | "headers" | "body" | "rawPayload" | "json">;

export function httpCaller(baseUrl: string, headers: Record<string, string>): Caller {
  return {
    async request(method, url, body, extra = {}) {
      const isRaw = typeof body === "string" || body instanceof Uint8Array;
      const sent = { ...headers, ...(body !== undefined && !isRaw ? { "content-type": "application/json" } : {}), ...extra };
      const response = await fetch(`${baseUrl}${url}`, {
        method,
        headers: sent,
        ...(body === undefined ? {} : { body: isRaw ? (body as string | Uint8Array<ArrayBuffer>) : JSON.stringify(body) }),
      });
      const rawPayload = Buffer.from(await response.arrayBuffer());
      const answer: HttpAnswer = {
        statusCode: response.status,
        headers: Object.fromEntries(response.headers),
        body: rawPayload.toString(),
        rawPayload,
        json: () => JSON.parse(rawPayload.toString()),
      };
      // The helpers read only the fields above; the rest of an inject answer (cookies, trailers) has no HTTP twin here.
      return answer as LightMyRequestResponse;
    },
  };
}
