// Opens the one database Repox uses: embedded PGlite under DATA_DIR/db, or a PostgreSQL server when DATABASE_URL is set.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { Kysely, PostgresDialect } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import { embeddedStartParams } from "./embedded-settings.ts";
import { builtEmptyDatabase, createEmbeddedDatabase, holdsDatabase } from "./initdb-process.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;

export type DatabaseOptions = {
  /** postgres:// URL; unset means embedded PGlite. */
  url?: string | undefined;
  /** Folder for the embedded database; unset with no url means in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /** Embedded only: start from this dumped data dir (PGlite's `dumpDataDir()`) instead of an empty database. Tests use
   * it to skip initdb and the migrations, which a template made once per run already holds. */
  loadDataDir?: Blob | undefined;
};

export type OpenedDatabase = {
  db: Db;
  mode: "pglite" | "postgres";
  /** The embedded database itself (e.g. to dump it). */
  pglite?: PGlite;
};

export async function openDatabase(options: DatabaseOptions): Promise<OpenedDatabase> {
  if (options.url) {
    // The PostgreSQL driver only when there is a server to talk to; int8 (counts, sizes) as JavaScript numbers: Repox
    // never stores values past 2^53.
    const { default: pg } = await import("pg");
    pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), mode: "postgres" };
  }
  const pglite = await openPglite(options.dataDir, options.loadDataDir);
  return { db: new Kysely<Database>({ dialect: new PGliteDialect(pglite) }), mode: "pglite", pglite };
}

async function openPglite(dataDir: string | undefined, given: Blob | undefined): Promise<PGlite> {
  let dir: string | undefined;
  let loadDataDir = given;
  if (dataDir) {
    dir = join(dataDir, "db");
    mkdirSync(dir, { recursive: true });
    // A new database: the empty one the build made, or initdb in a child process (its 530-670 MiB leave with it).
    if (!loadDataDir && !holdsDatabase(dir)) {
      loadDataDir = builtEmptyDatabase();
      if (!loadDataDir) await createEmbeddedDatabase(dir);
    }
  }
  // One options object: PGlite.create(undefined, options) would ignore the options of an in-memory database.
  return PGlite.create({
    dataDir: dir,
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm, unaccent, btree_gin },
    startParams: embeddedStartParams(),
    parsers: { 20: (value: string) => Number.parseInt(value, 10) },
  });
}
