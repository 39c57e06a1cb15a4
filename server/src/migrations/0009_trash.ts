// The trash keeps what one removal took together. A container removed from its last place goes to the trash with
// the containers and datastreams reachable only through it; those carry `trashed_with` = the removed container, so
// the trash lists only the items people removed (trashed_with null) and restores or deletes each with what it took.
// Rules: docs/content-schema.md "Trash".
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["containers", "datastreams"]) {
    const name = sql.table(table);
    // Deleting the removed container for good deletes what it took (on delete cascade); only trashed rows name one.
    await sql`alter table ${name} add column trashed_with uuid,
      add foreign key (tenant_id, trashed_with) references containers(tenant_id, id) on delete cascade,
      add check (trashed_with is null or deleted_at is not null)`.execute(db);
    await sql`create index ${sql.raw(`${table}_trashed_with`)} on ${name} (tenant_id, trashed_with)
      where trashed_with is not null`.execute(db);
  }
}
