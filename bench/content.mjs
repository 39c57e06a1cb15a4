// `npm run bench -- content [--parts upload,listing,search,export] [--upload-mib N] [--postgres]`: the content area's
// goals, each against a baseline measured in the same run. --postgres: the listing and search on a throwaway database
// of the PostgreSQL server of DATABASE_URL (dropped at the end) instead of embedded PGlite.
//
// upload   A file of N MiB (default 1024) of random bytes, on the disk of the data dir. Baseline: `cp` of that file to
//          the same disk then `sync` of the copy, as the store syncs a file before recording it (page cache warmed
//          by reading the source first; cp without sync printed for reference). Measured: POST /api/datastreams?to={container}, one
//          multipart request streamed from the file by curl, until the server answers 201 (the file is then hashed,
//          stored and recorded). Three rounds each, alternating; the best time of each is compared. The server's
//          resident memory (VmRSS) is sampled every 50 ms; its growth over the reading before the upload is reported.
// listing  A container holding 10 000 child containers (made with POST /api/import/submit, 2 000 a request) and
//          10 000 datastreams (uploaded 100 small files a request, the most one request may hold). p95 over 200 requests each of the first page of
//          its children and of its datastreams (60, the page size of the web app) and of GET /api/containers/{uuid},
//          against GET /api/my/permissions measured the same way, after the server's statistics upkeep has run.
// search   `npm run bench -- search` (1 000 000 containers with property values).
// export   `npm run bench -- content-export` (10 000 files, 1 GiB, as ZIP against tar).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import {
  call,
  fmt,
  machine,
  memory,
  mib,
  sampleResidentMemory,
  signIn,
  sleep,
  startServer,
  stopServer,
  tempDir,
  tenant,
  throwawayDatabase,
  timeGets,
  withCleanUp,
} from "./harness.mjs";

const PARTS = ["upload", "listing", "search", "export"];
const settings = {
  uploadMiB: 1024,
  uploadRounds: 3,
  children: 10_000,
  datastreams: 10_000,
  importBatch: 2000,
  uploadBatch: 100,
  statisticsWaitMs: 65_000,
};
const listing = { requests: 200, pageSize: 60 };

function parseArgs(args) {
  const options = { parts: PARTS, uploadMiB: settings.uploadMiB, postgres: false };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--parts") options.parts = String(args[++i]).split(",");
    else if (args[i] === "--upload-mib") options.uploadMiB = Number(args[++i]);
    else if (args[i] === "--postgres") options.postgres = true;
    else throw new Error(`Unknown option '${args[i]}' (use --parts ${PARTS.join(",")}, --upload-mib N, --postgres)`);
  }
  if (options.postgres && !process.env.DATABASE_URL) throw new Error("--postgres needs DATABASE_URL (postgres://…)");
  const unknown = options.parts.filter((part) => !PARTS.includes(part));
  if (unknown.length > 0) throw new Error(`Unknown part '${unknown.join(", ")}' (parts: ${PARTS.join(", ")})`);
  if (!Number.isInteger(options.uploadMiB) || options.uploadMiB < 1) throw new Error("--upload-mib takes a whole number >= 1");
  return options;
}

/** A box type accepting box children and a file type, and one box at the top level. */
export async function makeBox(base, headers) {
  await call(base, headers, "POST", "/datastream_types", {
    json: { dataStream: { code: "benchfile", name: "Bench file", layout: "DEFAULT" }, properties: [] },
    expect: 201,
  });
  await call(base, headers, "POST", "/container_types", {
    json: {
      container: {
        code: "benchbox",
        name: "Bench box",
        layout: "DEFAULT",
        allowedAtRoot: true,
        containerAcceptance: "benchbox",
        datastreamAcceptance: "benchfile",
      },
      properties: [],
    },
    expect: 201,
  });
  return (await call(base, headers, "POST", "/containers", { json: { label: "Content bench", type: "benchbox" }, expect: 201 })).uuid;
}

export async function writeRandomFile(path, bytes) {
  const chunk = 8 * 1024 * 1024;
  async function* chunks() {
    for (let written = 0; written < bytes; written += chunk) yield randomBytes(Math.min(chunk, bytes - written));
  }
  await pipeline(chunks(), createWriteStream(path));
}

function timedCommand(command, args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk) => {
      errors += chunk.toString();
    });
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`${command}: ${errors}`))));
  });
}

/**
 * One multipart upload streamed from `path` by curl; answers milliseconds until the 201. curl rather than a client of
 * our own: it sends a GiB for about 0.4 s of CPU (Node's http client takes 0.6 s and more), and the client shares the
 * machine's two cores with the server it measures.
 */
function timedUpload(base, headers, container, path) {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const curl = spawn(
      "curl",
      [
        ...["-sS", "-o", "-", "-w", "\n%{http_code}", ...headerArgs],
        ...["-F", 'data={"type":"benchfile"}', "-F", `file=@${path};filename=big.bin;type=application/octet-stream`],
        `${base}/api/datastreams?to=${container}`,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    curl.stdout.on("data", (chunk) => {
      output += chunk.toString();
    });
    curl.stderr.on("data", (chunk) => {
      output += chunk.toString();
    });
    curl.once("error", (err) => reject(new Error(`curl could not run (the upload benchmark needs it): ${err.message}`)));
    curl.once("close", (code) => {
      const ms = performance.now() - started;
      if (code === 0 && output.endsWith("\n201")) resolve({ ms });
      else reject(new Error(`The upload failed (curl exit ${code}): ${output.slice(-500)}`));
    });
  });
}

async function benchUpload(uploadMiB) {
  const dir = await tempDir("repox-bench-upload-");
  const server = await startServer(join(dir, "data"));
  const headers = await signIn(server.base);
  const container = await makeBox(server.base, headers);
  const source = join(dir, "source.bin");
  const size = uploadMiB * 1024 * 1024;
  console.log(`Writing ${fmt(uploadMiB)} MiB of random bytes to ${source} ...`);
  await writeRandomFile(source, size);
  await timedCommand("cat", [source]);
  // Let V8 finish compiling PGlite in the background, so start-up memory is not counted as the upload's.
  await sleep(3000);
  const copies = [];
  const unsyncedCopies = [];
  const uploads = [];
  for (let round = 1; round <= settings.uploadRounds; round++) {
    console.log(`Round ${round}: cp, then upload ...`);
    const copy = join(dir, "copy.bin");
    // The store syncs a file to disk before it records it, so the copy is synced too (`sync FILE` is its fsync).
    copies.push(await timedCommand("sh", ["-c", 'cp "$0" "$1" && sync "$1"', source, copy]));
    await rm(copy);
    unsyncedCopies.push(await timedCommand("cp", [source, copy]));
    await rm(copy);
    const before = (await memory(server.proc.pid, "VmRSS")) ?? 0;
    const sampler = sampleResidentMemory(server.proc.pid);
    const upload = await timedUpload(server.base, headers, container, source);
    const highest = sampler.stop();
    uploads.push({ ...upload, growth: Math.max(0, highest - before) });
    // New bytes for the next round: the same bytes would be recognised as a file the store already has.
    await writeFile(source, randomBytes(16), { flag: "r+" });
  }
  await stopServer(server);
  const bestCopy = Math.min(...copies);
  const bestUpload = Math.min(...uploads.map((one) => one.ms));
  const rate = (ms) => `${fmt(uploadMiB / (ms / 1000))} MiB/s`;
  console.log(`\nupload of ${fmt(uploadMiB)} MiB   (${machine()}; embedded PGlite, local blob store)`);
  for (const [index, ms] of copies.entries()) console.log(`  cp + sync, round ${index + 1}: ${fmt(ms / 1000, 2)} s, ${rate(ms)}`);
  for (const [index, ms] of unsyncedCopies.entries()) {
    console.log(`  cp without sync (reference: ends in the page cache), round ${index + 1}: ${fmt(ms / 1000, 2)} s, ${rate(ms)}`);
  }
  for (const [index, one] of uploads.entries()) {
    console.log(
      `  POST /api/datastreams, round ${index + 1}: ${fmt(one.ms / 1000, 2)} s, ${rate(one.ms)}, server memory +${fmt(mib(one.growth))} MiB`,
    );
  }
  console.log(`  ratio upload / (cp + sync) (best of ${settings.uploadRounds} each): ${fmt(bestCopy / bestUpload, 2)}   (goal >= 0.7)`);
  console.log(`  ratio upload / cp without sync: ${fmt(Math.min(...unsyncedCopies) / bestUpload, 2)}`);
  console.log(`  server peak memory growth: ${fmt(mib(Math.max(...uploads.map((one) => one.growth))))} MiB   (goal < 100 MB)`);
}

/** Small files uploaded `settings.uploadBatch` a request. */
export async function uploadSmallFiles(base, headers, container, count) {
  for (let start = 0; start < count; start += settings.uploadBatch) {
    const form = new FormData();
    form.append("data", JSON.stringify({ type: "benchfile" }));
    for (let index = start; index < Math.min(count, start + settings.uploadBatch); index++) {
      form.append("file", new Blob([randomBytes(256)], { type: "application/octet-stream" }), `file-${String(index).padStart(5, "0")}.bin`);
    }
    await call(base, headers, "POST", `/datastreams?to=${container}`, { body: form, expect: 201 });
    if (process.stdout.isTTY) process.stdout.write(`\r  ${fmt(Math.min(count, start + settings.uploadBatch))} / ${fmt(count)} files   `);
  }
  if (process.stdout.isTTY) process.stdout.write("\n");
}

export async function importChildren(base, headers, container, count) {
  for (let start = 0; start < count; start += settings.importBatch) {
    const containers = Array.from({ length: Math.min(settings.importBatch, count - start) }, (_, offset) => ({
      label: `Item ${String(start + offset).padStart(5, "0")}`,
      type: "benchbox",
      properties: [],
    }));
    await call(base, headers, "POST", "/import/submit", { json: { to: container, containers }, expect: 200 });
    if (process.stdout.isTTY) process.stdout.write(`\r  ${fmt(start + containers.length)} / ${fmt(count)} containers   `);
  }
  if (process.stdout.isTTY) process.stdout.write("\n");
}

async function benchListing(postgres) {
  const dir = await tempDir("repox-bench-listing-");
  const databaseUrl = postgres ? await throwawayDatabase("listing") : undefined;
  const server = await startServer(join(dir, "data"), { databaseUrl });
  const headers = await signIn(server.base);
  const container = await makeBox(server.base, headers);
  console.log(`Filling one container with ${fmt(settings.children)} containers and ${fmt(settings.datastreams)} files ...`);
  const started = performance.now();
  await importChildren(server.base, headers, container, settings.children);
  await uploadSmallFiles(server.base, headers, container, settings.datastreams);
  console.log(`  filled in ${fmt((performance.now() - started) / 1000, 1)} s`);
  // The embedded server refreshes the statistics of grown tables every minute (autoanalyze on PostgreSQL): measured
  // once that has happened, as a folder is read long after it was filled.
  console.log(`Waiting ${settings.statisticsWaitMs / 1000} s for the server's statistics upkeep ...`);
  await sleep(settings.statisticsWaitMs);
  const page = `page=0&size=${listing.pageSize}`;
  const measured = {
    "GET /api/my/permissions (baseline)": "/my/permissions",
    [`GET /api/containers/{uuid}/children?${page}`]: `/containers/${container}/children?${page}`,
    [`GET /api/containers/{uuid}/datastreams?${page}`]: `/containers/${container}/datastreams?${page}`,
    "GET /api/containers/{uuid}": `/containers/${container}`,
    "children sorted by createdAt, desc": `/containers/${container}/children?${page}&sort=createdAt&direction=desc`,
    "children sorted by starred, desc": `/containers/${container}/children?${page}&sort=starred&direction=desc`,
    "children filtered by ?q=item 0999": `/containers/${container}/children?${page}&q=item%200999`,
  };
  const results = [];
  for (const [name, path] of Object.entries(measured))
    results.push([name, await timeGets(server.base, headers, path, { count: listing.requests })]);
  await stopServer(server);
  const baseline = results[0][1].p95;
  console.log(
    `\nlisting a container of ${fmt(settings.children)} containers and ${fmt(settings.datastreams)} files   (${machine()}; ${databaseUrl ? "PostgreSQL server" : "embedded PGlite"})`,
  );
  for (const [name, result] of results) {
    console.log(
      `  ${name.padEnd(62)} p50 ${fmt(result.p50, 1).padStart(5)} ms  p95 ${fmt(result.p95, 1).padStart(5)} ms  p99 ${fmt(result.p99, 1).padStart(5)} ms  p95 ratio to baseline ${fmt(result.p95 / baseline, 2)}`,
    );
  }
  console.log(
    `  goal: p95 of the first pages and of GET /api/containers/{uuid} < 50 ms (${listing.requests} requests each, one at a time)`,
  );
}

export async function run(args) {
  const options = parseArgs(args);
  console.log(`Repox bench: content (${options.parts.join(", ")}), tenant ${tenant}`);
  await withCleanUp(async () => {
    if (options.parts.includes("upload")) await benchUpload(options.uploadMiB);
    if (options.parts.includes("listing")) await benchListing(options.postgres);
  });
  if (options.parts.includes("search")) await (await import("./search.mjs")).run(options.postgres ? ["--postgres"] : []);
  if (options.parts.includes("export")) await (await import("./content-export.mjs")).run([]);
}
