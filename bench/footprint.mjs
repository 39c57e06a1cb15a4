// `npm run bench -- footprint [--compare <other build's server/dist/main.js>] [--rounds N]`: the embedded server's
// resident memory (issue 15 §2) while it runs the content and vocabulary workloads, and the timings of those
// workloads, so that a memory setting is judged with what it costs.
//
// For each build (this one, and with --compare another one, e.g. a checkout of main, run alternately):
// 1. First start: `node server/dist/main.js` on an empty DATA_DIR (initdb, migrations, the demo tenant). VmHWM of that
//    process and of the child process it runs initdb in (decision 0011), then it stops.
// 2. Second start on the same data: VmRSS at its first answer and after 10 s idle.
// 3. Content: one container filled with 10 000 child containers (POST /api/import/submit, 2 000 a request: the
//    import timing) and 10 000 small files (POST /api/datastreams, 100 a request).
// 4. Vocabulary: 100 000 terms in two xlsx files through POST /load and POST /import (as `vocabulary`).
// 5. After the server's statistics upkeep has run (65 s after the content was filled): p50/p95 of 100 requests each,
//    one at a time after 10 warm-up, of the folder's first page of children and of datastreams, the container, the
//    children filtered by a text, POST /api/search, and 300 term searches (as `vocabulary`).
// 6. VmRSS after 10 s idle, and VmHWM of the process over the whole run: the peak.
// Goals: RSS < 250 MiB idle, peak < 500 MiB, and with --compare no timing more than 10 % slower than the other build.
import { openAsBlob } from "node:fs";
import os from "node:os";
import { join, resolve } from "node:path";
import { importChildren, makeBox, uploadSmallFiles } from "./content.mjs";
import {
  call,
  fmt,
  freePort,
  machine,
  memory,
  mib,
  sampleChildrenPeak,
  serverEnv,
  serverMain,
  signIn,
  sleep,
  startNode,
  stopServer,
  summarise,
  tempDir,
  waitHealthy,
  withCleanUp,
} from "./harness.mjs";
import { searchTexts, writeTermFile } from "./vocabulary.mjs";

export const settings = {
  children: 10_000,
  datastreams: 10_000,
  termFiles: 2,
  termsPerFile: 50_000,
  importBatchTerms: 5000,
  statisticsWaitMs: 65_000,
  idleMs: 10_000,
  requests: 100,
  warmup: 10,
  termSearches: 300,
};
const goals = { idleMiB: 250, peakMiB: 500, slowerAtMost: 1.1 };
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function parseArgs(args) {
  const options = { compare: undefined, rounds: 1 };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--compare") options.compare = resolve(String(args[++i]));
    else if (args[i] === "--rounds") options.rounds = Number(args[++i]);
    else throw new Error(`Unknown option '${args[i]}' (use --compare <server/dist/main.js of another build>, --rounds N)`);
  }
  if (!Number.isInteger(options.rounds) || options.rounds < 1) throw new Error("--rounds takes a whole number >= 1");
  return options;
}

async function startBuild(main, dataDir, nodeArgs) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startNode(main, serverEnv(dataDir, port), nodeArgs);
  const children = sampleChildrenPeak(server.proc.pid);
  await waitHealthy(server, base, 120_000).finally(() => {
    server.childrenPeak = mib(children.stop());
  });
  // Another process on the same port (another benchmark) would have answered the health check.
  if (server.proc.exitCode !== null) throw new Error(`The server exited after start (port ${port} taken?):\n${server.output()}`);
  return { ...server, base };
}

const residentMiB = async (server, field) => mib((await memory(server.proc.pid, field)) ?? Number.NaN);

async function timed(base, headers, method, paths) {
  for (const path of paths.slice(0, settings.warmup)) await call(base, headers, method, path);
  const times = [];
  for (const path of paths) {
    const started = performance.now();
    await call(base, headers, method, path);
    times.push(performance.now() - started);
  }
  return summarise(times);
}

async function loadTerms(base, headers, termFiles) {
  const vocabulary = await call(base, headers, "POST", "/vocabularies", { json: { name: "Footprint terms" }, expect: 201 });
  const terms = `/vocabularies/${vocabulary.uuid}`;
  for (const [i, path] of termFiles.entries()) {
    const form = new FormData();
    form.append("file", await openAsBlob(path, { type: XLSX }), `terms-${i + 1}.xlsx`);
    const { rows } = await call(base, headers, "POST", `${terms}/load`, { body: form });
    const data = rows.filter((row) => row.valid).map((row) => row.data);
    if (data.length !== settings.termsPerFile) throw new Error(`File ${i + 1}: ${data.length} valid rows of ${settings.termsPerFile}`);
    for (let start = 0; start < data.length; start += settings.importBatchTerms) {
      const result = await call(base, headers, "POST", `${terms}/import`, {
        json: { data: data.slice(start, start + settings.importBatchTerms) },
      });
      if (!result.valid) throw new Error(`Import refused terms: ${result.errors.slice(0, 3).join("; ")}`);
    }
  }
  return terms;
}

/** One build through the whole run; answers its memory readings and timings. */
export async function measureBuild({ main, nodeArgs = [], termFiles, label }) {
  const dataDir = join(await tempDir("repox-bench-footprint-"), "data");
  const figures = { label, memory: {}, timings: {} };
  console.log(`[${label}] first start on an empty data dir ...`);
  let server = await startBuild(main, dataDir, nodeArgs);
  await sleep(settings.idleMs);
  figures.memory.firstStartPeak = await residentMiB(server, "VmHWM");
  figures.memory.firstStartChildPeak = server.childrenPeak;
  await stopServer(server);

  console.log(`[${label}] second start, content and vocabulary workloads ...`);
  server = await startBuild(main, dataDir, nodeArgs);
  figures.memory.atFirstAnswer = await residentMiB(server, "VmRSS");
  await sleep(settings.idleMs);
  figures.memory.idleAfterStart = await residentMiB(server, "VmRSS");
  const { base } = server;
  const headers = await signIn(base);
  const container = await makeBox(base, headers);
  let started = performance.now();
  await importChildren(base, headers, container, settings.children);
  figures.timings[`import: ${fmt(settings.children)} containers (s)`] = (performance.now() - started) / 1000;
  started = performance.now();
  await uploadSmallFiles(base, headers, container, settings.datastreams);
  const filled = performance.now();
  figures.timings[`upload: ${fmt(settings.datastreams)} small files (s)`] = (filled - started) / 1000;
  started = performance.now();
  const terms = await loadTerms(base, headers, termFiles);
  figures.timings[`import: ${fmt(settings.termFiles * settings.termsPerFile)} terms, load + import (s)`] =
    (performance.now() - started) / 1000;
  figures.memory.afterImports = await residentMiB(server, "VmRSS");
  // The embedded server refreshes the statistics of grown tables every minute: measured once that has happened.
  await sleep(Math.max(0, settings.statisticsWaitMs - (performance.now() - filled)));

  const repeat = (path) => Array.from({ length: settings.requests }, () => path);
  const page = "page=0&size=60";
  const gets = {
    "listing: children, first page (ms)": `/containers/${container}/children?${page}`,
    "listing: datastreams, first page (ms)": `/containers/${container}/datastreams?${page}`,
    "listing: GET /api/containers/{uuid} (ms)": `/containers/${container}`,
    "search: children filtered by ?q=item 0999 (ms)": `/containers/${container}/children?${page}&q=item%200999`,
  };
  for (const [name, path] of Object.entries(gets)) figures.timings[name] = await timed(base, headers, "GET", repeat(path));
  figures.timings["search: POST /api/search?q=item (ms)"] = await timed(base, headers, "POST", repeat("/search?q=item%2004&size=10"));
  const texts = searchTexts(settings.termFiles * settings.termsPerFile).slice(0, settings.termSearches);
  figures.timings[`search: ${fmt(settings.termSearches)} term searches (ms)`] = await timed(
    base,
    headers,
    "GET",
    texts.map((q) => `${terms}/terms?size=20&q=${encodeURIComponent(q)}`),
  );
  await sleep(settings.idleMs);
  figures.memory.idleAfterWork = await residentMiB(server, "VmRSS");
  figures.memory.peak = await residentMiB(server, "VmHWM");
  await stopServer(server);
  return figures;
}

const show = (value) => (typeof value === "number" ? fmt(value, 1) : `p50 ${fmt(value.p50, 1)} p95 ${fmt(value.p95, 1)}`);
/** The figure a timing is compared by: seconds for whole imports, p95 for requests. */
const compared = (value) => (typeof value === "number" ? value : value.p95);

function report(results, compare) {
  const builds = [...new Set(results.map((one) => one.label))];
  const of = (label) => results.filter((one) => one.label === label);
  const best = (label, pick) => Math.min(...of(label).map(pick));
  const worst = (label, pick) => Math.max(...of(label).map(pick));
  console.log(
    `\nRepox bench: footprint   (${machine()}; embedded PGlite; load average at the end ${os
      .loadavg()
      .map((n) => fmt(n, 1))
      .join(" ")})`,
  );
  for (const label of builds) {
    for (const one of of(label)) {
      const m = one.memory;
      console.log(`\n${label}`);
      console.log(
        `  first start:               peak ${fmt(m.firstStartPeak)} MiB, its child processes ${fmt(m.firstStartChildPeak)} MiB (initdb, only without the build's empty database)`,
      );
      console.log(`  second start:              ${fmt(m.atFirstAnswer)} MiB at first answer, ${fmt(m.idleAfterStart)} MiB after 10 s idle`);
      console.log(`  after the imports:         ${fmt(m.afterImports)} MiB`);
      console.log(`  after all work, 10 s idle: ${fmt(m.idleAfterWork)} MiB;  peak over the run (VmHWM): ${fmt(m.peak)} MiB`);
      for (const [name, value] of Object.entries(one.timings)) console.log(`  ${name.padEnd(48)} ${show(value)}`);
    }
  }
  const mine = builds[0];
  const idle = worst(mine, (one) => Math.max(one.memory.idleAfterStart, one.memory.idleAfterWork));
  const peak = worst(mine, (one) => Math.max(one.memory.peak, one.memory.firstStartPeak, one.memory.firstStartChildPeak));
  console.log(`\ngoals (${mine}):`);
  console.log(
    `  RSS idle < ${goals.idleMiB} MiB:   ${fmt(idle)} MiB (the higher of after start and after the work)   ${idle < goals.idleMiB ? "met" : "NOT MET"}`,
  );
  console.log(
    `  peak < ${goals.peakMiB} MiB:       ${fmt(peak)} MiB (first start and its child processes included)   ${peak < goals.peakMiB ? "met" : "NOT MET"}`,
  );
  if (!compare) return;
  const other = builds[1];
  console.log(`  no timing more than 10 % slower than ${other} (best of the rounds each; seconds, or p95 of requests):`);
  for (const name of Object.keys(results[0].timings)) {
    const ratio = best(mine, (one) => compared(one.timings[name])) / best(other, (one) => compared(one.timings[name]));
    console.log(`    ${name.padEnd(48)} ratio ${fmt(ratio, 2)}   ${ratio <= goals.slowerAtMost ? "met" : "NOT MET"}`);
  }
}

export async function run(args) {
  const options = parseArgs(args);
  await withCleanUp(async () => {
    const dir = await tempDir("repox-bench-footprint-terms-");
    console.log(`Writing ${settings.termFiles} xlsx files of ${fmt(settings.termsPerFile)} terms ...`);
    const termFiles = [];
    for (let i = 0; i < settings.termFiles; i++) {
      termFiles.push(join(dir, `terms-${i + 1}.xlsx`));
      await writeTermFile(termFiles[i], i * settings.termsPerFile, settings.termsPerFile);
    }
    const builds = [{ main: serverMain, label: "this build" }];
    if (options.compare) builds.push({ main: options.compare, label: `compared: ${options.compare}` });
    const results = [];
    for (let round = 0; round < options.rounds; round++) {
      for (const build of round % 2 === 0 ? builds : [...builds].reverse()) results.push(await measureBuild({ ...build, termFiles }));
    }
    report(results, options.compare);
  });
}
