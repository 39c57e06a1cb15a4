// A password change ends the sessions signed before it: tokens issued earlier than a user's `sessions_valid_after`
// are refused (platform/http/access.ts). Null for users whose password never changed.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column sessions_valid_after timestamptz`.execute(db);
}
