// Activity entries keep their meaning (issue 12): `params` holds the sentence code and its parameters (contracts'
// ActivityParams) so each reader sees the entry in their own language. Older entries have none and keep showing their
// stored English description. The table's tenant_id and RLS policies are unchanged.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table activity add column params jsonb`.execute(db);
}
