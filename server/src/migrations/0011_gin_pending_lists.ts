// The trigram indexes of labels and vocabulary terms keep a small pending list, as the search indexes of 0010 do.
// New entries of a GIN index wait in that list until it is full or a vacuum merges them, and every search reads the
// list in full. PGlite runs no autovacuum, so with the default 4 MB a busy tenant's label and term searches would read
// megabytes of unsorted entries each time; 256 kB keeps that short and still batches bulk inserts.
import { type Kysely, sql } from "kysely";

const INDEXES = ["containers_label_search", "datastreams_label_search", "vocabulary_terms_search"];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await sql`alter index ${sql.table(index)} set (gin_pending_list_limit = 256)`.execute(db);
}
