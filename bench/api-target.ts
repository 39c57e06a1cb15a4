// The process `npm run bench -- api` measures: the real Repox app (same prepare + buildApp as server/src/main.ts),
// plus two baselines answering the admin's permission list as fixed JSON in this same process:
//   GET /bench/bare on the app      – no config.access, so the access hook returns at once; the app's global hooks
//                                      (request id, helmet headers) still run, as for every route
//   GET /bench/bare on BENCH_PLAIN_PORT – a plain Fastify() instance with nothing registered but this route
// Bundled by bench/api.mjs with esbuild into bench/.out/ (npm packages external, like server/build.mjs).
// Prints one JSON line {"ready":true,...} on stdout once both listen.
import Fastify from "fastify";
import pino from "pino";
import { buildApp } from "../server/src/app.ts";
import { prepare } from "../server/src/bootstrap.ts";
import { loadConfig } from "../server/src/config.ts";
import { assertDataDirFree, holdDataDir } from "../server/src/platform/data-dir-lock.ts";

const config = loadConfig();
const log = pino({ level: config.logLevel });
const plainPort = Number(process.env.BENCH_PLAIN_PORT);
if (!config.adminPassword || !Number.isInteger(plainPort)) throw new Error("api-target needs REPOX_ADMIN_PASSWORD and BENCH_PLAIN_PORT");

const embedded = !config.databaseUrl;
if (embedded) assertDataDirFree(config.dataDir, "Cannot start");
const release = embedded ? holdDataDir(config.dataDir) : () => {};
const { db, services } = await prepare(config, log);
const app = await buildApp({ config, db, services, logger: log });

let body: unknown = null;
app.get("/bench/bare", { schema: { hide: true } }, () => body);

// Capture what GET /api/my/permissions answers the administrator, through the real route.
const tenant = { "x-tenantid": config.defaultTenant };
const login = await app.inject({
  method: "POST",
  url: "/api/auth/jwt",
  headers: tenant,
  payload: { username: config.adminUsername, password: config.adminPassword },
});
if (login.statusCode !== 200) throw new Error(`api-target: sign-in answered ${login.statusCode}: ${login.body}`);
const mine = await app.inject({
  method: "GET",
  url: "/api/my/permissions",
  headers: { ...tenant, authorization: `Bearer ${login.json().jwtToken}` },
});
if (mine.statusCode !== 200) throw new Error(`api-target: /api/my/permissions answered ${mine.statusCode}: ${mine.body}`);
body = mine.json();

const plain = Fastify();
plain.get("/bench/bare", () => body);

await app.listen({ port: config.port, host: config.host });
await plain.listen({ port: plainPort, host: config.host });
process.stdout.write(`${JSON.stringify({ ready: true, pid: process.pid, body })}\n`);

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await plain.close();
  await app.close();
  await db.destroy();
  release();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown());
process.on("SIGTERM", () => void shutdown());
