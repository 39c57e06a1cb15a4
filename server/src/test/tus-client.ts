// A tus 1.0 client for API tests (`/api/uploads/tus`): the protocol's headers, creating an upload, reading its
// offset, and a PATCH whose connection is cut part-way, as a browser losing its network does.
import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { expect } from "vitest";
import type { Caller } from "./test-app.ts";

export const TUS = { "tus-resumable": "1.0.0" };
export const CHUNK = { ...TUS, "content-type": "application/offset+octet-stream" };

export const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
/** The upload's id: the last segment of its location. */
export const uploadId = (location: string) => location.split("/").pop() ?? "";

/** Upload-Metadata: each key with its value in base64, comma-separated. */
export function tusMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");
}

/** POST /api/uploads/tus announcing `size` bytes; the answer as it is. */
export function createUpload(caller: Caller, size: number, values: Record<string, string>) {
  return caller.request("POST", "/api/uploads/tus", undefined, {
    ...TUS,
    "upload-length": String(size),
    "upload-metadata": tusMetadata(values),
  });
}

/** Creates an upload and answers its location, failing loudly on anything but 201. */
export async function createdUpload(caller: Caller, size: number, values: Record<string, string>): Promise<string> {
  const answer = await createUpload(caller, size, values);
  if (answer.statusCode !== 201) throw new Error(`tus create answered ${answer.statusCode}: ${answer.body}`);
  return answer.headers.location as string;
}

export const offsetOf = async (caller: Caller, location: string) =>
  (await caller.request("HEAD", location, undefined, TUS)).headers["upload-offset"];

/**
 * PATCHes `content` from offset 0 over real HTTP, announcing all of it, and drops the connection after `sent` bytes,
 * as a browser losing its network does. The server keeps what it received after the connection is gone, so this asks
 * every 100 ms until two readings of the offset agree (5 s at most), checks that some but not more than `sent` bytes
 * were kept, then PATCHes the rest from there: the answer of that last PATCH.
 */
export async function resumedAfterCut(options: {
  baseUrl: string;
  location: string;
  content: Buffer;
  sent: number;
  tenantCode: string;
  caller: Caller & { token: string };
}) {
  const { baseUrl, location, content, sent, tenantCode, caller } = options;
  await new Promise<void>((resolve) => {
    const cut = httpRequest(`${baseUrl}${location}`, {
      method: "PATCH",
      headers: {
        ...CHUNK,
        "upload-offset": "0",
        "content-length": String(content.length),
        "x-tenantid": tenantCode,
        authorization: `Bearer ${caller.token}`,
      },
    });
    cut.on("error", () => resolve());
    cut.write(content.subarray(0, sent), () => setTimeout(() => cut.destroy(), 200));
    cut.on("close", () => resolve());
  });
  let offset = "";
  for (let tries = 0; tries < 50; tries++) {
    const now = await offsetOf(caller, location);
    if (now === offset && now !== "0") break;
    offset = now as string;
    await sleep(100);
  }
  const received = Number(offset);
  expect(received).toBeGreaterThan(0);
  expect(received).toBeLessThanOrEqual(sent);
  return caller.request("PATCH", location, content.subarray(received), { ...CHUNK, "upload-offset": offset });
}
