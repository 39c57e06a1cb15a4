// `npm run bench -- api [--postgres]`: cost of the API's full middleware path, cold-start time and memory.
// --postgres: the throughput part on a throwaway database of the PostgreSQL server of DATABASE_URL (dropped at the
// end) instead of embedded PGlite; no cold starts (they measure the embedded mode).
//
// 1. Cold start: `node server/dist/main.js` on a fresh DATA_DIR, timed from spawn until GET /api/health answers 200
//    (polled every 25 ms); stopped with SIGTERM; started again on the same data and timed again. The resident memory
//    (VmRSS) of that second process is read right after it answers.
// 2. Throughput: bench/api-target.ts (the same prepare + buildApp as main.ts, bundled here with esbuild) runs on that
//    data dir and answers three routes with the same JSON: GET /api/my/permissions as the signed-in administrator
//    (tenant header, JWT verify, user + permissions in a tenant transaction under row-level security), GET /bench/bare
//    on the same app (no access rule: only the app's global hooks), and GET /bench/bare on a plain Fastify() instance
//    in the same process. autocannon drives each in turn (warm-up, then alternating rounds) with the same headers.
//    p95 is exact: the 95th percentile of every response time autocannon reports through its `response` event.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { bundleWithServer, memory, serverEnv, sleep, throwawayDatabase, withCleanUp } from "./harness.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

const settings = {
  connections: 10,
  pipelining: 1,
  warmupSeconds: 2,
  rounds: 3,
  roundSeconds: 5,
  pollMs: 25,
  settleSeconds: 5,
  startTimeoutMs: 60_000,
  secondStartGoalMs: 3000,
};
const password = "bench-admin-password";
const tenant = "demo";

/** Child processes and temp dirs still to clean up, also on error or Ctrl-C. */
const children = new Set();
const tempDirs = new Set();

function killAll() {
  for (const proc of children) {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
  }
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}

async function isFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** The bench may use ports 18200-18299 only. */
async function freePorts(count) {
  const ports = [];
  for (let port = 18200; port <= 18299 && ports.length < count; port++) {
    if (await isFree(port)) ports.push(port);
  }
  if (ports.length < count) throw new Error("No free port in 18200-18299");
  return ports;
}

/** Spawns `node <args>`; keeps the tail of its output for error messages. */
function startNode(args, env) {
  const proc = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.add(proc);
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  proc.stdout.on("data", keep);
  proc.stderr.on("data", keep);
  const exited = new Promise((resolve) => proc.once("exit", (code, signal) => resolve({ code, signal })));
  exited.then(() => children.delete(proc));
  return { proc, exited, output: () => output.trim() };
}

async function stop(child) {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return child.exited;
  child.proc.kill("SIGTERM");
  const timer = setTimeout(() => child.proc.kill("SIGKILL"), 10_000);
  const result = await child.exited;
  clearTimeout(timer);
  return result;
}

/** One HTTP request, no keep-alive; resolves with status and body. */
function request(port, path, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method,
        agent: false,
        timeout: 5000,
        headers: payload ? { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : headers,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode, body: text }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(payload);
  });
}

/** Milliseconds from `startedAt` until GET /api/health answers 200. */
async function waitHealthy(child, port, startedAt) {
  const deadline = startedAt + settings.startTimeoutMs;
  while (performance.now() < deadline) {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) {
      throw new Error(`The server exited before answering (code ${child.proc.exitCode ?? child.proc.signalCode}):\n${child.output()}`);
    }
    const answer = await request(port, "/api/health").catch(() => null);
    if (answer?.status === 200) return performance.now() - startedAt;
    await sleep(settings.pollMs);
  }
  throw new Error(`The server did not answer GET /api/health within ${settings.startTimeoutMs} ms:\n${child.output()}`);
}

async function residentMiB(pid) {
  const bytes = await memory(pid, "VmRSS");
  return bytes === null ? null : bytes / 1024 / 1024;
}

async function coldStarts(dataDir, port) {
  const main = join(root, "server", "dist", "main.js");
  const times = [];
  const rss = { ready: null, settled: null };
  for (const run of [1, 2]) {
    const startedAt = performance.now();
    const child = startNode([main], serverEnv(dataDir, port));
    times.push(await waitHealthy(child, port, startedAt));
    if (run === 2) {
      // Right after the first answer V8 is still compiling PGlite's WebAssembly in the background; RSS falls once idle.
      rss.ready = await residentMiB(child.proc.pid);
      await sleep(settings.settleSeconds * 1000);
      rss.settled = await residentMiB(child.proc.pid);
    }
    const { code, signal } = await stop(child);
    if (code !== 0) throw new Error(`The server did not stop cleanly on SIGTERM (code ${code ?? signal}):\n${child.output()}`);
  }
  return { first: times[0], second: times[1], rss };
}

/** Starts api-target and waits for its ready line. */
async function startTarget(file, dataDir, port, plainPort, databaseUrl) {
  const child = startNode(["--enable-source-maps", file], {
    ...serverEnv(dataDir, port, { DATABASE_URL: databaseUrl ?? "" }),
    BENCH_PLAIN_PORT: String(plainPort),
  });
  const ready = await new Promise((resolve, reject) => {
    let buffered = "";
    const timer = setTimeout(
      () => reject(new Error(`api-target did not start within ${settings.startTimeoutMs} ms:\n${child.output()}`)),
      settings.startTimeoutMs,
    );
    child.proc.stdout.on("data", (chunk) => {
      buffered += chunk.toString();
      for (const line of buffered.split("\n").slice(0, -1)) {
        if (line.startsWith('{"ready":true')) {
          clearTimeout(timer);
          resolve(JSON.parse(line));
        }
      }
      buffered = buffered.slice(buffered.lastIndexOf("\n") + 1);
    });
    child.exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`api-target exited (code ${code ?? signal}):\n${child.output()}`));
    });
  });
  return { child, ready };
}

/** One autocannon run; every response time is kept for exact percentiles. */
function cannon(target, seconds) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const statuses = new Map();
    const instance = autocannon(
      {
        url: target.url,
        headers: target.headers,
        connections: settings.connections,
        pipelining: settings.pipelining,
        duration: seconds,
        expectBody: target.expectBody,
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({ result, latencies, statuses });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
  });
}

function assertClean(target, { result, statuses }) {
  const bad = [...statuses].filter(([status]) => status !== 200);
  if (bad.length || result.non2xx || result.errors || result.timeouts || result.mismatches) {
    throw new Error(
      `${target.name}: every response must be 200 with the expected body, got non-2xx ${result.non2xx}, errors ${result.errors}, ` +
        `timeouts ${result.timeouts}, body mismatches ${result.mismatches}, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  }
}

function percentile(sorted, p) {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function throughput(targets) {
  for (const target of targets) assertClean(target, await cannon(target, settings.warmupSeconds));
  const totals = new Map(targets.map((t) => [t, { responses: 0, seconds: 0, latencies: [], rounds: [] }]));
  for (let round = 0; round < settings.rounds; round++) {
    for (const target of targets) {
      const run = await cannon(target, settings.roundSeconds);
      assertClean(target, run);
      const total = totals.get(target);
      total.responses += run.latencies.length;
      total.seconds += run.result.duration;
      total.rounds.push(run.latencies.length / run.result.duration);
      for (const ms of run.latencies) total.latencies.push(ms);
    }
  }
  return targets.map((target) => {
    const { responses, seconds, latencies, rounds } = totals.get(target);
    const sorted = Float64Array.from(latencies).sort();
    return {
      target,
      responses,
      rps: responses / seconds,
      rounds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
    };
  });
}

const fmt = (n, digits = 0) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

function printReport({ cold, rows, bundleMs, database }) {
  const [perm, ...bases] = rows;
  const cpu = os.cpus();
  console.log(
    `\nRepox bench: api   (node ${process.version}, ${cpu.length} CPU ${cpu[0]?.model.trim() ?? ""}, ${os.platform()} ${os.release()})`,
  );
  console.log(
    `database: ${database}; load average at the end ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    `autocannon: ${settings.connections} connections, pipelining ${settings.pipelining}, warm-up ${settings.warmupSeconds} s, ` +
      `${settings.rounds} alternating rounds x ${settings.roundSeconds} s per route; p95 exact over all responses\n`,
  );
  const head = ["route", "req/s", "p50 ms", "p95 ms", "p99 ms", "responses", "req/s per round"];
  const lines = rows.map((r) => [
    r.target.name,
    fmt(r.rps),
    fmt(r.p50, 2),
    fmt(r.p95, 2),
    fmt(r.p99, 2),
    fmt(r.responses),
    r.rounds.map((x) => fmt(x)).join(" / "),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const show = (cells) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(show(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(show(line));
  console.log("");
  for (const base of bases) {
    console.log(
      `ratio permissions / ${base.target.short}: req/s ${fmt(perm.rps / base.rps, 3)} (${fmt((100 * perm.rps) / base.rps, 1)} %), ` +
        `p95 ${fmt(perm.p95 / base.p95, 2)}x`,
    );
  }
  if (cold) printColdStarts(cold);
  console.log(`(bundling bench/api-target.ts took ${fmt(bundleMs)} ms, not counted)`);
}

function printColdStarts(cold) {
  const verdict = cold.second < settings.secondStartGoalMs ? "OK" : "OVER GOAL";
  console.log("");
  console.log(`cold start, empty data dir:    ${fmt(cold.first)} ms   (spawn of node server/dist/main.js -> GET /api/health 200)`);
  console.log(`cold start, existing data:     ${fmt(cold.second)} ms   (goal < ${fmt(settings.secondStartGoalMs)} ms: ${verdict})`);
  const mib = (v) => (v === null ? "n/a (no /proc)" : `${fmt(v, 0)} MiB`);
  console.log(
    `resident memory after start:   ${mib(cold.rss.ready)} at first answer, ${mib(cold.rss.settled)} after ${settings.settleSeconds} s idle   (VmRSS, second start)`,
  );
}

export async function run(args = []) {
  const unknown = args.find((arg) => arg !== "--postgres");
  if (unknown) throw new Error(`Unknown option '${unknown}' (use --postgres)`);
  if (args.includes("--postgres") && !process.env.DATABASE_URL) throw new Error("--postgres needs DATABASE_URL (postgres://…)");
  return withCleanUp(() => measure(args.includes("--postgres")));
}

async function measure(postgres) {
  const onSignal = () => {
    killAll();
    process.exit(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  const dataDir = await mkdtemp(join(os.tmpdir(), "repox-bench-api-"));
  tempDirs.add(dataDir);
  try {
    const [port, plainPort] = await freePorts(2);
    if (!postgres) console.log(`Cold starts on ${dataDir} (port ${port}) ...`);
    const cold = postgres ? null : await coldStarts(dataDir, port);

    const bundleStart = performance.now();
    const file = await bundleWithServer("api-target.ts", "api-target");
    const bundleMs = performance.now() - bundleStart;
    console.log(`Throughput: api-target on ports ${port} (app) and ${plainPort} (plain Fastify) ...`);
    const databaseUrl = postgres ? await throwawayDatabase("api") : undefined;
    const { child, ready } = await startTarget(file, dataDir, port, plainPort, databaseUrl);

    const login = await request(port, "/api/auth/jwt", {
      method: "POST",
      headers: { "x-tenantid": tenant },
      body: { username: "admin", password },
    });
    if (login.status !== 200) throw new Error(`Sign-in answered ${login.status}: ${login.body}`);
    const headers = { "x-tenantid": tenant, authorization: `Bearer ${JSON.parse(login.body).jwtToken}` };
    const expected = await request(port, "/api/my/permissions", { headers });
    if (expected.status !== 200) throw new Error(`GET /api/my/permissions answered ${expected.status}: ${expected.body}`);
    if (expected.body !== JSON.stringify(ready.body))
      throw new Error(`api-target captured ${JSON.stringify(ready.body)} but the route answers ${expected.body}`);
    if (!Array.isArray(ready.body) || ready.body.length === 0) throw new Error(`The administrator has no permissions: ${expected.body}`);

    const targets = [
      { name: "GET /api/my/permissions (full path)", short: "permissions", url: `http://127.0.0.1:${port}/api/my/permissions` },
      { name: "GET /bench/bare, same app (global hooks only)", short: "bare route in app", url: `http://127.0.0.1:${port}/bench/bare` },
      { name: "GET /bench/bare, plain Fastify() (same process)", short: "plain Fastify", url: `http://127.0.0.1:${plainPort}/bench/bare` },
    ].map((t) => ({ ...t, headers, expectBody: expected.body }));
    for (const t of targets.slice(1)) {
      const answer = await request(new URL(t.url).port, new URL(t.url).pathname, { headers });
      if (answer.status !== 200 || answer.body !== expected.body) throw new Error(`${t.name} answered ${answer.status}: ${answer.body}`);
    }

    const rows = await throughput(targets);
    await stop(child);
    printReport({ cold, rows, bundleMs, database: postgres ? "PostgreSQL server (DATABASE_URL)" : "embedded PGlite" });
  } finally {
    killAll();
    tempDirs.clear();
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
  }
}
