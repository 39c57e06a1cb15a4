// `npm run bench -- surveys [--responses N] [--postgres] [--parts submissions,summary,export]`: the goals of issue 12.
//
// 1. bench/surveys-seed.ts (bundled with esbuild) fills a fresh DATA_DIR (embedded PGlite, or with --postgres a
//    throwaway database on the server of DATABASE_URL): a 20-question survey (bench/survey-data.mjs: every answerable
//    type, two sections) with N responses (default 100 000) and their counters and texts, written in bulk. It also
//    measures the submissions baseline: rounds of 20 concurrent respondents, each response stored with its counters
//    and texts in its own transaction through the same database driver as the server, with no HTTP. Not part of the
//    server's timings.
// 2. The built server (`node server/dist/main.js`) starts on that data.
// 3. Submissions: rounds of 20 concurrent respondents POST /api/addons/srv/public/{uuid}/responses, each sending its
//    submission twice at once with the same Idempotency-Key (a browser retrying while the first try is still on the
//    way). Stored responses a second against the baseline's (goal >= 0.5), p95 of every request (goal < 100 ms), and
//    exactly one stored response per respondent (both tries answer the same uuid, the list holds each e-mail once).
//    One round first warms the server up, not timed.
// 4. Summary: GET /summary of the N-response survey, 200 times one after another after 20 untimed: p95 (goal < 200 ms).
//    Then the response list's first page, a contact search and the pager's uuids, 20 times each (no goal; reference).
// 5. Export: GET /export of the N responses read to the end by this process, twice (the first warms up): rows a
//    second, and the server's VmRSS sampled every 50 ms against its value before (goal: growth < 100 MB).
import { join } from "node:path";
import {
  bundleWithServer,
  call,
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
  summarise,
  tempDir,
  throwawayDatabase,
  timeGets,
  withCleanUp,
} from "./harness.mjs";
import { benchSubmission } from "./survey-data.mjs";

const settings = { responses: 100_000, respondents: 20, rounds: 20, warmupRounds: 5, summaryCalls: 200, sampleMs: 50 };

function option(args, name) {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
}

export async function seed(dataDir, databaseUrl) {
  const seeder = startNode(
    await bundleWithServer("surveys-seed.ts", "surveys-seed"),
    serverEnv(dataDir, 0, {
      DATABASE_URL: databaseUrl ?? "",
      BENCH_RESPONSES: String(settings.responses),
      BENCH_ROUNDS: String(settings.rounds),
      BENCH_RESPONDENTS: String(settings.respondents),
    }),
  );
  const { code, signal } = await seeder.exited;
  if (code !== 0) throw new Error(`The seeder failed (${code ?? signal}):\n${seeder.output()}`);
  return JSON.parse(seeder.stdout().trim().split("\n").at(-1));
}

/** One public submission; answers the stored response's uuid and the request's milliseconds. */
async function submit(base, survey, body, key) {
  const started = performance.now();
  const response = await fetch(`${base}/api/addons/srv/public/${survey}/responses`, {
    method: "POST",
    headers: { "x-tenantid": "demo", "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`POST /api/addons/srv/public/${survey}/responses answered ${response.status}: ${text.slice(0, 500)}`);
  }
  return { uuid: JSON.parse(text).uuid, ms };
}

/** A round of concurrent respondents, each sending its submission twice at once with one key. */
async function submissionRound(base, survey, round, prefix) {
  const times = [];
  const stored = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: settings.respondents }, async (_, index) => {
      const number = round * settings.respondents + index;
      const body = benchSubmission(number, prefix);
      const key = `bench-${prefix}-${number}-${process.pid}`;
      const tries = await Promise.all([submit(base, survey, body, key), submit(base, survey, body, key)]);
      if (tries[0].uuid !== tries[1].uuid) throw new Error(`Respondent ${number}: a retry stored a second response`);
      for (const one of tries) times.push(one.ms);
      stored.push(tries[0].uuid);
    }),
  );
  return { ms: performance.now() - started, times, stored };
}

/** Every e-mail of the survey's responses, through the list (pages of 100). */
async function listedEmails(base, headers, survey) {
  const emails = [];
  for (let page = 0; ; page++) {
    const answer = await call(base, headers, "GET", `/addons/srv/surveys/${survey}/responses?size=100&page=${page}`);
    emails.push(...answer.content.map((item) => item.email));
    if (answer.last) return emails;
  }
}

async function benchSubmissions(base, headers, seeded) {
  // Warm-up rounds, not counted: the first bursts run the code cold (compiler) and would decide the p95 alone.
  for (let round = 0; round < settings.warmupRounds; round++) await submissionRound(base, seeded.submitSurvey, round, "warmup");
  const times = [];
  const stored = [];
  let ms = 0;
  for (let round = 0; round < settings.rounds; round++) {
    const one = await submissionRound(base, seeded.submitSurvey, round, "respondent");
    times.push(...one.times);
    stored.push(...one.stored);
    ms += one.ms;
  }
  const emails = (await listedEmails(base, headers, seeded.submitSurvey)).filter((email) => email.startsWith("respondent"));
  const expected = settings.rounds * settings.respondents;
  const once = new Set(emails).size === emails.length && emails.length === expected && new Set(stored).size === expected;
  return { ms, count: expected, times: summarise(times), requests: times.length, stored: emails.length, once };
}

export async function benchExport(base, headers, survey, pid) {
  const rssBefore = (await memory(pid, "VmRSS")) ?? 0;
  const sampler = sampleResidentMemory(pid, settings.sampleMs);
  const started = performance.now();
  try {
    const response = await fetch(`${base}/api/addons/srv/surveys/${survey}/export`, { headers });
    if (response.status !== 200) throw new Error(`GET export answered ${response.status}: ${await response.text()}`);
    let bytes = 0;
    let tail = Buffer.alloc(0);
    for await (const chunk of response.body) {
      bytes += chunk.length;
      tail = Buffer.concat([tail, chunk]).subarray(-22);
    }
    const ms = performance.now() - started;
    // The last record of an xlsx (a ZIP): "end of central directory", signature PK\5\6.
    if (tail.readUInt32LE(0) !== 0x06054b50) throw new Error("The export does not end like an xlsx");
    return { ms, bytes, rssBefore, rssMax: Math.max(rssBefore, sampler.stop()) };
  } finally {
    sampler.stop();
  }
}

export function run(args) {
  const responses = Number(option(args, "--responses") ?? settings.responses);
  if (!Number.isInteger(responses) || responses < 1) throw new Error("--responses needs a whole number");
  settings.responses = responses;
  const postgres = args.includes("--postgres");
  const parts = new Set((option(args, "--parts") ?? "submissions,summary,export").split(","));
  return withCleanUp(async () => {
    const dir = await tempDir("repox-bench-surveys-");
    const dataDir = join(dir, "data");
    const databaseUrl = postgres ? await throwawayDatabase("surveys") : undefined;
    const where = postgres ? "PostgreSQL (DATABASE_URL's server, a throwaway database)" : "embedded PGlite";
    console.log(`Seeding ${fmt(responses)} responses of a 20-question survey (${where}) and timing the baseline ...`);
    const seeded = await seed(dataDir, databaseUrl);
    console.log(`  seeded in ${fmt(seeded.seedMs / 1000, 1)} s`);

    console.log("Starting the server ...");
    // 20 respondents share this machine's one address: the per-address limit would otherwise answer 429.
    process.env.SURVEY_RATE_LIMIT_PER_MINUTE = "1000000";
    const server = await startServer(dataDir, { databaseUrl });
    const headers = await signIn(server.base);
    // Let V8 finish compiling the database engine in the background, so start-up memory is not counted as the export's.
    await sleep(5000);

    const results = {};
    if (parts.has("submissions")) {
      console.log(`Submissions: ${settings.rounds} rounds of ${settings.respondents} concurrent respondents, each trying twice ...`);
      results.submissions = await benchSubmissions(server.base, headers, seeded);
    }
    if (parts.has("summary")) {
      console.log(`Summary of ${fmt(responses)} responses, ${settings.summaryCalls} times ...`);
      const summary = await call(server.base, headers, "GET", `/addons/srv/surveys/${seeded.summarySurvey}/summary`);
      if (summary.totalResponseCount !== responses) throw new Error(`The summary counts ${summary.totalResponseCount} responses`);
      results.summary = await timeGets(server.base, headers, `/addons/srv/surveys/${seeded.summarySurvey}/summary`, {
        count: settings.summaryCalls,
      });
      console.log("The response list, a contact search and the pager's uuids, 20 times each ...");
      const lists = `/addons/srv/surveys/${seeded.summarySurvey}`;
      results.lists = {
        "GET /responses (first page)": await timeGets(server.base, headers, `${lists}/responses`, { count: 20, warmup: 3 }),
        "GET /responses?q=petrovi (contact search)": await timeGets(server.base, headers, `${lists}/responses?q=petrovi`, {
          count: 20,
          warmup: 3,
        }),
        "GET /responses_uuids (every uuid)": await timeGets(server.base, headers, `${lists}/responses_uuids`, { count: 20, warmup: 3 }),
      };
    }
    if (parts.has("export")) {
      console.log(`Export of ${fmt(responses)} responses, twice ...`);
      results.exports = [];
      for (let round = 0; round < 2; round++) {
        results.exports.push(await benchExport(server.base, headers, seeded.summarySurvey, server.proc.pid));
      }
    }
    await stopServer(server);

    console.log(`\nRepox bench: surveys   (${machine()})`);
    console.log(`${where}; a 20-question survey in two sections (every answerable type)\n`);
    if (results.submissions) {
      const http = results.submissions;
      const baselineRate = seeded.baseline.count / (seeded.baseline.ms / 1000);
      const httpRate = http.count / (http.ms / 1000);
      const baselineTimes = summarise(seeded.baseline.latencies);
      console.log(
        `baseline: ${fmt(seeded.baseline.count)} responses stored with counters and texts, ${settings.respondents} at a time, no HTTP: ${fmt(baselineRate)} responses/s (p95 ${fmt(baselineTimes.p95, 1)} ms)`,
      );
      console.log(
        `public POST: ${fmt(http.count)} respondents, ${fmt(http.requests)} requests (each sent twice at once with one Idempotency-Key): ${fmt(httpRate)} stored responses/s`,
      );
      console.log(
        `  request p50 ${fmt(http.times.p50, 1)} ms, p95 ${fmt(http.times.p95, 1)} ms, p99 ${fmt(http.times.p99, 1)} ms   (goal p95 < 100 ms)`,
      );
      console.log(`  ratio POST / baseline: ${fmt(httpRate / baselineRate, 2)}   (goal >= 0.5)`);
      console.log(
        `  stored: ${fmt(http.stored)} responses for ${fmt(http.count)} respondents, exactly one each: ${http.once ? "yes" : "NO"}`,
      );
    }
    if (results.summary) {
      const s = results.summary;
      console.log(
        `GET /summary at ${fmt(responses)} responses: p50 ${fmt(s.p50, 1)} ms, p95 ${fmt(s.p95, 1)} ms, p99 ${fmt(s.p99, 1)} ms   (goal p95 < 200 ms)`,
      );
    }
    for (const [name, times] of Object.entries(results.lists ?? {})) {
      console.log(`${name} at ${fmt(responses)} responses: p50 ${fmt(times.p50, 1)} ms, p95 ${fmt(times.p95, 1)} ms`);
    }
    for (const [index, one] of (results.exports ?? []).entries()) {
      console.log(
        `GET /export of ${fmt(responses)} responses, round ${index + 1}: ${fmt(one.ms / 1000, 2)} s, ${fmt(responses / (one.ms / 1000))} rows/s, ${fmt(mib(one.bytes), 1)} MiB; server RSS ${fmt(mib(one.rssBefore))} MiB before, at most ${fmt(mib(one.rssMax))} MiB during: growth ${fmt(mib(one.rssMax - one.rssBefore))} MiB   (goal < 100 MB)`,
      );
    }
    if (results.submissions && !results.submissions.once) throw new Error("A respondent has not exactly one stored response");
  });
}
