// SQL for contacts. Every function runs inside a tenant transaction (row-level security).
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export type ContactRow = { id: string; first_name: string; last_name: string; email: string; organization: string };
export type ContactFields = Omit<ContactRow, "id">;

type Paging = { offset: number; limit: number; search?: string | undefined };

const columns = ["c.id", "c.first_name", "c.last_name", "c.email", "c.organization"] as const;

/** Contacts per statement of a bulk lookup, insert or update. */
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

/** A page in e-mail order (the unique index on email_key serves it). */
export function listContacts(trx: Trx, page: Paging): Promise<ContactRow[]> {
  return trx
    .selectFrom("contacts as c")
    .select(columns)
    .$if(!!page.search, (q) => q.where(matches(page.search ?? "")))
    .orderBy("c.email_key")
    .orderBy("c.id")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export function getContact(trx: Trx, id: string): Promise<ContactRow | undefined> {
  return trx.selectFrom("contacts as c").select(columns).where("c.id", "=", id).executeTakeFirst();
}

export async function findContactIdByEmail(trx: Trx, email: string): Promise<string | undefined> {
  const row = await trx.selectFrom("contacts").select("id").where("email_key", "=", email.toLowerCase()).executeTakeFirst();
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
      .where(sql<boolean>`c.email_key = any(${sql.val(lowered.slice(start, start + CHUNK))}::text[])`)
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

/** Four text arrays, one per column, for `unnest`: a statement of 2000 contacts has four parameters, not 8000. */
function columnArrays(contacts: readonly ContactFields[]) {
  const list = (pick: (contact: ContactFields) => string) => sql`${sql.val(contacts.map(pick))}::text[]`;
  return sql.join([list((c) => c.email), list((c) => c.first_name), list((c) => c.last_name), list((c) => c.organization)]);
}

/** Inserts new contacts a chunk per statement; an e-mail taken meanwhile is left out. Answers how many were added. */
export async function insertContacts(trx: Trx, tenantId: string, contacts: readonly ContactFields[]): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < contacts.length; start += CHUNK) {
    const result = await sql`insert into contacts (tenant_id, email, first_name, last_name, organization)
      select ${tenantId}::uuid, v.* from unnest(${columnArrays(contacts.slice(start, start + CHUNK))})
        as v(email, first_name, last_name, organization)
      on conflict do nothing`.execute(trx);
    inserted += Number(result.numAffectedRows ?? 0n);
  }
  return inserted;
}

/** Rewrites the details of contacts matched by e-mail (case-insensitively), a chunk per statement. */
export async function updateContactsByEmail(trx: Trx, contacts: readonly ContactFields[]): Promise<number> {
  let updated = 0;
  for (let start = 0; start < contacts.length; start += CHUNK) {
    const result = await sql`update contacts c
      set first_name = v.first_name, last_name = v.last_name, email = v.email, organization = v.organization, modified_at = now()
      from unnest(${columnArrays(contacts.slice(start, start + CHUNK))}) as v(email, first_name, last_name, organization)
      where c.email_key = lower(v.email)`.execute(trx);
    updated += Number(result.numAffectedRows ?? 0n);
  }
  return updated;
}
