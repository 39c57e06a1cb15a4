// Test helpers for WebDAV: a tenant with a small content model, a real listening server for outside clients
// (litmus, rclone), and requests with Basic credentials through app.inject.
import { spawn } from "node:child_process";
import type { LightMyRequestResponse } from "fastify";
import { ADMIN_PASSWORD, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { created, datastreamTypeBody, newContainerType } from "../containers/testing.ts";

/** Datastream type `file` and container type `folder`, accepting everything and offered at the top level. */
export async function setUpDavModel(tenant: TestTenant): Promise<void> {
  await created(tenant.admin, "/api/datastream_types", datastreamTypeBody("file"));
  await newContainerType(tenant.admin, "folder");
}

export const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
export const adminBasic = basic("admin", ADMIN_PASSWORD);

export type DavCaller = {
  request(
    method: string,
    path: string,
    options?: { body?: string | Buffer; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
};

/** Requests to `/{tenant}/dav…` with these credentials (none: without an Authorization header). */
export function davCaller(t: TestApp, tenantCode: string, authorization?: string): DavCaller {
  return {
    request: (method, path, options = {}) =>
      t.app.inject({
        method: method as "GET",
        url: `/${tenantCode}/dav${path}`,
        headers: { ...(authorization ? { authorization } : {}), ...options.headers },
        ...(options.body === undefined ? {} : { payload: options.body }),
      }),
  };
}

/** The app listening on a free local port; answers its base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("The test server has no port");
  return `http://127.0.0.1:${address.port}`;
}

/** Runs a program to its end; answers its exit code and output (stdout and stderr together). */
export function run(program: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}
