// Process entry: configuration, database, app, listen; closes cleanly on SIGINT/SIGTERM.
import pino from "pino";
import { buildApp } from "./app.ts";
import { prepare } from "./bootstrap.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { assertDataDirFree, holdDataDir } from "./platform/data-dir-lock.ts";
import { needsStatisticsUpkeep, startStatisticsUpkeep } from "./platform/db/statistics.ts";
import { parserCompileAdvice } from "./platform/db/wasm-compiler.ts";
import { restartForFootprint } from "./platform/memory/footprint-restart.ts";
import { releaseMemoryWhenIdle } from "./platform/memory/idle-release.ts";

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const embedded = !config.databaseUrl;
  if (embedded) {
    const cannotRestart = restartForFootprint({ liftoffOnly: config.liftoffOnly, tuneMalloc: true, capYoungGeneration: true });
    if (cannotRestart) log.warn(cannotRestart);
    const advice = parserCompileAdvice(process.versions.node, process.execArgv);
    if (advice) log.info(advice);
    assertDataDirFree(config.dataDir, "Cannot start");
  }
  const release = embedded ? holdDataDir(config.dataDir) : () => {};
  const { db, services } = await prepare(config, log);
  const app = await buildApp({ config, db, services, logger: log });
  const idle = releaseMemoryWhenIdle();
  const busy = (_request: unknown, _reply: unknown, done: () => void) => {
    idle.touch();
    done();
  };
  app.addHook("onRequest", busy);
  app.addHook("onResponse", busy);
  // Screens' players all come back at once after a restart (1 000 connections in a few ms): with Node's default queue
  // of 511 the kernel drops the rest, which retry 1, 3, 7 s later. The kernel caps it at net.core.somaxconn.
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  services.jobs.start();
  // After a crash, files may wait for rows that will never come: each tenant gets a sweep now (then daily).
  await services.orphanSweep.scheduleAtStart();
  // Story exports past their keeping go with their files; those a crash left RUNNING are failed (then hourly).
  await services.storyExportsHousekeeping.scheduleAtStart({ isAlone: embedded });
  // PostgreSQL's autovacuum keeps planner statistics fresh; the embedded database has none, so the server does, and
  // for a PostgreSQL whose autovacuum is turned off too.
  const upkeep = await needsStatisticsUpkeep(db, embedded);
  if (upkeep && !embedded) log.warn("PostgreSQL's autovacuum is off: this server refreshes the planner statistics of grown tables itself");
  const stopUpkeep = upkeep ? startStatisticsUpkeep(db, (err) => log.warn({ err }, "Refreshing planner statistics failed")) : () => {};
  log.info(
    `Repox is ready on http://localhost:${config.port}/ in ${Math.round(performance.now() - startedAt)} ms (database: ${embedded ? `embedded, ${config.dataDir}` : "PostgreSQL"})`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: shutting down`);
    stopUpkeep();
    idle.stop();
    await app.close();
    await services.jobs.stop();
    await db.destroy();
    release();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || (err instanceof Error && err.message.includes("data directory"))) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
