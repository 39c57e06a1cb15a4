// `npm run bench -- search [--containers N] [--postgres]`: POST /api/search over N containers (default 1 000 000)
// with property values, against GET /api/my/permissions measured in the same run.
//
// 1. The built server (`node server/dist/main.js`) starts on a fresh DATA_DIR: embedded PGlite by default, or with
//    --postgres a throwaway database on the PostgreSQL server of DATABASE_URL (dropped at the end). The benchmark signs
//    in as the demo administrator and makes the content model through the API: five properties (text-area, enum,
//    multi-select, spatial map, rich text), an item type and a folder type.
// 2. bench/search-data.mjs writes 1 000 folders and N containers with SQL in bulk (generate_series, CHUNK containers per
//    transaction; two connections at once on PostgreSQL, the server stopped meanwhile for PGlite, which is one process's),
//    through the same triggers as the API, then ANALYZE. Timed, with the database size.
// 3. Searches: POST /api/search?q=… as the administrator (so users and groups are searched too), one request at a time,
//    after a warm-up, ROUNDS rounds over every query of each kind: exact word, accents left out or another case, typo,
//    word start, property-value word, two words, an inventory number, and a text that matches nothing. The baseline,
//    measured the same way in the same run, is GET /api/my/permissions (tenant, token, permissions read under RLS).
//    p50/p95/p99 per kind and over all searches; the ratio of the p95s.
// 4. Peak resident memory (VmHWM) of the server process from /proc.
import os from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import {
  call,
  fmt,
  machine,
  memory,
  postgresConnection,
  signIn,
  startServer,
  stopServer,
  summarise,
  tempDir,
  tenant,
  throwawayDatabase,
  withCleanUp,
} from "./harness.mjs";
import { BENCH_PROPERTIES, labelOf, writeContainers, writeFolders } from "./search-data.mjs";

const settings = {
  containers: 1_000_000,
  chunk: 50_000,
  postgresWriters: 2,
  warmup: 30,
  rounds: 8,
  size: 10,
  startTimeoutMs: 120_000,
};

/** The texts searched, by kind; each is asked `rounds` times. */
const QUERIES = {
  "exact word": ["amphora", "krater", "delphi", "statue", "mosaic"],
  "no accents / other case": ["cafe", "ATHENES", "αθηνα", "θεσσαλονικη", "KRAKOW"],
  typo: ["amphroa", "acropolsi", "bronez", "knosos", "θεσαλονικη"],
  "word start": ["amph", "θεσσ", "terrac", "acro", "manu"],
  "property value": ["excavated", "provenance", "digitised", "kalo", "terbel"],
  "two words": ["bronze amphora", "marble statue", "αμφορέας χαλκός", "oak chest", "gold ring"],
  "inventory number": ["123456", "654321", "999999", "31337", "500000"],
  "no match": ["zzqxj", "qwxzv", "ψψψψ", "xyzzyq", "jjkkqq"],
};

async function memoryMiB(pid, field) {
  const bytes = await memory(pid, field);
  return bytes === null ? null : bytes / 1024 / 1024;
}

function parseArgs(args) {
  const options = { containers: settings.containers, postgres: false };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--postgres") options.postgres = true;
    else if (args[i] === "--containers") options.containers = Number(args[++i]);
    else throw new Error(`Unknown option '${args[i]}' (use --containers N, --postgres)`);
  }
  if (!Number.isInteger(options.containers) || options.containers < 1000) throw new Error("--containers takes a number >= 1000");
  if (options.postgres && !process.env.DATABASE_URL) throw new Error("--postgres needs DATABASE_URL (postgres://…)");
  return options;
}

/** The content model the generated containers use, made through the API. */
async function makeContentModel(base, headers) {
  for (const property of BENCH_PROPERTIES) {
    await call(base, headers, "POST", "/properties", {
      json: {
        propertyKey: property.key,
        displayName: property.key,
        propertyType: property.type,
        ...(property.details ? { propertyDetails: JSON.stringify(property.details) } : {}),
      },
      expect: 201,
    });
  }
  const type = (code, name, fields, properties) => ({
    container: { code, name, layout: "DEFAULT", containerAcceptance: "", datastreamAcceptance: "", ...fields },
    properties,
  });
  const itemProperties = BENCH_PROPERTIES.map((property, position) => ({ propertyKey: property.key, position }));
  await call(base, headers, "POST", "/container_types", {
    json: type("bench-item", "Item", { allowedAtRoot: false }, itemProperties),
    expect: 201,
  });
  await call(base, headers, "POST", "/container_types", {
    json: type("bench-folder", "Collection", { allowedAtRoot: true, containerAcceptance: "bench-item" }, []),
    expect: 201,
  });
}

/** The ids the generator needs, read as the database owner. */
async function readIds(query) {
  const [{ id: tenantId }] = await query("select id from tenants where code = $1", [tenant]);
  const [{ id: userId }] = await query("select id from users where tenant_id = $1 and username = 'admin'", [tenantId]);
  const types = await query("select id, code from content_types where tenant_id = $1 and code in ('bench-item', 'bench-folder')", [
    tenantId,
  ]);
  const typeId = (code) => types.find((type) => type.code === code).id;
  return { tenantId, userId, itemTypeId: typeId("bench-item"), folderTypeId: typeId("bench-folder") };
}

/** Writes folders and containers with `writers` connections at once; answers the seconds it took. */
async function generate(connect, writers, total) {
  const started = performance.now();
  const first = await connect();
  const ids = await readIds(first.query);
  await writeFolders(first.query, ids);
  let next = 1;
  let done = 0;
  const write = async (connection) => {
    while (next <= total) {
      const from = next;
      next += settings.chunk;
      const to = Math.min(total, from + settings.chunk - 1);
      await writeContainers(connection.query, ids, from, to);
      done += to - from + 1;
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(`\r  ${fmt(done)} / ${fmt(total)} containers, ${fmt(seconds)} s, ${fmt(done / seconds)} containers/s   `);
    }
  };
  const others = await Promise.all(Array.from({ length: writers - 1 }, connect));
  await Promise.all([first, ...others].map(write));
  process.stdout.write("\n");
  const seconds = (performance.now() - started) / 1000;
  const analyzeStarted = performance.now();
  await first.query("analyze");
  const analyzeSeconds = (performance.now() - analyzeStarted) / 1000;
  const [size] = await first.query(`select pg_database_size(current_database())::float8 as database,
    (select count(*) from search_labels)::float8 as labels, (select count(*) from search_texts)::float8 as texts,
    (select count(*) from search_words)::float8 as words, (select count(*) from property_values)::float8 as "values"`);
  await Promise.all([first, ...others].map((connection) => connection.close()));
  return { seconds, analyzeSeconds, size };
}

function pgliteConnection(dataDir) {
  return async () => {
    const db = await PGlite.create({ dataDir: join(dataDir, "db"), extensions: { pg_trgm, unaccent, btree_gin } });
    return { query: async (text, params) => (await db.query(text, params)).rows, close: () => db.close() };
  };
}

function summary(times) {
  return { ...summarise(times), count: times.length };
}

async function timed(base, headers, method, path) {
  const started = performance.now();
  const answer = await call(base, headers, method, path);
  return { ms: performance.now() - started, answer };
}

/** Every query of every kind, `rounds` times, interleaved; and the baseline as many times. */
async function measure(base, headers) {
  const paths = Object.entries(QUERIES).flatMap(([kind, texts]) =>
    texts.map((q) => ({ kind, path: `/search?q=${encodeURIComponent(q)}&size=${settings.size}` })),
  );
  for (let i = 0; i < settings.warmup; i++) {
    await call(base, headers, "POST", paths[i % paths.length].path);
    await call(base, headers, "GET", "/my/permissions");
  }
  const byKind = new Map(Object.keys(QUERIES).map((kind) => [kind, { times: [], found: 0 }]));
  const all = [];
  const baseline = [];
  for (let round = 0; round < settings.rounds; round++) {
    for (const { kind, path } of paths) {
      const { ms, answer } = await timed(base, headers, "POST", path);
      const entry = byKind.get(kind);
      entry.times.push(ms);
      entry.found += answer.containers.length;
      all.push(ms);
      baseline.push((await timed(base, headers, "GET", "/my/permissions")).ms);
    }
  }
  return { byKind, all: summary(all), baseline: summary(baseline) };
}

/**
 * Answers to check the data is what the queries expect: a label found by its inventory number. Up to 1 000 the number
 * is also a folder's ("Collection 1000"), which may come first.
 */
async function checkAnswers(base, headers, total) {
  const n = Math.min(total, 123456);
  const found = await call(base, headers, "POST", `/search?q=${n}&size=2`);
  const labels = found.containers.map((container) => container.label);
  if (!labels.includes(labelOf(n))) throw new Error(`Searching ${n} found ${JSON.stringify(labels)}, not '${labelOf(n)}'`);
}

export async function run(args) {
  const options = parseArgs(args);
  await withCleanUp(() => measureSearch(options));
}

async function measureSearch(options) {
  const dir = await tempDir("repox-bench-search-");
  const dataDir = join(dir, "data");
  const databaseUrl = options.postgres ? await throwawayDatabase("search") : undefined;
  const where = databaseUrl ? `PostgreSQL (${new URL(databaseUrl).pathname.slice(1)})` : `embedded PGlite in ${dataDir}`;
  console.log(`Starting the server, ${where} ...`);
  const serverOptions = { databaseUrl, timeoutMs: settings.startTimeoutMs };
  let server = await startServer(dataDir, serverOptions);
  await makeContentModel(server.base, await signIn(server.base));

  console.log(`Writing ${fmt(options.containers)} containers ...`);
  let generated;
  if (databaseUrl) {
    generated = await generate(postgresConnection(databaseUrl), settings.postgresWriters, options.containers);
  } else {
    // PGlite is one process's: the server stops while the benchmark writes, and starts again on the result.
    await stopServer(server);
    generated = await generate(pgliteConnection(dataDir), 1, options.containers);
    server = await startServer(dataDir, serverOptions);
  }
  const base = server.base;
  const headers = await signIn(base);
  await checkAnswers(base, headers, options.containers);
  const startPeak = await memoryMiB(server.proc.pid, "VmHWM");

  console.log(
    `Searching (${settings.rounds} rounds of ${Object.values(QUERIES).flat().length} searches after ${settings.warmup} warm-up) ...`,
  );
  const result = await measure(base, headers);
  const peak = await memoryMiB(server.proc.pid, "VmHWM");
  const now = await memoryMiB(server.proc.pid, "VmRSS");
  await stopServer(server);

  console.log(`\nRepox bench: search   (${machine()}, load ${os.loadavg()[0].toFixed(1)})`);
  const { size } = generated;
  console.log(
    `${databaseUrl ? "PostgreSQL server" : "embedded PGlite"}: ${fmt(options.containers)} containers + 1,000 folders, ${fmt(size.values)} property values; ` +
      `${fmt(size.labels)} label and ${fmt(size.texts)} text documents, ${fmt(size.words)} known words; database ${fmt(size.database / 1024 ** 3, 2)} GiB`,
  );
  console.log(
    `written in ${fmt(generated.seconds)} s (${fmt(options.containers / generated.seconds)} containers/s), ANALYZE ${fmt(generated.analyzeSeconds, 1)} s\n`,
  );
  const line = (name, r, extra = "") =>
    `${name.padEnd(48)} p50 ${fmt(r.p50, 2).padStart(7)} ms   p95 ${fmt(r.p95, 2).padStart(7)} ms   p99 ${fmt(r.p99, 2).padStart(7)} ms${extra}`;
  for (const [kind, { times, found }] of result.byKind) {
    console.log(line(`POST /api/search, ${kind}`, summary(times), `   containers found ${fmt(found / times.length, 1)}`));
  }
  console.log("");
  console.log(line("POST /api/search, all", result.all, `   (${fmt(result.all.count)} requests)`));
  console.log(line("baseline: GET /api/my/permissions", result.baseline));
  console.log(
    `ratio search / baseline: p95 ${fmt(result.all.p95 / result.baseline.p95, 2)}x   (goal: search p95 < 100 ms: ${result.all.p95 < 100 ? "OK" : "NOT MET"})`,
  );
  const mib = (value) => (value === null ? "n/a (no /proc)" : `${fmt(value)} MiB`);
  console.log(
    `\nserver peak resident memory: ${mib(peak)}   (VmHWM; ${mib(startPeak)} before the searches; ${mib(now)} resident at the end)`,
  );
}
