// A migrated database made once per test run, which every test file copies instead of migrating one of its own
// (initdb and the migrations took some 2 s per test file on PGlite). The vitest global setup
// (migrated-template.global.ts) makes it: on PGlite a dump of a migrated data dir in a file, on PostgreSQL a
// migrated database used as the TEMPLATE of each throwaway one. Made fresh on every run, so it always holds exactly
// the migrations of the checkout. Tests of the migrations themselves start from an empty database as before.
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { type Db, openDatabase } from "../platform/db/database.ts";
import { migrateToLatest } from "../platform/db/migrate.ts";
import { type ThrowawayPostgres, throwawayPostgres } from "./throwaway-postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** File holding PGlite's dump (`dumpDataDir("none")`) of a migrated embedded database. */
    pgliteTemplate?: string;
    /** Name of a migrated database on the PostgreSQL server of DATABASE_URL. */
    postgresTemplate?: string;
  }
}

let pgliteDump: Blob | undefined;

/** The migrated embedded database's dump, read once per worker; undefined when the run made none. */
function migratedPgliteDump(): Blob | undefined {
  const file = inject("pgliteTemplate");
  if (!file) return undefined;
  // A plain tar (no type, no name): PGlite loads it without trying to gunzip it.
  pgliteDump ??= new Blob([readFileSync(file)]);
  return pgliteDump;
}

/** A fresh, migrated in-memory PGlite. */
export async function openMigratedPglite(): Promise<Db> {
  const loadDataDir = migratedPgliteDump();
  if (loadDataDir) return (await openDatabase({ loadDataDir })).db;
  const { db } = await openDatabase({});
  await migrateToLatest(db);
  return db;
}

/** A fresh, migrated throwaway database on the PostgreSQL server of `serverUrl`; the caller opens its pools. */
export async function migratedThrowawayPostgres(serverUrl: string): Promise<ThrowawayPostgres> {
  const template = inject("postgresTemplate");
  if (template) return throwawayPostgres(serverUrl, { template });
  const postgres = await throwawayPostgres(serverUrl);
  const { db } = await openDatabase({ url: postgres.url, poolSize: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return postgres;
}
