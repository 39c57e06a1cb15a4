// SQL for contacts. Every function runs inside a tenant transaction (row-level security).
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export type ContactRow = { id: string; first_name: string; last_name: string; email: string; organization: string };
export type ContactFields = Omit<ContactRow, "id">;

type Paging = { offset: number; limit: number; search?: string | undefined };

const columns = ["c.id", "c.first_name", "c.last_name", "c.email", "c.organization"] as const;

/** Rows per statement of a bulk insert or update: 6 parameters each, far below PostgreSQL's limit of 65 535. */
const CHUNK = 2000;

/** A LIKE pattern matching `search` anywhere, folded the way search_text is (lower case, no accents). */
function matches(search: string) {
  const escaped = search.replace(/[\\%_]/g, "\\$&");
  return sql<boolean>`c.search_text like '%' || repox_search_fold(${escaped}) || '%'`;
}

export async function countContacts(trx: Trx, search: string | undefined): Promise<number> {
  const { count } = await trx
    .selectFrom("contacts as c")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .$if(!!search, (q) => q.where(matches(search ?? "")))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A page in e-mail order (the unique index on lower(email) serves it). */
export function listContacts(trx: Trx, page: Paging): Promise<ContactRow[]> {
  return trx
    .selectFrom("contacts as c")
    .select(columns)
    .$if(!!page.search, (q) => q.where(matches(page.search ?? "")))
    .orderBy(sql`lower(c.email)`)
    .orderBy("c.id")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export function getContact(trx: Trx, id: string): Promise<ContactRow | undefined> {
  return trx.selectFrom("contacts as c").select(columns).where("c.id", "=", id).executeTakeFirst();
}

export async function findContactIdByEmail(trx: Trx, email: string): Promise<string | undefined> {
  const row = await trx.selectFrom("contacts").select("id").where(sql`lower(email)`, "=", email.toLowerCase()).executeTakeFirst();
  return row?.id;
}

/** The contacts holding any of these e-mails, whatever their case. */
export async function findContactsByEmails(trx: Trx, emails: readonly string[]): Promise<ContactRow[]> {
  const found: ContactRow[] = [];
  const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
  for (let start = 0; start < lowered.length; start += CHUNK) {
    const rows = await trx
      .selectFrom("contacts as c")
      .select(columns)
      .where(sql<boolean>`lower(c.email) = any(${sql.val(lowered.slice(start, start + CHUNK))}::text[])`)
      .execute();
    found.push(...rows);
  }
  return found;
}

export async function insertContact(trx: Trx, tenantId: string, fields: ContactFields): Promise<ContactRow> {
  return trx
    .insertInto("contacts")
    .values({ tenant_id: tenantId, ...fields })
    .returning(["id", "first_name", "last_name", "email", "organization"])
    .executeTakeFirstOrThrow();
}

export function updateContact(trx: Trx, id: string, fields: ContactFields): Promise<ContactRow | undefined> {
  return trx
    .updateTable("contacts as c")
    .set({ ...fields, modified_at: new Date() })
    .where("c.id", "=", id)
    .returning(columns)
    .executeTakeFirst();
}

export async function deleteContact(trx: Trx, id: string): Promise<boolean> {
  const result = await trx.deleteFrom("contacts").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function deleteContacts(trx: Trx, ids: readonly string[]): Promise<number> {
  const result = await trx
    .deleteFrom("contacts")
    .where(sql<boolean>`id = any(${sql.val([...ids])}::uuid[])`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Inserts new contacts a chunk per statement; an e-mail taken meanwhile is left out. Answers how many were added. */
export async function insertContacts(trx: Trx, tenantId: string, contacts: readonly ContactFields[]): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < contacts.length; start += CHUNK) {
    const rows = await trx
      .insertInto("contacts")
      .values(contacts.slice(start, start + CHUNK).map((contact) => ({ tenant_id: tenantId, ...contact })))
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .execute();
    inserted += rows.length;
  }
  return inserted;
}

/** Rewrites the details of contacts matched by e-mail (case-insensitively), a chunk per statement. */
export async function updateContactsByEmail(trx: Trx, contacts: readonly ContactFields[]): Promise<number> {
  let updated = 0;
  for (let start = 0; start < contacts.length; start += CHUNK) {
    const chunk = contacts.slice(start, start + CHUNK);
    const list = (pick: (contact: ContactFields) => string) => sql.val(chunk.map(pick));
    const result = await sql`update contacts c
      set first_name = v.first_name, last_name = v.last_name, email = v.email, organization = v.organization, modified_at = now()
      from unnest(${list((c) => c.email)}::text[], ${list((c) => c.first_name)}::text[], ${list((c) => c.last_name)}::text[],
        ${list((c) => c.organization)}::text[]) as v(email, first_name, last_name, organization)
      where lower(c.email) = lower(v.email)`.execute(trx);
    updated += Number(result.numAffectedRows ?? 0n);
  }
  return updated;
}
