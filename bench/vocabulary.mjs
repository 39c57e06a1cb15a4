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
import { openAsBlob } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { call, fmt, machine, memory, percentile, signIn, startServer, stopServer, tempDir, withCleanUp } from "./harness.mjs";

const settings = { files: 2, termsPerFile: 50_000, importBatchTerms: 5000, searchWarmup: 20, searches: 300, pageSize: 20 };
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function memoryMiB(pid, field) {
  const bytes = await memory(pid, field);
  return bytes === null ? null : bytes / 1024 / 1024;
}

const MATERIALS = ["Bronze", "Café", "Ñandú", "Straße", "Marble", "Oak", "Glass", "Clay", "Silk", "Linen", "Ivory", "Résine"];
const FORMS = ["vessel", "statue", "coin", "tile", "mask", "lamp", "brooch", "panel", "textile", "manuscript", "seal", "fresco"];
const PLACES = ["Athènes", "Roma", "Beograd", "Sevilla", "Kraków", "Zürich", "Malmö", "Ορεινή", "Lyon", "Porto", "Gdańsk", "Tromsø"];

export function term(index) {
  const label = `${MATERIALS[index % 12]} ${FORMS[Math.floor(index / 12) % 12]} from ${PLACES[Math.floor(index / 144) % 12]} ${index}`;
  return [`T-${String(index).padStart(6, "0")}`, label, `https://vocab.example.org/terms/${index}`];
}

export async function writeTermFile(path, first, count) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet("Terms");
  sheet.addRow(["termId", "label", "termUri"]).commit();
  for (let index = first; index < first + count; index++) sheet.addRow(term(index)).commit();
  sheet.commit();
  await workbook.commit();
}

/** Fragments a curator would type: parts of ids and labels, some without accents or in capitals. */
export function searchTexts(total) {
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

export function run() {
  return withCleanUp(async () => {
    const dir = await tempDir("repox-bench-vocabulary-");
    const total = settings.files * settings.termsPerFile;
    console.log(`Writing ${settings.files} xlsx files of ${fmt(settings.termsPerFile)} terms ...`);
    const files = [];
    for (let i = 0; i < settings.files; i++) {
      const path = join(dir, `terms-${i + 1}.xlsx`);
      await writeTermFile(path, i * settings.termsPerFile, settings.termsPerFile);
      files.push(path);
    }

    console.log(`Starting the server (data in ${dir}) ...`);
    const server = await startServer(join(dir, "data"));
    const base = server.base;
    const readings = { started: await memoryMiB(server.proc.pid, "VmRSS"), startPeak: await memoryMiB(server.proc.pid, "VmHWM") };
    const headers = await signIn(base);
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
      if (i === 0) readings.firstLoadPeak = await memoryMiB(server.proc.pid, "VmHWM");
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
    readings.imported = await memoryMiB(server.proc.pid, "VmRSS");
    readings.importPeak = await memoryMiB(server.proc.pid, "VmHWM");
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
    readings.searched = await memoryMiB(server.proc.pid, "VmRSS");
    await stopServer(server);

    console.log(`\nRepox bench: vocabulary   (${machine()})`);
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
      `server peak resident memory: ${mib(peak)}   (VmHWM over the whole run; ${mib(readings.startPeak)} once started, ${mib(readings.firstLoadPeak)} after the first load, ${mib(readings.importPeak)} after all imports)`,
    );
    console.log(
      `server resident memory now:  ${mib(readings.started)} after start, ${mib(readings.imported)} after the imports, ${mib(readings.searched)} after the searches (VmRSS)`,
    );
  });
}
