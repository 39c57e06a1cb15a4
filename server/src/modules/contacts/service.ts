// Contacts: the rules and transactions of the contact list (unique e-mail per tenant, case-insensitively), the
// two-stage import (load a file, then import the chosen contacts by e-mail) and `within(trx)` for other areas
// (a survey's share picker finding contacts by e-mail).
import {
  type Contact,
  type ContactBody,
  type ContactBulkDeleteBody,
  type ContactFileResult,
  type ContactImportBody,
  type ContactImportResult,
  type ContactListQuery,
  type Page,
  toPage,
} from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { Conflict, NotFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import type { SpreadsheetUpload } from "../../platform/spreadsheets/spreadsheet-file.ts";
import { readContactFile } from "./contact-file-reader.ts";
import * as repo from "./repository.ts";

function toContact(row: repo.ContactRow): Contact {
  return { uuid: row.id, firstName: row.first_name, lastName: row.last_name, email: row.email, organization: row.organization };
}

function toFields(body: ContactBody): repo.ContactFields {
  return { first_name: body.firstName, last_name: body.lastName, email: body.email, organization: body.organization };
}

async function requireContact(trx: Trx, id: string): Promise<repo.ContactRow> {
  const contact = await repo.getContact(trx, id);
  if (!contact) throw new NotFound(`Contact ${id} not found`);
  return contact;
}

async function assertEmailFree(trx: Trx, email: string, exceptId?: string) {
  const holder = await repo.findContactIdByEmail(trx, email);
  if (holder !== undefined && holder !== exceptId) throw new Conflict(`A contact with the e-mail ${email} already exists`);
}

const sameDetails = (row: repo.ContactRow, fields: repo.ContactFields) =>
  row.first_name === fields.first_name &&
  row.last_name === fields.last_name &&
  row.email === fields.email &&
  row.organization === fields.organization;

type Deps = {
  /** Refreshes the planner statistics of contacts after a bulk import (outside any tenant transaction). */
  afterBulkImport: () => Promise<void>;
};

export function createContactsService({ afterBulkImport }: Deps) {
  return {
    async list(ctx: RequestContext, query: ContactListQuery): Promise<Page<Contact>> {
      return ctx.db.transaction(async (trx) => {
        const paging = { offset: query.page * query.size, limit: query.size, search: query.q };
        const [rows, total] = await Promise.all([repo.listContacts(trx, paging), repo.countContacts(trx, query.q)]);
        return toPage(rows.map(toContact), total, query);
      });
    },

    /** One contact as the list shows it (the PUT's read-back compares with it). */
    async get(ctx: RequestContext, id: string): Promise<Contact> {
      return ctx.db.transaction(async (trx) => toContact(await requireContact(trx, id)));
    },

    async create(ctx: RequestContext, body: ContactBody): Promise<Contact> {
      return ctx.db.transaction(async (trx) => {
        await assertEmailFree(trx, body.email);
        return toContact(await repo.insertContact(trx, ctx.tenant.id, toFields(body)));
      });
    },

    async update(ctx: RequestContext, id: string, body: ContactBody): Promise<Contact> {
      return ctx.db.transaction(async (trx) => {
        await requireContact(trx, id);
        await assertEmailFree(trx, body.email, id);
        const updated = await repo.updateContact(trx, id, toFields(body));
        if (!updated) throw new NotFound(`Contact ${id} not found`);
        return toContact(updated);
      });
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      await ctx.db.transaction(async (trx) => {
        if (!(await repo.deleteContact(trx, id))) throw new NotFound(`Contact ${id} not found`);
      });
    },

    /** Deletes the named contacts this tenant has; the others (already gone, or not this tenant's) are no news. */
    async removeMany(ctx: RequestContext, body: ContactBulkDeleteBody): Promise<number> {
      return ctx.db.transaction((trx) => repo.deleteContacts(trx, [...new Set(body.uuids)]));
    },

    /** Stage one: the file's contacts with their errors and warnings. Nothing is saved. */
    async loadFile(ctx: RequestContext, upload: SpreadsheetUpload): Promise<ContactFileResult> {
      // The file is read outside any transaction: with embedded PGlite a transaction holds the one connection.
      const file = await readContactFile(upload);
      const known = await ctx.db.transaction((trx) =>
        repo.findContactsByEmails(
          trx,
          file.contacts.map((contact) => contact.email),
        ),
      );
      const knownEmails = new Set(known.map((row) => row.email.toLowerCase()));
      const warnings = [...file.warnings];
      for (const contact of file.contacts) {
        if (knownEmails.has(contact.email.toLowerCase())) {
          warnings.push({
            row: contact.row,
            message: `Row ${contact.row}: a contact with the e-mail ${contact.email} already exists; importing updates it`,
          });
        }
      }
      warnings.sort((a, b) => a.row - b.row);
      return { contacts: file.contacts, errors: file.errors, warnings };
    },

    /**
     * Stage two: each contact is created, or updated when its e-mail is known (whatever the case). A contact whose
     * e-mail came earlier in the same request, or that changes nothing, is skipped. One transaction: all or none.
     */
    async importContacts(ctx: RequestContext, body: ContactImportBody): Promise<ContactImportResult> {
      const byEmail = new Map<string, repo.ContactFields>();
      for (const contact of body.contacts) {
        const key = contact.email.toLowerCase();
        if (!byEmail.has(key)) byEmail.set(key, toFields(contact));
      }
      const repeated = body.contacts.length - byEmail.size;
      const result = await ctx.db.transaction(async (trx) => {
        const existing = new Map((await repo.findContactsByEmails(trx, [...byEmail.keys()])).map((row) => [row.email.toLowerCase(), row]));
        const toCreate: repo.ContactFields[] = [];
        const toUpdate: repo.ContactFields[] = [];
        let unchanged = 0;
        for (const [key, fields] of byEmail) {
          const row = existing.get(key);
          if (!row) toCreate.push(fields);
          else if (sameDetails(row, fields)) unchanged += 1;
          else toUpdate.push(fields);
        }
        const created = await repo.insertContacts(trx, ctx.tenant.id, toCreate);
        const updated = await repo.updateContactsByEmail(trx, toUpdate);
        // Contacts another request created meanwhile are left as they are.
        const lost = toCreate.length - created + (toUpdate.length - updated);
        return { created, updated, skipped: repeated + unchanged + lost };
      });
      if (result.created > 0) await afterBulkImport();
      return result;
    },

    /** For other areas, inside their own transaction. */
    within(trx: Trx) {
      return {
        /** The contacts holding these e-mails (compared case-insensitively), in e-mail order. */
        async findByEmails(emails: readonly string[]): Promise<Contact[]> {
          const rows = await repo.findContactsByEmails(trx, emails);
          return rows.map(toContact).sort((a, b) => a.email.toLowerCase().localeCompare(b.email.toLowerCase()));
        },
      };
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
