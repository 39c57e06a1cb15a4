// Planner statistics. Embedded PGlite runs no autovacuum, so a table that grows keeps the statistics of its first rows
// and the planner picks plans made for a handful of rows (a sort of 100 000 terms instead of walking an index; a
// folder's page read with a count that scans every edge). A bulk writer refreshes its table after its commit, and
// the embedded server refreshes every grown table now and then (startStatisticsUpkeep), as autovacuum's autoanalyze
// does on PostgreSQL; so does a server on a PostgreSQL whose autovacuum is off (measured: a folder of 10 000 items
// read twice as slowly there as on PGlite until its tables were analyzed).
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

/** Refreshes the statistics of every table of the schema that has grown since they were taken; answers their names. */
export async function refreshGrownTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select c.relname as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r'
      and (pg_relation_size(c.oid) / current_setting('block_size')::int) > c.relpages * 1.2 + 10
    order by c.relname`.execute(db);
  for (const { name } of rows) await sql`analyze ${sql.table(name)}`.execute(db);
  return rows.map((row) => row.name);
}

/** Whether the server must keep statistics itself: on PGlite always, on PostgreSQL when its autovacuum is off. */
export async function needsStatisticsUpkeep(db: Db, embedded: boolean): Promise<boolean> {
  if (embedded) return true;
  const { rows } = await sql<{ autovacuum: string }>`select current_setting('autovacuum') as autovacuum`.execute(db);
  return rows[0]?.autovacuum === "off";
}

/** For a database that keeps no statistics itself (needsStatisticsUpkeep): refreshGrownTables every `intervalMs`; answers the function that stops it. */
export function startStatisticsUpkeep(db: Db, onError: (err: unknown) => void, intervalMs = 60 * 1000): () => void {
  let running = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => refreshGrownTables(db).then(() => undefined, onError));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
