// What every benchmark needs: the built server as a child process on a fresh data dir, a free port, the /proc memory
// readings, API calls that fail the run on an unexpected status, percentiles and number formatting, and clean-up of
// child processes and temp dirs also on error or Ctrl-C.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import pg from "pg";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const serverMain = join(root, "server", "dist", "main.js");
export const password = "bench-admin-password";
export const tenant = "demo";

const children = new Set();
const tempDirs = new Set();

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const fmt = (n, digits = 0) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const mib = (bytes) => bytes / 1024 / 1024;

/** The p-th percentile of ascending `sorted`. */
export function percentile(sorted, p) {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** p50, p95 and p99 of a list of milliseconds. */
export function summarise(times) {
  const sorted = Float64Array.from(times).sort();
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

/** The machine, for the heading of a report. */
export function machine() {
  const cpu = os.cpus();
  return `node ${process.version}, ${cpu.length} CPU ${cpu[0]?.model.trim() ?? ""}, ${os.platform()} ${os.release()}`;
}

/** A temp dir removed when the benchmark ends. */
export async function tempDir(prefix) {
  const dir = await mkdtemp(join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

function cleanUp() {
  for (const proc of children) if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
  children.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

const throwawayDatabases = [];

/** A connection to the PostgreSQL server of `url`: `query(text, params)` answers rows. */
export function postgresConnection(url) {
  return async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.end() };
  };
}

/** A database of its own on the server of DATABASE_URL, named after `purpose`, dropped when withCleanUp's body ends. */
export async function throwawayDatabase(purpose) {
  const server = process.env.DATABASE_URL;
  if (!server) throw new Error("--postgres needs DATABASE_URL (postgres://…)");
  const name = `repox_bench_${purpose}_${process.pid}`;
  const admin = postgresConnection(server);
  const connection = await admin();
  await connection.query(`create database ${name}`);
  await connection.close();
  throwawayDatabases.push(async () => {
    const drop = await admin();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.close();
  });
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `body`, then kills what it started and removes its temp dirs, also on Ctrl-C. */
export async function withCleanUp(body) {
  const onSignal = () => {
    cleanUp();
    process.exit(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    return await body();
  } finally {
    for (const drop of throwawayDatabases.splice(0)) await drop();
    cleanUp();
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
  }
}

function isFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

export async function freePort() {
  for (let port = 18200; port <= 18299; port++) if (await isFree(port)) return port;
  throw new Error("No free port in 18200-18299");
}

/** The server's environment: empty counts as unset, so the defaults apply, not whatever the calling shell has. */
export function serverEnv(dataDir, port, extra = {}) {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    REPOX_ADMIN_PASSWORD: password,
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    JWT_SECRET: "",
    REPOX_DEFAULT_TENANT: "",
    REPOX_ADMIN_USERNAME: "",
    WEB_DIST: "",
    ...extra,
  };
}

/** `node <script>` as a child process; keeps its stdout and the last 4000 characters of its output. */
export function startNode(script, env, nodeArgs = []) {
  const proc = spawn(process.execPath, [...nodeArgs, script], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  children.add(proc);
  let stdout = "";
  let output = "";
  proc.stdout.on("data", (chunk) => {
    stdout += chunk.toString();
    output = (output + chunk.toString()).slice(-4000);
  });
  proc.stderr.on("data", (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  const exited = new Promise((resolve) => proc.once("exit", (code, signal) => resolve({ code, signal })));
  return { proc, exited, stdout: () => stdout, output: () => output.trim() };
}

/** The built server on `dataDir`, answering on `base` once this resolves. */
export async function startServer(dataDir, { databaseUrl, timeoutMs = 60_000 } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startNode(serverMain, serverEnv(dataDir, port, { DATABASE_URL: databaseUrl ?? "" }));
  await waitHealthy(server, base, timeoutMs);
  return { ...server, base };
}

export async function stopServer(server) {
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) return;
  server.proc.kill("SIGTERM");
  const timer = setTimeout(() => server.proc.kill("SIGKILL"), 15_000);
  await server.exited;
  clearTimeout(timer);
}

export async function waitHealthy(server, base, timeoutMs = 60_000) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (server.proc.exitCode !== null) throw new Error(`The server exited before answering:\n${server.output()}`);
    const answer = await fetch(`${base}/api/health`).catch(() => null);
    if (answer?.ok) return;
    await sleep(50);
  }
  throw new Error(`The server did not answer GET /api/health within ${timeoutMs} ms:\n${server.output()}`);
}

/** VmHWM (peak) or VmRSS (now) of a process, in bytes; null once it is gone. */
export async function memory(pid, field) {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(status)?.[1]);
    return Number.isFinite(kb) ? kb * 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's VmRSS every `everyMs` until stopped; `stop()` answers the highest reading. */
export function sampleResidentMemory(pid, everyMs = 50) {
  let highest = 0;
  const timer = setInterval(async () => {
    highest = Math.max(highest, (await memory(pid, "VmRSS")) ?? 0);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return highest;
    },
  };
}

/**
 * Samples the VmHWM of `pid`'s child processes (an embedded server without the build's empty database runs initdb in
 * one, decisions 0011 and 0013) every `everyMs` until stopped; `stop()` answers the highest. A child's VmHWM only
 * grows, so the last reading before it exits is its peak, give or take what it reached in its last `everyMs`.
 */
export function sampleChildrenPeak(pid, everyMs = 100) {
  let highest = 0;
  const timer = setInterval(async () => {
    let children = [];
    try {
      children = (await readFile(`/proc/${pid}/task/${pid}/children`, "utf8")).split(" ").filter(Boolean);
    } catch {
      return;
    }
    for (const child of children) highest = Math.max(highest, (await memory(child, "VmHWM")) ?? 0);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return highest;
    },
  };
}

/** One API call; fails the benchmark on anything but the expected status. */
export async function call(base, headers, method, path, { json, body, expect = 200 } = {}) {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: json === undefined ? headers : { ...headers, "content-type": "application/json" },
    body: json === undefined ? body : JSON.stringify(json),
  });
  const text = await response.text();
  if (response.status !== expect) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

/** Signs in as the demo administrator; answers the headers of later calls. */
export async function signIn(base) {
  const login = await call(base, { "x-tenantid": tenant }, "POST", "/auth/jwt", { json: { username: "admin", password } });
  return { "x-tenantid": tenant, authorization: `Bearer ${login.jwtToken}` };
}

/** Times `count` GETs of `path` one after another, after `warmup` untimed ones. */
export async function timeGets(base, headers, path, { count, warmup = 20 }) {
  for (let i = 0; i < warmup; i++) await call(base, headers, "GET", path);
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await call(base, headers, "GET", path);
    times.push(performance.now() - started);
  }
  return summarise(times);
}

/**
 * Bundles a benchmark's own TypeScript program that uses the server's code into bench/.out/<name>.js, with the
 * server's worker threads beside it as in server/dist (server/build.mjs); npm packages stay external.
 */
export async function bundleWithServer(entry, name) {
  const packages = await Promise.all(
    ["server", ".", "contracts"].map(async (dir) => JSON.parse(await readFile(join(root, dir, "package.json"), "utf8"))),
  );
  // Contracts' packages too, as in server/build.mjs: bundled CommonJS (sanitize-html) cannot require() from ESM.
  const external = packages.flatMap((pkg) => Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }));
  const outdir = join(root, "bench", ".out");
  await build({
    entryPoints: [
      { in: join(root, "bench", entry), out: name },
      // The files the server starts threads and processes from (server/build.mjs), found beside the bundle.
      ...["hash-worker", "read-worker"].map((worker) => ({
        in: join(root, "server", "src", "platform", "blobs", `${worker}.ts`),
        out: worker,
      })),
      { in: join(root, "server", "src", "platform", "db", "embedded-initdb.ts"), out: "embedded-initdb" },
    ],
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    sourcemap: true,
    external: [...external, "zod"],
    logLevel: "warning",
  });
  return join(outdir, `${name}.js`);
}
