// Stage one of a contact import: reads an uploaded xlsx or CSV file into contacts, row by row, with each row's
// problems. The file is read safely by platform/spreadsheets (size and unpacked-size limits, streaming); reading
// stops after the row limit. Which e-mails are already known is the service's business, not the file's.
import { type ContactFileIssue, isContactEmail, CONTACT_LIMITS as L, type LoadedContact } from "@repox/contracts";
import { BadRequest, PayloadTooLarge } from "../../platform/errors.ts";
import {
  isBlankRow,
  readSpreadsheet,
  type SheetRow,
  SPREADSHEET_MAX_COLUMNS,
  type SpreadsheetUpload,
} from "../../platform/spreadsheets/spreadsheet-file.ts";

export type ContactFile = { contacts: LoadedContact[]; errors: ContactFileIssue[]; warnings: ContactFileIssue[] };

const RULES = {
  maxBytes: L.fileMaxBytes,
  maxUnzippedBytes: L.fileMaxUnzippedBytes,
  nouns: { file: "a contact file", spreadsheet: "a contact spreadsheet" },
};
const TOO_MANY_ROWS = `The file has more than ${L.fileMaxRows.toLocaleString("en-US")} contacts; split it into smaller files`;
const HEADER_HELP = "The first row must name the columns First name, Last name and Email (Organization is optional)";

type Field = "firstName" | "lastName" | "email" | "organization";
type Columns = Record<Field, number | null>;

/** Header names as people write them: any case, with or without spaces, dashes or underscores. */
const HEADER_NAMES: Record<string, Field> = {
  firstname: "firstName",
  lastname: "lastName",
  email: "email",
  emailaddress: "email",
  organization: "organization",
  organisation: "organization",
};
const LABELS: Record<Field, string> = { firstName: "First name", lastName: "Last name", email: "Email", organization: "Organization" };
const MAX_LENGTH: Record<Field, number> = {
  firstName: L.nameMaxLength,
  lastName: L.nameMaxLength,
  email: L.emailMaxLength,
  organization: L.organizationMaxLength,
};

export function readContactFile(upload: SpreadsheetUpload): Promise<ContactFile> {
  return readSpreadsheet(upload, RULES, collectContacts);
}

function headerColumns(row: SheetRow): Columns {
  const columns: Columns = { firstName: null, lastName: null, email: null, organization: null };
  for (let column = 1; column <= Math.min(row.width, SPREADSHEET_MAX_COLUMNS); column++) {
    const cell = row.cell(column);
    if (!("text" in cell)) continue;
    const field = HEADER_NAMES[cell.text.toLowerCase().replace(/[\s_-]/g, "")];
    if (field === undefined) continue;
    if (columns[field] !== null) throw new BadRequest(`The column '${LABELS[field]}' appears more than once in the first row`);
    columns[field] = column;
  }
  if (columns.firstName === null || columns.lastName === null || columns.email === null) throw new BadRequest(HEADER_HELP);
  return columns;
}

function readContact(row: SheetRow, columns: Columns, errors: ContactFileIssue[]): LoadedContact | null {
  const problems: string[] = [];
  const read = (field: Field) => {
    const column = columns[field];
    if (column === null) return "";
    const cell = row.cell(column);
    if ("error" in cell) {
      problems.push(cell.error);
      return "";
    }
    const value = cell.text.trim();
    if (value.length > MAX_LENGTH[field]) problems.push(`${LABELS[field]} is longer than ${MAX_LENGTH[field]} characters`);
    return value;
  };
  const contact = {
    row: row.number,
    firstName: read("firstName"),
    lastName: read("lastName"),
    email: read("email"),
    organization: read("organization"),
  };
  if (contact.firstName === "") problems.push("First name is required");
  if (contact.lastName === "") problems.push("Last name is required");
  if (contact.email === "") problems.push("Email is required");
  else if (!isContactEmail(contact.email)) problems.push(`'${contact.email}' is not a valid e-mail address`);
  for (const message of problems) errors.push({ row: row.number, message: `Row ${row.number}: ${message}` });
  return problems.length === 0 ? contact : null;
}

async function collectContacts(rows: AsyncGenerator<SheetRow>): Promise<ContactFile> {
  let columns: Columns | null = null;
  let dataRows = 0;
  const contacts: LoadedContact[] = [];
  const errors: ContactFileIssue[] = [];
  const warnings: ContactFileIssue[] = [];
  const firstRowOf = new Map<string, number>();
  for await (const row of rows) {
    if (isBlankRow(row)) continue;
    if (columns === null) {
      columns = headerColumns(row);
      continue;
    }
    // Leaving the loop early ends the generator, which closes the file: nothing past the limit is read.
    if (dataRows === L.fileMaxRows) throw new PayloadTooLarge(TOO_MANY_ROWS);
    dataRows += 1;
    const contact = readContact(row, columns, errors);
    if (!contact) continue;
    const key = contact.email.toLowerCase();
    const first = firstRowOf.get(key);
    if (first === undefined) firstRowOf.set(key, contact.row);
    else warnings.push({ row: contact.row, message: `Row ${contact.row}: the e-mail ${contact.email} is also in row ${first}` });
    contacts.push(contact);
  }
  if (columns === null) throw new BadRequest("The file is empty: it has no header row and no contacts");
  if (dataRows === 0) throw new BadRequest("The file has no contacts below its header row");
  return { contacts, errors, warnings };
}
