// Planner statistics after bulk writes. Embedded PGlite runs no autovacuum, so a table filled in bulk keeps the
// statistics of its first rows and the planner picks plans made for a handful of rows (a sort of 100 000 terms
// instead of walking an index). A bulk writer calls this after its commit; PostgreSQL's autovacuum does the same later.
import { sql } from "kysely";
import type { Db } from "./database.ts";

/** ANALYZE `table` when it has grown by more than a fifth (in pages) since its statistics were taken. */
export async function refreshStatisticsIfGrown(db: Db, table: string): Promise<void> {
  const { rows } = await sql<{ analyzed: number; pages: number }>`select c.relpages::int as analyzed,
      (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages
    from pg_class c where c.oid = ${table}::regclass`.execute(db);
  const size = rows[0];
  if (size && size.pages > size.analyzed * 1.2 + 10) await sql`analyze ${sql.table(table)}`.execute(db);
}
