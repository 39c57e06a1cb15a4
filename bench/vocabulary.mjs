// `npm run bench -- vocabulary`: term import and term search at 100 000 terms, and the server's memory meanwhile.
//
// 1. The built server (`node server/dist/main.js`) starts on a fresh DATA_DIR (embedded PGlite), on a port in
//    18200-18299. The benchmark signs in as the demo administrator and creates one vocabulary.
// 2. It writes two xlsx files of 50 000 terms each (the most one file may hold) with exceljs' streaming writer, not
//    timed. Each file then goes through the web app's two stages: POST /load (multipart upload, parse, check) and
//    POST /import of every valid row, in batches of VOCABULARY_LIMITS.importBatchTerms as the web app sends them.
//    terms/s = 100 000 / (time of all loads and imports).
// 3. Search: GET /terms?q=… for 3- to 8-character fragments of term ids and labels (some typed without accents or in
//    another case), one request at a time after a warm-up; p50/p95/p99 of the response times. The baseline, measured
//    the same way in the same run, is the unfiltered first page (same count query, no text match).
// 4. Peak resident memory: VmHWM of the server process from /proc, read at the end.
import { spawn } from "node:child_process";
import { openAsBlob, rmSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ExcelJS from "exceljs";

const root = fileURLToPath(new URL("..", import.meta.url));
const settings = {
  files: 2,
  termsPerFile: 50_000,
  importBatchTerms: 5000,
  searchWarmup: 20,
  searches: 300,
  pageSize: 20,
  startTimeoutMs: 60_000,
};
const password = "bench-admin-password";
const tenant = "demo";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const children = new Set();
const tempDirs = new Set();

function cleanUp() {
  for (const proc of children) if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function isFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

async function freePort() {
  for (let port = 18200; port <= 18299; port++) if (await isFree(port)) return port;
  throw new Error("No free port in 18200-18299");
}

function startServer(dataDir, port) {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    REPOX_ADMIN_PASSWORD: password,
    LOG_LEVEL: "warn",
    // Empty counts as unset: the defaults, not whatever the calling shell has.
    DATABASE_URL: "",
    JWT_SECRET: "",
    REPOX_DEFAULT_TENANT: "",
    REPOX_ADMIN_USERNAME: "",
    WEB_DIST: "",
  };
  const proc = spawn(process.execPath, [join(root, "server", "dist", "main.js")], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  children.add(proc);
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  proc.stdout.on("data", keep);
  proc.stderr.on("data", keep);
  const exited = new Promise((resolve) => proc.once("exit", (code, signal) => resolve({ code, signal })));
  return { proc, exited, output: () => output.trim() };
}

async function stopServer(server) {
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) return;
  server.proc.kill("SIGTERM");
  const timer = setTimeout(() => server.proc.kill("SIGKILL"), 10_000);
  await server.exited;
  clearTimeout(timer);
}

async function waitHealthy(server, base) {
  const deadline = performance.now() + settings.startTimeoutMs;
  while (performance.now() < deadline) {
    if (server.proc.exitCode !== null) throw new Error(`The server exited before answering:\n${server.output()}`);
    const answer = await fetch(`${base}/api/health`).catch(() => null);
    if (answer?.ok) return;
    await sleep(50);
  }
  throw new Error(`The server did not answer GET /api/health within ${settings.startTimeoutMs} ms:\n${server.output()}`);
}

/** VmHWM (peak) or VmRSS (now) of a process, in MiB. */
async function memoryMiB(pid, field) {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/** One call; fails the benchmark on anything but the expected status. */
async function call(base, headers, method, path, { json, body, expect = 200 } = {}) {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: json === undefined ? headers : { ...headers, "content-type": "application/json" },
    body: json === undefined ? body : JSON.stringify(json),
  });
  const text = await response.text();
  if (response.status !== expect) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

const MATERIALS = ["Bronze", "Café", "Ñandú", "Straße", "Marble", "Oak", "Glass", "Clay", "Silk", "Linen", "Ivory", "Résine"];
const FORMS = ["vessel", "statue", "coin", "tile", "mask", "lamp", "brooch", "panel", "textile", "manuscript", "seal", "fresco"];
const PLACES = ["Athènes", "Roma", "Beograd", "Sevilla", "Kraków", "Zürich", "Malmö", "Ορεινή", "Lyon", "Porto", "Gdańsk", "Tromsø"];

function term(index) {
  const label = `${MATERIALS[index % 12]} ${FORMS[Math.floor(index / 12) % 12]} from ${PLACES[Math.floor(index / 144) % 12]} ${index}`;
  return [`T-${String(index).padStart(6, "0")}`, label, `https://vocab.example.org/terms/${index}`];
}

async function writeTermFile(path, first, count) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet("Terms");
  sheet.addRow(["termId", "label", "termUri"]).commit();
  for (let index = first; index < first + count; index++) sheet.addRow(term(index)).commit();
  sheet.commit();
  await workbook.commit();
}

/** Fragments a curator would type: parts of ids and labels, some without accents or in capitals. */
function searchTexts(total) {
  const texts = [];
  for (let i = 0; i < settings.searches; i++) {
    const index = (i * 7919) % total;
    const [termId, label] = term(index);
    const kind = i % 5;
    if (kind === 0) texts.push(termId.slice(-6));
    else if (kind === 1) texts.push(label.slice(0, 4).toLowerCase());
    else if (kind === 2) texts.push(PLACES[i % 12].normalize("NFD").replace(/\p{M}/gu, "").toUpperCase());
    else if (kind === 3) texts.push(`${FORMS[i % 12]} from`);
    else texts.push(String(index).padStart(5, "0").slice(-5));
  }
  return texts;
}

function percentile(sorted, p) {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timedRequests(base, headers, paths) {
  for (const path of paths.slice(0, settings.searchWarmup)) await call(base, headers, "GET", path);
  const times = [];
  let matches = 0;
  for (const path of paths) {
    const started = performance.now();
    const page = await call(base, headers, "GET", path);
    times.push(performance.now() - started);
    matches += page.totalElements;
  }
  const sorted = Float64Array.from(times).sort();
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), meanMatches: matches / paths.length };
}

const fmt = (n, digits = 0) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

export async function run() {
  const onSignal = () => {
    cleanUp();
    process.exit(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  const dir = await mkdtemp(join(os.tmpdir(), "repox-bench-vocabulary-"));
  tempDirs.add(dir);
  try {
    const total = settings.files * settings.termsPerFile;
    console.log(`Writing ${settings.files} xlsx files of ${fmt(settings.termsPerFile)} terms ...`);
    const files = [];
    for (let i = 0; i < settings.files; i++) {
      const path = join(dir, `terms-${i + 1}.xlsx`);
      await writeTermFile(path, i * settings.termsPerFile, settings.termsPerFile);
      files.push(path);
    }

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    console.log(`Starting the server on ${base} (data in ${dir}) ...`);
    const server = startServer(join(dir, "data"), port);
    await waitHealthy(server, base);
    const memory = { started: await memoryMiB(server.proc.pid, "VmRSS"), startPeak: await memoryMiB(server.proc.pid, "VmHWM") };
    const login = await call(base, { "x-tenantid": tenant }, "POST", "/auth/jwt", { json: { username: "admin", password } });
    const headers = { "x-tenantid": tenant, authorization: `Bearer ${login.jwtToken}` };
    const vocabulary = await call(base, headers, "POST", "/vocabularies", { json: { name: "Bench terms" }, expect: 201 });
    const terms = `/vocabularies/${vocabulary.uuid}`;

    console.log(`Loading and importing ${fmt(total)} terms ...`);
    let loadMs = 0;
    let importMs = 0;
    for (const [i, path] of files.entries()) {
      const form = new FormData();
      form.append("file", await openAsBlob(path, { type: XLSX }), `terms-${i + 1}.xlsx`);
      let started = performance.now();
      const { rows } = await call(base, headers, "POST", `${terms}/load`, { body: form });
      loadMs += performance.now() - started;
      if (i === 0) memory.firstLoadPeak = await memoryMiB(server.proc.pid, "VmHWM");
      const data = rows.filter((row) => row.valid).map((row) => row.data);
      if (data.length !== settings.termsPerFile) throw new Error(`File ${i + 1}: ${data.length} valid rows of ${settings.termsPerFile}`);
      started = performance.now();
      for (let start = 0; start < data.length; start += settings.importBatchTerms) {
        const result = await call(base, headers, "POST", `${terms}/import`, {
          json: { data: data.slice(start, start + settings.importBatchTerms) },
        });
        if (!result.valid) throw new Error(`Import refused terms: ${result.errors.slice(0, 3).join("; ")}`);
      }
      importMs += performance.now() - started;
    }
    memory.imported = await memoryMiB(server.proc.pid, "VmRSS");
    memory.importPeak = await memoryMiB(server.proc.pid, "VmHWM");
    const counted = await call(base, headers, "GET", terms);
    if (counted.termCount !== total) throw new Error(`The vocabulary holds ${counted.termCount} terms, not ${total}`);

    console.log(`Searching (${settings.searches} searches after ${settings.searchWarmup} warm-up) ...`);
    const texts = searchTexts(total);
    const search = await timedRequests(
      base,
      headers,
      texts.map((q) => `${terms}/terms?size=${settings.pageSize}&q=${encodeURIComponent(q)}`),
    );
    const baseline = await timedRequests(
      base,
      headers,
      texts.map(() => `${terms}/terms?size=${settings.pageSize}&page=0`),
    );
    const peak = await memoryMiB(server.proc.pid, "VmHWM");
    memory.searched = await memoryMiB(server.proc.pid, "VmRSS");
    await stopServer(server);

    const cpu = os.cpus();
    console.log(
      `\nRepox bench: vocabulary   (node ${process.version}, ${cpu.length} CPU ${cpu[0]?.model.trim() ?? ""}, ${os.platform()} ${os.release()})`,
    );
    console.log(
      `embedded PGlite, ${fmt(total)} terms in ${settings.files} xlsx files, import batches of ${fmt(settings.importBatchTerms)}\n`,
    );
    const seconds = (loadMs + importMs) / 1000;
    console.log(
      `load + import:  ${fmt(total / seconds)} terms/s   (${fmt(seconds, 1)} s: load ${fmt(loadMs / 1000, 1)} s, import ${fmt(importMs / 1000, 1)} s)`,
    );
    console.log(`  load alone:   ${fmt(total / (loadMs / 1000))} terms/s;  import alone: ${fmt(total / (importMs / 1000))} terms/s`);
    const line = (name, r) =>
      `${name.padEnd(38)} p50 ${fmt(r.p50, 2).padStart(7)} ms   p95 ${fmt(r.p95, 2).padStart(7)} ms   p99 ${fmt(r.p99, 2).padStart(7)} ms   mean matches ${fmt(r.meanMatches)}`;
    console.log("");
    console.log(line(`search q=… over ${fmt(total)} terms`, search));
    console.log(line("baseline: first page, no search", baseline));
    console.log(`ratio search / baseline: p95 ${fmt(search.p95 / baseline.p95, 2)}x`);
    console.log("");
    const mib = (value) => (value === null ? "n/a (no /proc)" : `${fmt(value)} MiB`);
    console.log(
      `server peak resident memory: ${mib(peak)}   (VmHWM over the whole run; ${mib(memory.startPeak)} once started, ${mib(memory.firstLoadPeak)} after the first load, ${mib(memory.importPeak)} after all imports)`,
    );
    console.log(
      `server resident memory now:  ${mib(memory.started)} after start, ${mib(memory.imported)} after the imports, ${mib(memory.searched)} after the searches (VmRSS)`,
    );
  } finally {
    cleanUp();
    tempDirs.clear();
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
  }
}
