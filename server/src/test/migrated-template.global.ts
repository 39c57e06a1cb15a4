// Vitest global setup: migrates one database before any test file runs, for every test file to copy (see
// migrated-template.ts). On PGlite a dump in a temporary file, on PostgreSQL (DATABASE_URL) a template database;
// both are removed when the run ends.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../platform/db/database.ts";
import { migrateToLatest } from "../platform/db/migrate.ts";
import { throwawayPostgres, untilUnused } from "./throwaway-postgres.ts";

export default async function migratedTemplate(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await throwawayPostgres(serverUrl, { prefix: "repox_template_" });
    const { db } = await openDatabase({ url: template.url, poolSize: 1 });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    // CREATE DATABASE … TEMPLATE refuses a template anyone is still connected to.
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await untilUnused(client, template.name);
    await client.end();
    project.provide("postgresTemplate", template.name);
    return () => template.drop();
  }
  const { db, pglite } = await openDatabase({});
  const dir = mkdtempSync(join(tmpdir(), "repox-template-"));
  try {
    await migrateToLatest(db);
    const dump = await pglite?.dumpDataDir("none");
    if (!dump) throw new Error("openDatabase gave no PGlite to dump");
    const file = join(dir, "migrated.tar");
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
    project.provide("pgliteTemplate", file);
  } finally {
    await db.destroy();
  }
  return async () => rmSync(dir, { recursive: true, force: true });
}
