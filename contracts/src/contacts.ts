// Contacts (spec 3 "Contacts" §2, §3, §4, §5, §7, §9): the people surveys are shared with, kept per tenant, unique by
// e-mail (case-insensitively), and imported from a spreadsheet in two stages (load, then import the chosen rows).
import { z } from "zod";
import { LIMITS, PageQuery, Uuid } from "./common.ts";
import { readOnlyFields } from "./read-back.ts";

export const CONTACT_LIMITS = {
  nameMaxLength: LIMITS.nameMaxLength,
  emailMaxLength: LIMITS.emailMaxLength,
  organizationMaxLength: 255,
  searchMaxLength: 255,
  /** Spec 3 §9: the contact search runs with more than 3 typed characters, 800 ms after the last key. */
  searchMinLength: 4,
  searchDebounceMs: 800,
  pageSize: 20,
  /** One bulk delete: at most this many contacts. */
  bulkDeleteMax: 1000,
  /** A contact spreadsheet: at most this many bytes uploaded, data rows, and bytes once unzipped (xlsx). */
  fileMaxBytes: 10 * 1024 * 1024,
  fileMaxRows: 50_000,
  fileMaxUnzippedBytes: 64 * 1024 * 1024,
  /** One import request: at most this many contacts and bytes. */
  importMaxContacts: 50_000,
  importMaxBytes: 16 * 1024 * 1024,
} as const;

const L = CONTACT_LIMITS;

/** Spec 3 §5: a long, permissive, case-insensitive address pattern (local part, '@', a domain with at least one dot). */
export const CONTACT_EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

export function isContactEmail(value: string): boolean {
  return value.length <= L.emailMaxLength && CONTACT_EMAIL_PATTERN.test(value);
}

/** Spec 3 §5: what the contact form needs before Save is enabled. */
export function isContactComplete(contact: { firstName: string; lastName: string; email: string }): boolean {
  return contact.firstName.trim() !== "" && contact.lastName.trim() !== "" && isContactEmail(contact.email.trim());
}

/** The kinds of file the import accepts (spec 3 §5 asks for Excel; CSV is what Excel also saves). */
export const CONTACT_FILE_EXTENSIONS = [".xlsx", ".csv"] as const;
/** The header row of a contact file, matched ignoring case, spaces and order; Organization may be left out. */
export const CONTACT_FILE_COLUMNS = ["First name", "Last name", "Email", "Organization"] as const;

// A control character (tab, newline, NUL, ...) has no place in a name or an address.
const CONTROL_CHARACTER = /\p{Cc}/u;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((value) => !CONTROL_CHARACTER.test(value), { error: "must not contain control characters such as tabs or line breaks" });
const requiredText = (max: number) => text(max).refine((value) => value.length > 0, { error: "is required" });

export const ContactEmail = z.string().trim().refine(isContactEmail, { error: "must be a valid e-mail address" });

export const Contact = z.object({
  uuid: Uuid,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  organization: z.string(),
});
export type Contact = z.infer<typeof Contact>;

/** POST /api/addons/srv/contacts and PUT /{uuid}. */
export const ContactBody = z.object({
  firstName: requiredText(L.nameMaxLength),
  lastName: requiredText(L.nameMaxLength),
  email: ContactEmail,
  organization: text(L.organizationMaxLength).default(""),
});
export type ContactBody = z.infer<typeof ContactBody>;
export type ContactBodyInput = z.input<typeof ContactBody>;
export const CONTACT_READ_ONLY_FIELDS = readOnlyFields(Contact, ContactBody);

export const ContactParams = z.object({ uuid: Uuid });
export type ContactParams = z.infer<typeof ContactParams>;

/** GET /api/addons/srv/contacts?page=&size=&q=&sort=email: sorted by e-mail (spec 3 §9). */
export const ContactListQuery = PageQuery.extend({
  q: z.string().trim().max(L.searchMaxLength).optional(),
  sort: z.enum(["email", "email,asc"]).default("email"),
});
export type ContactListQuery = z.infer<typeof ContactListQuery>;
export type ContactListQueryInput = z.input<typeof ContactListQuery>;

/** DELETE /api/addons/srv/contacts. */
export const ContactBulkDeleteBody = z.object({
  uuids: z
    .array(Uuid)
    .min(1, { error: "name at least one contact" })
    .max(L.bulkDeleteMax, { error: `at most ${L.bulkDeleteMax} contacts can be deleted at once` }),
});
export type ContactBulkDeleteBody = z.infer<typeof ContactBulkDeleteBody>;

export const ContactFileIssue = z.object({ row: z.number().int(), message: z.string() });
export type ContactFileIssue = z.infer<typeof ContactFileIssue>;

/** A contact read from a file; `row` is its row in the sheet (the header is row 1 when it is the first). */
export const LoadedContact = z.object({
  row: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  organization: z.string(),
});
export type LoadedContact = z.infer<typeof LoadedContact>;

/**
 * POST /api/addons/srv/contacts/load: the file's contacts that can be imported, the rows that cannot (errors) and
 * what to look at before importing (warnings: a repeated e-mail in the file, an e-mail already known). Nothing is saved.
 */
export const ContactFileResult = z.object({
  contacts: z.array(LoadedContact),
  errors: z.array(ContactFileIssue),
  warnings: z.array(ContactFileIssue),
});
export type ContactFileResult = z.infer<typeof ContactFileResult>;

/** POST /api/addons/srv/contacts/import: `to` is always '' (spec 3 §7); contacts are matched by e-mail. */
export const ContactImportBody = z.object({
  to: z.literal("", { error: "must be an empty string" }).default(""),
  contacts: z
    .array(ContactBody)
    .min(1, { error: "choose at least one contact" })
    .max(L.importMaxContacts, { error: `at most ${L.importMaxContacts} contacts can be imported at once` }),
});
export type ContactImportBody = z.infer<typeof ContactImportBody>;
export type ContactImportBodyInput = z.input<typeof ContactImportBody>;

/** Created: a new e-mail; updated: a known e-mail with other details; skipped: nothing new (or repeated in the body). */
export const ContactImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
});
export type ContactImportResult = z.infer<typeof ContactImportResult>;
