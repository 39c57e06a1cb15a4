// The built server killed (SIGKILL) in the middle of a large export, then started again on the same data: it
// answers, the storage used and the files on disk are what they were, the export left nothing behind (no activity, no
// temporary file), and a new export gives every file whole. Always on the embedded database in a fresh DATA_DIR.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { open as openZip } from "yauzl";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const PASSWORD = "Crash-admin-password-1";
const FILES = 24;
const FILE_BYTES = 4 * 1024 * 1024;

let dataDir: string;
let scratch: string;
let server: ChildProcess | undefined;
let base: string;
let headers: Record<string, string>;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = net.createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => done(port));
    });
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  const { DATABASE_URL: _embedded, ...env } = process.env;
  const child = spawn(process.execPath, [join(root, "server/dist/main.js")], {
    cwd: root,
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      REPOX_ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: "warn",
      WEB_DIST: "/nonexistent",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  for (let tries = 0; tries < 600; tries++) {
    if (child.exitCode !== null) throw new Error(`The server exited: ${stderr}`);
    const health = await fetch(`${base}/api/health`).catch(() => null);
    if (health?.ok) return child;
    await sleep(100);
  }
  throw new Error(`The server did not answer: ${stderr}`);
}

async function call(method: string, path: string, body?: unknown, expected = 200) {
  const isForm = body instanceof FormData;
  const answer = await fetch(`${base}/api${path}`, {
    method,
    headers: body === undefined || isForm ? headers : { ...headers, "content-type": "application/json" },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const text = await answer.text();
  if (answer.status !== expected) throw new Error(`${method} ${path} answered ${answer.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

function exportBody(container: string) {
  return JSON.stringify({ archiveFormat: "ZIP", containers: [container], exportMetadata: true });
}

/** Every file below DATA_DIR outside the database, with its size. */
async function filesOnDisk(): Promise<string[]> {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.parentPath.startsWith(join(dataDir, "db")) && entry.name !== "server.pid")
    .map((entry) => join(entry.parentPath, entry.name).slice(dataDir.length + 1))
    .sort();
}

function zipHashes(path: string): Promise<Map<string, string>> {
  return new Promise((done, fail) => {
    openZip(path, { lazyEntries: true }, (error, zip) => {
      if (error) return fail(error);
      const found = new Map<string, string>();
      zip.on("error", fail);
      zip.on("end", () => done(found));
      zip.on("entry", (entry: import("yauzl").Entry) => {
        if (!entry.fileName.endsWith(".bin")) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return fail(streamError);
          const hash = createHash("sha256");
          stream.on("data", (chunk: Buffer) => hash.update(chunk));
          stream.on("end", () => {
            found.set(entry.fileName, hash.digest("hex"));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

// server/dist is built once by the tests' global setup (server/src/test/build-server.global.ts).
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "repox-export-crash-"));
  scratch = await mkdtemp(join(tmpdir(), "repox-export-crash-out-"));
});
afterAll(async () => {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  await rm(dataDir, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

describe("a server killed in the middle of an export", () => {
  it("starts again healthy, with storage and files as they were and the export leaving nothing behind", async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await startServer(port);
    const login = await (
      await fetch(`${base}/api/auth/jwt`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-tenantid": "demo" },
        body: JSON.stringify({ username: "admin", password: PASSWORD }),
      })
    ).json();
    headers = { "x-tenantid": "demo", authorization: `Bearer ${login.jwtToken}` };

    await call(
      "POST",
      "/datastream_types",
      { dataStream: { code: "crashfile", name: "Crash file", layout: "DEFAULT" }, properties: [] },
      201,
    );
    await call(
      "POST",
      "/container_types",
      { container: { code: "crashbox", name: "Crash box", layout: "DEFAULT", allowedAtRoot: true }, properties: [] },
      201,
    );
    const folder = (await call("POST", "/containers", { label: "Big", type: "crashbox" }, 201)).uuid;
    const hashes = new Map<string, string>();
    for (let index = 0; index < FILES; index++) {
      const content = randomBytes(FILE_BYTES);
      const name = `part-${String(index).padStart(2, "0")}.bin`;
      const form = new FormData();
      form.append("data", JSON.stringify({ type: "crashfile" }));
      form.append("file", new Blob([new Uint8Array(content)], { type: "application/octet-stream" }), name);
      await call("POST", `/datastreams?to=${folder}`, form, 201);
      hashes.set(`Big/${name}`, createHash("sha256").update(content).digest("hex"));
    }
    const usedBefore = (await call("GET", "/storage/info")).used;
    const filesBefore = await filesOnDisk();
    const activityBefore = (await call("GET", `/containers/${folder}/activity?size=100`)).totalElements;

    // Start the export, take a few megabytes, then kill the server.
    const answer = await fetch(`${base}/api/export`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: exportBody(folder),
    });
    expect(answer.status).toBe(200);
    const reader = (answer.body as WebReadableStream<Uint8Array>).getReader();
    let received = 0;
    while (received < 10 * 1024 * 1024) {
      const { value, done } = await reader.read();
      if (done) throw new Error("The export ended before the server was killed");
      received += value.length;
    }
    server.kill("SIGKILL");
    await new Promise((done) => server?.once("exit", done));
    await reader.read().catch(() => undefined);

    server = await startServer(port);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect((await call("GET", "/storage/info")).used).toBe(usedBefore);
    expect(await filesOnDisk()).toEqual(filesBefore);
    expect((await call("GET", `/containers/${folder}/activity?size=100`)).totalElements).toBe(activityBefore);

    const again = await fetch(`${base}/api/export`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: exportBody(folder),
    });
    expect(again.status).toBe(200);
    const target = join(scratch, "again.zip");
    await pipeline(Readable.fromWeb(again.body as WebReadableStream<Uint8Array>), createWriteStream(target));
    expect(await zipHashes(target)).toEqual(hashes);
    server.kill("SIGTERM");
    await new Promise((done) => server?.once("exit", done));
  }, 240_000);
});
