import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../test/multipart.ts";
import type { TestApp, TestTenant } from "../../test/test-app.ts";
import { blobFiles, listeningFileApp, storageUsed, tempFiles } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let box: string;
let baseUrl: string;

beforeAll(async () => {
  ({ t, tenant, box, baseUrl } = await listeningFileApp());
});
afterAll(() => t.close());

/** Sends the first `bytes` of a body announced in full, then drops the connection, as a closed browser tab does. */
async function sendAndDrop(body: Buffer, contentType: string, bytes: number): Promise<void> {
  await new Promise<void>((resolve) => {
    const request = httpRequest(`${baseUrl}/api/datastreams?to=${box}`, {
      method: "POST",
      headers: {
        "content-type": contentType,
        "content-length": String(body.length),
        "x-tenantid": tenant.code,
        authorization: `Bearer ${tenant.admin.token}`,
      },
    });
    request.on("error", () => resolve());
    request.on("close", () => resolve());
    request.write(body.subarray(0, bytes), () => setTimeout(() => request.destroy(), 300));
  });
}

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error("The condition did not become true in 5 seconds");
}

describe("an upload cut off mid-body", () => {
  it("leaves no datastream, no blob and no temporary file, even for the files that arrived whole", async () => {
    const complete = randomBytes(200_000);
    const cut = randomBytes(3 * 1024 * 1024);
    const body = await multipart(
      [
        { name: "complete.bin", content: complete },
        { name: "cut.bin", content: cut },
      ],
      { type: "file" },
    );
    await sendAndDrop(body.payload, body.contentType, body.payload.length - 2 * 1024 * 1024);
    await eventually(async () => (await tempFiles(t)).length === 0);
    await eventually(async () => (await blobFiles(t, tenant.id)).length === 0);
    const listed = (await tenant.admin.request("GET", `/api/containers/${box}/datastreams`)).json();
    expect(listed.totalElements).toBe(0);
    expect(await storageUsed(tenant.admin)).toBe(0);
    const rows = await t.db.selectFrom("blobs").select("sha256").where("tenant_id", "=", tenant.id).execute();
    expect(rows).toEqual([]);
    // The server goes on serving.
    expect((await tenant.admin.request("GET", `/api/containers/${box}`)).statusCode).toBe(200);
  });
});
