// Start-up work shared by the server and the CLI: open and migrate the database, bring tenants up to date,
// and on the very first start create the default tenant with its administrator (and the demo content model).
import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
import { describeDemoSeed } from "./modules/demo/report.ts";
import { type Db, openDatabase } from "./platform/db/database.ts";
import { migrateToLatest } from "./platform/db/migrate.ts";
import { createServices, type Services } from "./services.ts";

export async function openAndMigrate(config: Config): Promise<Db> {
  const { db } = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  await migrateToLatest(db);
  return db;
}

export async function ensureDefaultTenant(services: Services, config: Config, log: FastifyBaseLogger): Promise<void> {
  if (await services.tenants.exists(config.defaultTenant)) return;
  const password = config.adminPassword ?? randomBytes(12).toString("base64url");
  try {
    await services.tenants.create({
      code: config.defaultTenant,
      name: "Demo",
      adminUsername: config.adminUsername,
      adminPassword: password,
      storageQuota: 10 * 1024 ** 3,
    });
  } catch (err) {
    // Instances started together on a new database race to create it (one transaction each): the loser finds it made.
    if (await services.tenants.exists(config.defaultTenant)) return;
    throw err;
  }
  const shown = config.adminPassword ? "the password in REPOX_ADMIN_PASSWORD" : `password: ${password}`;
  log.warn(`Created tenant '${config.defaultTenant}' with administrator '${config.adminUsername}' (${shown}). This is shown only once.`);
  // Only here, when the tenant is new: a tenant that later deleted demo types must not get them back at a restart.
  if (config.seedDemo) log.info(describeDemoSeed(config.defaultTenant, await services.demo.seed(config.defaultTenant)));
}

export async function prepare(config: Config, log: FastifyBaseLogger): Promise<{ db: Db; services: Services }> {
  const db = await openAndMigrate(config);
  const services = createServices(db, config, log);
  // An embedded server holds its data directory alone (platform/data-dir-lock.ts), so every unfinished upload there
  // is a dead process's; servers sharing PostgreSQL may share the folder too, and leave younger files to their owners.
  const swept = await services.blobs.sweepTempFiles(config.databaseUrl ? undefined : { olderThanMs: 0 });
  if (swept > 0) log.info(`Removed ${swept} unfinished upload(s) left by an earlier run`);
  const sweptMedia = await services.media.sweepTempFiles();
  if (sweptMedia > 0) log.info(`Removed ${sweptMedia} unfinished thumbnail file(s) left by an earlier run`);
  await services.tenants.upgradeAll();
  await ensureDefaultTenant(services, config, log);
  return { db, services };
}
