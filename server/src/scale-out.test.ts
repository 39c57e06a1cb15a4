// Scale-out, proven (issue 15 §3): two real server processes (server/dist/main.js) on one PostgreSQL database and one
// bucket of a real S3-compatible server speaking HTTP (s3rver), the same JWT_SECRET and nothing else shared (each has
// its own DATA_DIR), as two instances behind a load balancer are. Inherently PostgreSQL (the embedded database is one
// process's), so vitest.config.ts runs this file only when DATABASE_URL is set: the PostgreSQL lane of .ci/run.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newContainerType } from "./modules/containers/testing.ts";
import { setUpFileModel } from "./modules/datastreams/testing.ts";
import { byPath, readZip } from "./modules/exports/testing.ts";
import { png } from "./platform/media/test-media.ts";
import { httpCaller } from "./test/http-caller.ts";
import { migratedThrowawayPostgres } from "./test/migrated-template.ts";
import { multipart } from "./test/multipart.ts";
import { type S3Server, startS3Server } from "./test/s3-server.ts";
import { type ServerProcess, startServerProcess } from "./test/server-process.ts";
import type { Caller } from "./test/test-app.ts";
import type { ThrowawayPostgres } from "./test/throwaway-postgres.ts";
import { CHUNK, createUpload, TUS } from "./test/tus-client.ts";

const TENANT = "demo";
const PASSWORD = "Scale-admin-password-1";
/** How long another instance may take to see a change (issue 15 §1, §3). */
const WITHIN_MS = 1000;

const baseDatabaseUrl = process.env.DATABASE_URL;
let s3: S3Server;
let database: ThrowawayPostgres;
let sql: pg.Client;
const dataDirs: string[] = [];
const servers: ServerProcess[] = [];
let a: ServerProcess;
let b: ServerProcess;
let token: string;
let onA: Caller;
let onB: Caller;
let box: string;
/** The file the tus upload stored, for the export to hold. */
let resumed: Buffer;

function startInstance(shared: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), "repox-scale-"));
  dataDirs.push(dataDir);
  return startServerProcess({ ...shared, DATA_DIR: dataDir });
}

const signedIn = (server: ServerProcess, jwt: string) => httpCaller(server.url, { "x-tenantid": TENANT, authorization: `Bearer ${jwt}` });

async function signIn(server: ServerProcess, username: string, password: string): Promise<string> {
  const answer = await httpCaller(server.url, { "x-tenantid": TENANT }).request("POST", "/api/auth/jwt", { username, password });
  if (answer.statusCode !== 200) throw new Error(`sign-in answered ${answer.statusCode}: ${answer.body}`);
  return answer.json().jwtToken;
}

async function ok(caller: Caller, method: "GET" | "POST" | "PUT", url: string, body?: unknown) {
  const answer = await caller.request(method, url, body);
  if (answer.statusCode >= 300) throw new Error(`${method} ${url} answered ${answer.statusCode}: ${answer.body}`);
  return answer.json();
}

/** Asks every 20 ms until `ask` answers `status`; the milliseconds that took, or fails after 5 s. */
async function millisecondsUntil(status: number, ask: () => ReturnType<Caller["request"]>): Promise<number> {
  const start = performance.now();
  for (;;) {
    const answer = await ask();
    const elapsed = performance.now() - start;
    if (answer.statusCode === status) return elapsed;
    if (elapsed > 5000) throw new Error(`still ${answer.statusCode} after 5 s: ${answer.body}`);
    await sleep(20);
  }
}

/** Polls `read` every 100 ms until `isDone` holds of it (up to 60 s: thumbnails on a loaded machine). */
async function eventually<T>(read: () => Promise<T>, isDone: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (isDone(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}

beforeAll(async () => {
  if (!baseDatabaseUrl) throw new Error("scale-out.test.ts needs DATABASE_URL (vitest.config.ts includes it only then)");
  [s3, database] = await Promise.all([startS3Server(), migratedThrowawayPostgres(baseDatabaseUrl)]);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  const shared = {
    ...s3.env,
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: "4",
    JWT_SECRET: randomBytes(32).toString("hex"),
    REPOX_ADMIN_PASSWORD: PASSWORD,
    REPOX_SEED_DEMO: "false",
  };
  // Both at once, as a deployment's instances start: migrations and the default tenant must not race.
  const started = await Promise.allSettled([startInstance(shared), startInstance(shared)]);
  servers.push(...started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : [])));
  for (const result of started) if (result.status === "rejected") throw result.reason;
  [a, b] = servers as [ServerProcess, ServerProcess];
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await sql?.end();
  await database?.drop();
  await s3?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe("two instances on one PostgreSQL database and one S3 bucket", () => {
  it("a token issued by A is accepted by B", async () => {
    token = await signIn(a, "admin", PASSWORD);
    onA = signedIn(a, token);
    onB = signedIn(b, token);
    expect((await onB.request("GET", "/api/my/permissions")).statusCode).toBe(200);
    await setUpFileModel(onA);
    box = (await ok(onB, "POST", "/api/containers", { label: "Shared box", type: "box" })).uuid;
  });

  it("a tus upload started on A is finished on B, and B serves a Range of it", async () => {
    const content = randomBytes(300_000);
    resumed = content;
    const created = await createUpload(onA, content.length, { container: box, datastreamType: "file", filename: "resumed.bin" });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    const first = await onA.request("PATCH", location, content.subarray(0, 120_000), { ...CHUNK, "upload-offset": "0" });
    expect([first.statusCode, first.headers["upload-offset"]], first.body).toEqual([204, "120000"]);

    const id = location.split("/").pop();
    expect(await s3.keys("tus/")).toEqual([`tus/${id}/0000000000000000`, `tus/${id}/info`]);

    const head = await onB.request("HEAD", location, undefined, TUS);
    expect([head.statusCode, head.headers["upload-offset"], head.headers["upload-length"]]).toEqual([200, "120000", "300000"]);
    const last = await onB.request("PATCH", location, content.subarray(120_000), { ...CHUNK, "upload-offset": "120000" });
    expect(last.statusCode, last.body).toBe(200);
    const uuid = last.json().uuid as string;
    expect(last.json()).toMatchObject({ label: "resumed.bin", filesize: content.length });
    expect((await onA.request("HEAD", location, undefined, TUS)).statusCode).toBe(404);
    expect(await s3.keys("tus/")).toEqual([]);

    const range = await onB.request("GET", `/api/datastreams/${uuid}/download`, undefined, { range: "bytes=1000-204999" });
    expect(range.statusCode).toBe(206);
    expect(range.headers["content-range"]).toBe(`bytes 1000-204999/${content.length}`);
    expect(range.rawPayload.equals(content.subarray(1000, 205_000))).toBe(true);
  });

  it("thumbnail jobs are claimed and done exactly once across both instances", async () => {
    // Several pictures, so that both instances' workers look for jobs at the same time.
    const pictures = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => png(200 + n, 150)));
    const body = await multipart(
      pictures.map((content, n) => ({ name: `picture-${n}.png`, content, type: "image/png" })),
      { type: "file" },
    );
    const uploaded = await onA.request("POST", `/api/datastreams?to=${box}`, body.payload, { "content-type": body.contentType });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const sources = (uploaded.json() as { sha256: string }[]).map((item) => item.sha256);

    const jobs = await eventually(
      async () =>
        (
          await sql.query<{ status: string; attempts: number; source: string }>(
            `select status, attempts, payload->>'sha256' as source from jobs where kind = 'media.derivatives'
              and payload->>'sha256' = any($1)`,
            [sources],
          )
        ).rows,
      (rows) => rows.length === sources.length && rows.every((row) => row.status === "done"),
    );
    expect(jobs.map((job) => job.source).sort()).toEqual([...sources].sort());
    expect(jobs.map((job) => [job.status, job.attempts])).toEqual(sources.map(() => ["done", 1]));
    const derivatives = await sql.query<{ kind: string; count: number }>(
      `select kind, count(*)::int as count from derivatives where source_sha256 = any($1) and status = 'ready' group by kind order by kind`,
      [sources],
    );
    expect(derivatives.rows).toEqual([
      { kind: "preview", count: sources.length },
      { kind: "thumb", count: sources.length },
    ]);
    const [first] = uploaded.json() as { uuid: string }[];
    const thumbnail = await onB.request("GET", `/api/datastreams/${first?.uuid}/thumb/preview`);
    expect([thumbnail.statusCode, thumbnail.headers["content-type"]]).toEqual([200, "image/webp"]);
  });

  it("an export streams from B with every file A and B stored", async () => {
    const answer = await onB.request("POST", "/api/export", { archiveFormat: "ZIP", containers: [box], exportMetadata: false });
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    // Streamed while it is written: no length known in advance.
    expect([answer.headers["content-type"], answer.headers["transfer-encoding"]]).toEqual(["application/zip", "chunked"]);
    const entries = byPath(await readZip(answer.rawPayload));
    const files = [...entries.keys()].filter((path) => !path.endsWith("/")).sort();
    expect(files).toHaveLength(7);
    const resumedPath = files.find((path) => path.endsWith("resumed.bin")) ?? "";
    expect(entries.get(resumedPath)?.equals(resumed)).toBe(true);
    for (const path of files.filter((name) => name.endsWith(".png"))) expect(entries.get(path)?.subarray(1, 4).toString()).toBe("PNG");
  });

  it("a content-model change on A is seen on B within 1 s", async () => {
    await newContainerType(onA, "crate");
    const elapsed = await millisecondsUntil(201, () => onB.request("POST", "/api/containers", { label: "A crate", type: "crate" }));
    expect(elapsed).toBeLessThan(WITHIN_MS);
  });

  it("a user locked on A is refused on B within 1 s", async () => {
    const user = await ok(onA, "POST", "/api/users", { username: "visitor", email: "visitor@example.org", password: "Visitor-password-1" });
    const visitorOnB = signedIn(b, await signIn(a, "visitor", "Visitor-password-1"));
    expect((await visitorOnB.request("GET", "/api/my/permissions")).statusCode).toBe(200);
    await ok(onA, "PUT", `/api/users/${user.uuid}`, { username: "visitor", email: "visitor@example.org", locked: true });
    expect(await millisecondsUntil(401, () => visitorOnB.request("GET", "/api/my/permissions"))).toBeLessThan(WITHIN_MS);
  });

  it("kill -9 of A in the middle of an upload leaves nothing half-visible on B and storage used unchanged", async () => {
    const tenantId = (await sql.query<{ id: string }>("select id from tenants where code = $1", [TENANT])).rows[0]?.id;
    const listed = () => onB.request("GET", `/api/containers/${box}/datastreams?size=100`);
    const before = { listed: (await listed()).json().totalElements, storage: await ok(onB, "GET", "/api/storage/info") };
    const itemsBefore = (await ok(onB, "GET", "/api/storage/items")).totalElements;
    const keysBefore = await s3.keys(`${tenantId}/`);
    const datastreamsBefore = (await sql.query("select 1 from datastreams where tenant_id = $1", [tenantId])).rowCount;

    const boundary = `scale${randomBytes(8).toString("hex")}`;
    const declared = 64 * 1024 * 1024;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"type":"file"}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="never.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const upload = httpRequest(`${a.url}/api/datastreams?to=${box}`, {
      method: "POST",
      headers: {
        "x-tenantid": TENANT,
        authorization: `Bearer ${token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(head.length + declared),
      },
    });
    const ended = new Promise<void>((done) => {
      upload.on("error", () => done());
      upload.on("response", () => done());
    });
    // A slow client: 4 MiB sent, then nothing more until A is killed.
    upload.write(head);
    upload.write(randomBytes(4 * 1024 * 1024));
    const tempDir = join(dataDirs[0] ?? "", "blobs", "tmp");
    const spooled = await eventually(
      async () => {
        const names = await readdir(tempDir).catch(() => [] as string[]);
        let size = 0;
        for (const name of names) size += (await stat(join(tempDir, name)).catch(() => ({ size: 0 }))).size;
        return size;
      },
      (size) => size >= 1024 * 1024,
    );
    expect(spooled).toBeGreaterThanOrEqual(1024 * 1024);
    await a.stop("SIGKILL");
    await ended;

    expect((await listed()).json().totalElements).toBe(before.listed);
    expect(await ok(onB, "GET", "/api/storage/info")).toEqual(before.storage);
    expect((await ok(onB, "GET", "/api/storage/items")).totalElements).toBe(itemsBefore);
    expect(await s3.keys(`${tenantId}/`)).toEqual(keysBefore);
    expect((await sql.query("select 1 from datastreams where tenant_id = $1", [tenantId])).rowCount).toBe(datastreamsBefore);
  });
});
