// Seeds what `npm run bench -- surveys` reads, and measures the submissions baseline, before the server starts:
// 1. a 20-question survey with BENCH_RESPONSES responses (the summary and export benchmarks), written in bulk with
//    their counters and texts by the same fixtures the API tests use (responses/testing.ts);
// 2. the baseline of the submissions benchmark: BENCH_ROUNDS rounds of BENCH_RESPONDENTS concurrent respondents, each
//    response stored with its counters and texts in its own transaction, through the same database driver as the
//    server, with no HTTP;
// 3. an empty survey of the same questions for the HTTP submissions.
// Bundled by bench/surveys.mjs with esbuild. Prints one JSON line on stdout when done.
import pino from "pino";
import { prepare } from "../server/src/bootstrap.ts";
import { loadConfig } from "../server/src/config.ts";
import { insertResponses, insertSurvey } from "../server/src/modules/surveys/responses/testing.ts";
import { benchSubmission, benchSurvey } from "./survey-data.mjs";

const responses = Number(process.env.BENCH_RESPONSES);
const rounds = Number(process.env.BENCH_ROUNDS);
const respondents = Number(process.env.BENCH_RESPONDENTS);
const chunk = 5000;
const config = loadConfig();
const log = pino({ level: "warn" });
const { db } = await prepare(config, log);
const tenant = await db.selectFrom("tenants").select("id").where("code", "=", config.defaultTenant).executeTakeFirstOrThrow();

const seedStarted = performance.now();
const summarySurvey = await insertSurvey(db, tenant.id, benchSurvey("Summary bench"));
for (let from = 0; from < responses; from += chunk) {
  const batch = Array.from({ length: Math.min(chunk, responses - from) }, (_, index) => benchSubmission(from + index, "seeded"));
  await insertResponses(db, tenant.id, summarySurvey, batch);
}
const seedMs = performance.now() - seedStarted;

const baselineSurvey = await insertSurvey(db, tenant.id, benchSurvey("Baseline bench"));
const latencies: number[] = [];
let baselineMs = 0;
for (let round = 0; round < rounds; round++) {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: respondents }, async (_, index) => {
      const one = performance.now();
      await insertResponses(db, tenant.id, baselineSurvey, [benchSubmission(round * respondents + index, "baseline")]);
      latencies.push(performance.now() - one);
    }),
  );
  baselineMs += performance.now() - started;
}
const submitSurvey = await insertSurvey(db, tenant.id, benchSurvey("Submissions bench"));

await db.destroy();
process.stdout.write(
  `${JSON.stringify({ summarySurvey, submitSurvey, responses, seedMs, baseline: { ms: baselineMs, count: rounds * respondents, latencies } })}\n`,
);
