// A server killed (SIGKILL) in the middle of a large upload: after a restart no datastream of it is visible, storage
// used has not changed and the half-written temporary file is swept. Runs the built server (server/dist/main.js) as
// an operator does, on a data dir of its own; on PostgreSQL too when DATABASE_URL is set.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { stat, utimes } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ThrowawayPostgres, throwawayPostgres } from "../../test/throwaway-postgres.ts";
import { filesUnder } from "./testing.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const dataDir = mkdtempSync(join(tmpdir(), "repox-crash-"));
const tempDir = join(dataDir, "blobs", "tmp");
const PASSWORD = "Crash-admin-password-1";
const TENANT = "demo";
const UPLOAD_BYTES = 200 * 1024 * 1024;
const baseDatabaseUrl = process.env.DATABASE_URL;
let database: ThrowawayPostgres | undefined;
let databaseUrl: string | undefined;
let port = 0;
let server: ChildProcess | undefined;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done));
  const address = probe.address();
  await new Promise<void>((done) => probe.close(() => done()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Starts the built server and waits until it listens. */
async function start(): Promise<ChildProcess> {
  const { DATABASE_URL: _unused, ...env } = process.env;
  const child = spawn(process.execPath, [join(root, "server/dist/main.js")], {
    cwd: root,
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      REPOX_ADMIN_PASSWORD: PASSWORD,
      REPOX_SEED_DEMO: "false",
      WEB_DIST: "/nonexistent",
      LOG_LEVEL: "info",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`The server did not start: ${output}`)), 60_000);
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Repox is ready")) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout?.on("data", watch);
    child.stderr?.on("data", watch);
    child.on("exit", (code) => fail(new Error(`The server exited with ${code}: ${output}`)));
  });
  return child;
}

async function stop(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill(signal);
  await exited;
}

async function api(method: string, path: string, token?: string, body?: unknown) {
  const answer = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      "x-tenantid": TENANT,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

const signIn = async (): Promise<string> =>
  (await api("POST", "/api/auth/jwt", undefined, { username: "admin", password: PASSWORD })).jwtToken;

/**
 * Starts a multipart upload of UPLOAD_BYTES generated on the fly and never finishes it: the server is killed while
 * the bytes stream in. Resolves once the request has failed.
 */
function uploadUntilKilled(token: string, container: string): Promise<void> {
  const boundary = `crash${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"type":"file"}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = randomBytes(1024 * 1024);
  return new Promise((done) => {
    const request = httpRequest(`http://127.0.0.1:${port}/api/datastreams?to=${container}`, {
      method: "POST",
      headers: {
        "x-tenantid": TENANT,
        authorization: `Bearer ${token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(head.length + UPLOAD_BYTES + tail.length),
      },
    });
    request.on("error", () => done());
    request.on("response", () => done());
    let sent = 0;
    const pump = () => {
      while (sent < UPLOAD_BYTES) {
        sent += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      request.end(tail);
    };
    request.write(head);
    pump();
  });
}

async function partSize(): Promise<number> {
  const parts = (await filesUnder(tempDir)).filter((name) => name.endsWith(".part"));
  let size = 0;
  for (const name of parts) size += (await stat(join(tempDir, name)).catch(() => ({ size: 0 }))).size;
  return size;
}

beforeAll(async () => {
  port = await freePort();
  if (baseDatabaseUrl) {
    database = await throwawayPostgres(baseDatabaseUrl);
    databaseUrl = database.url;
  }
}, 180_000);

afterAll(async () => {
  await stop(server, "SIGTERM");
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a crash in the middle of an upload", () => {
  it("leaves no datastream, no change in storage used, and its temporary file is swept", { timeout: 240_000 }, async () => {
    server = await start();
    let token = await signIn();
    await api("POST", "/api/datastream_types", token, {
      dataStream: { code: "file", name: "File", layout: "DEFAULT", datastreamAcceptance: "" },
      properties: [],
    });
    await api("POST", "/api/container_types", token, {
      container: { code: "box", name: "Box", layout: "DEFAULT", containerAcceptance: "", datastreamAcceptance: "", allowedAtRoot: true },
      properties: [],
    });
    const box = (await api("POST", "/api/containers", token, { label: "Crash box", type: "box" })).uuid;
    const form = new FormData();
    form.append("data", JSON.stringify({ type: "file" }));
    form.append("file", new Blob([randomBytes(5000)]), "small.bin");
    const small = await fetch(`http://127.0.0.1:${port}/api/datastreams?to=${box}`, {
      method: "POST",
      headers: { "x-tenantid": TENANT, authorization: `Bearer ${token}` },
      body: form,
    });
    expect(small.status).toBe(201);
    const usedBefore = (await api("GET", "/api/storage/info", token)).used;
    expect(usedBefore).toBe(5000);

    // Kill the server once tens of megabytes of the upload sit in its temporary file.
    let killed = false;
    const upload = uploadUntilKilled(token, box);
    for (let tries = 0; tries < 600 && !killed; tries++) {
      if ((await partSize()) > 40 * 1024 * 1024) {
        await stop(server, "SIGKILL");
        killed = true;
      } else {
        await sleep(50);
      }
    }
    expect(killed).toBe(true);
    await upload;
    const leftBehind = await partSize();
    expect(leftBehind).toBeGreaterThan(40 * 1024 * 1024);
    expect(leftBehind).toBeLessThan(UPLOAD_BYTES);

    server = await start();
    token = await signIn();
    const listed = await api("GET", `/api/containers/${box}/datastreams`, token);
    expect(listed.content.map((item: { label: string }) => item.label)).toEqual(["small.bin"]);
    expect((await api("GET", "/api/storage/info", token)).used).toBe(usedBefore);
    const storageItems = await api("GET", "/api/storage/items", token);
    expect(storageItems.totalElements).toBe(1);

    if (databaseUrl) {
      // Servers sharing PostgreSQL may share the data dir too: a young temporary file may be another's upload in
      // progress, so it is swept once older than an hour.
      expect(await partSize()).toBe(leftBehind);
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      for (const name of await filesUnder(tempDir)) await utimes(join(tempDir, name), twoHoursAgo, twoHoursAgo);
      await stop(server, "SIGTERM");
      server = await start();
    }
    expect(await filesUnder(tempDir)).toEqual([]);
  });
});
