// Each blob keeps the CRC-32 of its bytes, computed with its SHA-256 while it is uploaded (the hash worker reads every
// byte anyway). ZIP archives need it for every file; an export that finds it here reads the file without computing it
// (0.37 s of every GiB). Blobs stored before this have none and are checksummed as they are read. Stored signed: a
// CRC-32 is an unsigned 32-bit value, and `integer` is signed (repository.ts converts).
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table blobs add column crc32 integer`.execute(db);
}
