// `npm run bench -- content-export`: export of 10 000 files (about 1 GiB) in one container as a ZIP through HTTP,
// against `tar` of the same files on disk, and the server's memory meanwhile.
//
// 1. bench/content-export-seed.ts (bundled with esbuild) fills a fresh DATA_DIR (embedded PGlite): 10 000 files of
//    random bytes, 105 KB each (photos are about this incompressible), written through the blob store and straight
//    into the tables, in one container of the demo tenant. Not timed.
// 2. The built server (`node server/dist/main.js`) starts on that data, on a port in 18200-18299.
// 3. Baseline: `tar cf - <the tenant's blob folder>`, its output read by this process through a pipe, as the export's
//    is read through HTTP. (`tar cf - dir > /dev/null` is printed too, for reference: GNU tar notices /dev/null and
//    skips reading the files, so that figure is not a baseline.) A first tar run warms the page cache for both, and
//    a first export warms the server (V8 compiles the hot paths of a fresh process during its first export: that
//    one takes about half as long again, as a server running for a while does not).
// 4. POST /api/export {archiveFormat: ZIP, containers: [the container], exportMetadata: false}, the body read by this
//    process from the socket and counted as tar's output is from its pipe (and its end checked: a ZIP's end record).
//    Baseline and export alternate for 3 rounds; the best time of each is compared. One more export with
//    exportMetadata true is timed on its own, and one received by curl and piped to this process, for reference (a
//    second client process on the same two cores: about 0.6 s of CPU a GiB that tar's reading does not pay).
// 5. Memory: the server's VmRSS sampled every 50 ms during each export (from /proc), and its VmHWM at the end (that
//    peak is reached at start, while V8 compiles PGlite; see the api benchmark).
import { spawn } from "node:child_process";
import { request } from "node:http";
import { join } from "node:path";
import {
  bundleWithServer,
  fmt,
  machine,
  memory,
  mib,
  sampleResidentMemory,
  serverEnv,
  signIn,
  sleep,
  startNode,
  startServer,
  stopServer,
  tempDir,
  withCleanUp,
} from "./harness.mjs";

const settings = { files: 10_000, fileBytes: 105 * 1024, rounds: 3, sampleMs: 50 };

async function seed(dataDir) {
  const seeder = startNode(
    await bundleWithServer("content-export-seed.ts", "content-export-seed"),
    serverEnv(dataDir, 0, { BENCH_FILES: String(settings.files), BENCH_FILE_BYTES: String(settings.fileBytes) }),
  );
  const { code, signal } = await seeder.exited;
  if (code !== 0) throw new Error(`The seeder failed (${code ?? signal}):\n${seeder.output()}`);
  return JSON.parse(seeder.stdout().trim().split("\n").at(-1));
}

/** Runs `tar cf - <folder>` and reads its output through a pipe; answers bytes and milliseconds. */
async function tarThroughPipe(blobsRoot, folder) {
  const started = performance.now();
  const tar = spawn("tar", ["cf", "-", "-C", blobsRoot, folder], { stdio: ["ignore", "pipe", "pipe"] });
  const { bytes } = await readAll(tar.stdout);
  const { code, errors } = await exitOf(tar, "tar");
  if (code !== 0) throw new Error(`tar: ${errors}`);
  return { bytes, ms: performance.now() - started };
}

/** `tar cf - <folder> > /dev/null` through a shell, for reference only. */
function tarToDevNull(blobsRoot, folder) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const shell = spawn("sh", ["-c", 'tar cf - -C "$0" "$1" > /dev/null', blobsRoot, folder], { stdio: "ignore" });
    shell.once("error", reject);
    shell.once("close", (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`tar exited ${code}`))));
  });
}

/**
 * Reads `stream` to its end as a client that keeps nothing: the bytes counted and the last 22 kept (where a ZIP's end
 * record sits). The same for tar's pipe and the export's socket, so that both outputs cost their reader alike.
 */
function readAll(stream) {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    let tail = Buffer.alloc(0);
    stream.on("data", (chunk) => {
      bytes += chunk.length;
      tail = chunk.length >= 22 ? chunk.subarray(-22) : Buffer.concat([tail, chunk]).subarray(-22);
    });
    stream.once("error", reject);
    stream.once("end", () => resolve({ bytes, tail }));
  });
}

/** The exit code of a child process and what it wrote to stderr. */
function exitOf(child, name) {
  let errors = "";
  child.stderr.on("data", (chunk) => {
    errors += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once("error", (err) => reject(new Error(`${name} could not run (this benchmark needs it): ${err.message}`)));
    child.once("close", (code) => resolve({ code, errors }));
  });
}

/** POST /api/export read by this process from the socket, as tar's output is from its pipe. */
async function exportThroughHttp(base, headers, body) {
  const response = await new Promise((resolve, reject) => {
    const sent = request(`${base}/api/export`, { method: "POST", headers: { ...headers, "content-type": "application/json" } }, resolve);
    sent.once("error", reject);
    sent.end(body);
  });
  const { bytes, tail } = await readAll(response);
  if (response.statusCode !== 200) throw new Error(`POST /api/export failed (${response.statusCode}): ${tail.toString()}`);
  return { bytes, tail };
}

/** POST /api/export received by curl and read by this process through a pipe: a second client process, for reference. */
async function exportThroughCurl(base, headers, body) {
  const headerArgs = Object.entries({ ...headers, "content-type": "application/json" }).flatMap(([name, value]) => [
    "-H",
    `${name}: ${value}`,
  ]);
  const curl = spawn("curl", ["-sS", "--fail-with-body", ...headerArgs, "--data-binary", body, `${base}/api/export`], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const [{ bytes, tail }, { code, errors }] = await Promise.all([readAll(curl.stdout), exitOf(curl, "curl")]);
  if (code !== 0) throw new Error(`POST /api/export failed (curl exit ${code}): ${errors} ${tail.toString()}`);
  return { bytes, tail };
}

/** One export, read through `receive`, its end checked; the server's RSS sampled meanwhile. */
async function timedExport(base, headers, container, pid, { exportMetadata = false, receive = exportThroughHttp } = {}) {
  const rssBefore = await memory(pid, "VmRSS");
  const sampler = sampleResidentMemory(pid, settings.sampleMs);
  const started = performance.now();
  try {
    const body = JSON.stringify({ archiveFormat: "ZIP", containers: [container], exportMetadata });
    const { bytes, tail } = await receive(base, headers, body);
    const ms = performance.now() - started;
    // The last record of a ZIP: "end of central directory", signature PK\5\6.
    if (tail.readUInt32LE(0) !== 0x06054b50) throw new Error("The export does not end like a ZIP");
    return { bytes, ms, rssBefore, rssMax: Math.max(rssBefore ?? 0, sampler.stop()) };
  } finally {
    sampler.stop();
  }
}

export function run() {
  return withCleanUp(async () => {
    const dir = await tempDir("repox-bench-export-");
    const dataDir = join(dir, "data");
    console.log(`Seeding ${fmt(settings.files)} files of ${fmt(settings.fileBytes / 1024)} KiB (data in ${dataDir}) ...`);
    const started = performance.now();
    const seeded = await seed(dataDir);
    console.log(`  seeded in ${fmt((performance.now() - started) / 1000, 1)} s`);
    const blobsRoot = join(dataDir, "blobs");

    console.log("Starting the server ...");
    const server = await startServer(dataDir);
    const base = server.base;
    const headers = await signIn(base);
    // Let V8 finish compiling PGlite in the background, so start-up memory is not counted as the export's.
    await sleep(5000);

    console.log("Warming the page cache (tar) and the server (an export), not timed ...");
    await tarThroughPipe(blobsRoot, seeded.tenantId);
    await timedExport(base, headers, seeded.container, server.proc.pid);
    const tars = [];
    const exports = [];
    for (let round = 1; round <= settings.rounds; round++) {
      console.log(`Round ${round}: tar, then export ...`);
      tars.push(await tarThroughPipe(blobsRoot, seeded.tenantId));
      exports.push(await timedExport(base, headers, seeded.container, server.proc.pid));
    }
    console.log("Export with metadata ...");
    const withMetadata = await timedExport(base, headers, seeded.container, server.proc.pid, { exportMetadata: true });
    console.log("Export received by curl (reference) ...");
    const byCurl = await timedExport(base, headers, seeded.container, server.proc.pid, { receive: exportThroughCurl });
    const devNullMs = await tarToDevNull(blobsRoot, seeded.tenantId);
    const peak = await memory(server.proc.pid, "VmHWM");
    await stopServer(server);

    const bestTar = tars.reduce((best, one) => (one.ms < best.ms ? one : best));
    const bestExport = exports.reduce((best, one) => (one.ms < best.ms ? one : best));
    const rate = (bytes, ms) => mib(bytes) / (ms / 1000);
    console.log(`\nRepox bench: content-export   (${machine()})`);
    console.log(
      `embedded PGlite, local blob store, ${fmt(seeded.files)} files of ${fmt(settings.fileBytes / 1024)} KiB = ${fmt(mib(seeded.bytes))} MiB in one container\n`,
    );
    const line = (name, result) =>
      `${name.padEnd(46)} ${fmt(result.ms / 1000, 2).padStart(6)} s  ${fmt(rate(seeded.bytes, result.ms)).padStart(5)} MiB/s of file content  (${fmt(mib(result.bytes))} MiB out)`;
    for (const [index, one] of tars.entries()) console.log(line(`tar cf - (read through a pipe), round ${index + 1}`, one));
    for (const [index, one] of exports.entries()) console.log(line(`POST /api/export ZIP, round ${index + 1}`, one));
    console.log(line("POST /api/export ZIP with metadata", withMetadata));
    console.log(line("POST /api/export ZIP through curl (reference)", byCurl));
    console.log(
      `${"tar cf - > /dev/null (reference only)".padEnd(46)} ${fmt(devNullMs / 1000, 2).padStart(6)} s  (GNU tar does not read the files when writing to /dev/null)`,
    );
    console.log(`\nratio export / tar (best of ${settings.rounds} each): ${fmt(bestTar.ms / bestExport.ms, 2)}   (goal >= 0.5)`);
    const range = (one) => `${fmt(mib(one.rssBefore ?? 0))} MiB before, at most ${fmt(mib(one.rssMax))} MiB during`;
    for (const [index, one] of exports.entries()) console.log(`server resident memory, export round ${index + 1}: ${range(one)}`);
    console.log(`server resident memory, export with metadata: ${range(withMetadata)}`);
    console.log(`server peak resident memory over the run (VmHWM, reached at start): ${peak === null ? "n/a" : `${fmt(mib(peak))} MiB`}`);
  });
}
