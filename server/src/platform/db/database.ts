// Opens the one database Repox uses: embedded PGlite under DATA_DIR/db, or a PostgreSQL server when DATABASE_URL is set.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { type Dialect, Kysely, PostgresDialect } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;

export type DatabaseOptions = {
  /** postgres:// URL; unset means embedded PGlite. */
  url?: string | undefined;
  /** Folder for the embedded database; unset with no url means in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
};

// int8 (counts, sizes) as JavaScript numbers: Repox never stores values past 2^53.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export async function openDatabase(options: DatabaseOptions): Promise<{ db: Db; mode: "pglite" | "postgres" }> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), mode: "postgres" };
  }
  return { db: new Kysely<Database>({ dialect: await pgliteDialect(options.dataDir) }), mode: "pglite" };
}

async function pgliteDialect(dataDir: string | undefined): Promise<Dialect> {
  let dir: string | undefined;
  if (dataDir) {
    dir = join(dataDir, "db");
    mkdirSync(dir, { recursive: true });
  }
  // One options object: PGlite.create(undefined, options) would ignore the options of an in-memory database.
  const client = await PGlite.create({
    dataDir: dir,
    extensions: { pg_trgm, unaccent, btree_gin },
    parsers: { 20: (value: string) => Number.parseInt(value, 10) },
  });
  return new PGliteDialect(client);
}
