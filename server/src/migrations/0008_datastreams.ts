// The storage page (GET /api/storage/items) lists a tenant's datastreams largest first, newest first among equals:
// one index walk per page however many files the tenant keeps.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index datastreams_by_size on datastreams (tenant_id, filesize desc, id desc)`.execute(db);
}
