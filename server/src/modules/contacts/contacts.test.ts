// Contacts through HTTP: the list, create/update/delete, the two-stage import, files that must be refused, and who
// may do what (permissions, other tenants).
import { CONTACT_LIMITS, PERMISSIONS, XLSX_MEDIA_TYPE } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { truncatedLocalHeaderZip } from "../../platform/spreadsheets/test-files.ts";
import { type Caller, createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { bigXlsx, deflatedRepeat, multipartFile, xlsxOf, zipOf } from "../vocabularies/test-files.ts";

const BASE = "/api/addons/srv/contacts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;

type ContactInput = { firstName: string; lastName: string; email: string; organization?: string };
type Contact = Required<ContactInput> & { uuid: string };

beforeAll(async () => {
  t = await createTestApp();
  [tenant, other] = await Promise.all([t.newTenant(), t.newTenant()]);
});
afterAll(() => t.close());

async function newContact(input: ContactInput, caller: Caller = tenant.admin): Promise<Contact> {
  const created = await caller.request("POST", BASE, input);
  if (created.statusCode !== 201) throw new Error(`newContact: ${created.statusCode} ${created.body}`);
  return created.json();
}

async function emails(query = "", caller: Caller = tenant.admin): Promise<string[]> {
  const page = await caller.request("GET", `${BASE}?size=200${query}`);
  if (page.statusCode !== 200) throw new Error(`emails: ${page.body}`);
  return page.json().content.map((contact: Contact) => contact.email);
}

async function clear(caller: Caller = tenant.admin) {
  const page = (await caller.request("GET", `${BASE}?size=200`)).json();
  if (page.content.length > 0) await caller.request("DELETE", BASE, { uuids: page.content.map((c: Contact) => c.uuid) });
}

function load(name: string, content: Buffer, type = XLSX_MEDIA_TYPE, caller: Caller = tenant.admin) {
  const { body, headers } = multipartFile(name, content, type);
  return caller.request("POST", `${BASE}/load`, body, headers);
}

describe("contacts", () => {
  it("creates, lists in e-mail order, updates and deletes a contact", async () => {
    await clear();
    const ann = await newContact({ firstName: " Ann ", lastName: "Zed", email: "zed@example.com", organization: "Museum" });
    expect(ann).toMatchObject({ firstName: "Ann", lastName: "Zed", email: "zed@example.com", organization: "Museum" });
    const bob = await newContact({ firstName: "Bob", lastName: "Ay", email: "Ay@Example.com" });
    expect(bob.organization).toBe("");
    expect(await emails()).toEqual(["Ay@Example.com", "zed@example.com"]);
    expect(await emails("&sort=email")).toEqual(["Ay@Example.com", "zed@example.com"]);

    const updated = await tenant.admin.request("PUT", `${BASE}/${ann.uuid}`, {
      firstName: "Anna",
      lastName: "Zed",
      email: "ZED@example.com",
      organization: "Library",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      uuid: ann.uuid,
      firstName: "Anna",
      lastName: "Zed",
      email: "ZED@example.com",
      organization: "Library",
    });

    expect((await tenant.admin.request("DELETE", `${BASE}/${ann.uuid}`)).statusCode).toBe(204);
    expect((await tenant.admin.request("DELETE", `${BASE}/${ann.uuid}`)).statusCode).toBe(404);
    expect((await tenant.admin.request("PUT", `${BASE}/${ann.uuid}`, { firstName: "A", lastName: "B", email: "a@b.co" })).statusCode).toBe(
      404,
    );
    expect(await emails()).toEqual(["Ay@Example.com"]);
  });

  it("refuses a second contact with the same e-mail in any case with 409", async () => {
    await clear();
    const first = await newContact({ firstName: "C", lastName: "D", email: "same@example.com" });
    const again = await tenant.admin.request("POST", BASE, { firstName: "E", lastName: "F", email: "SAME@Example.COM" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("A contact with the e-mail SAME@Example.COM already exists");
    const second = await newContact({ firstName: "G", lastName: "H", email: "other@example.com" });
    const clash = await tenant.admin.request("PUT", `${BASE}/${second.uuid}`, { firstName: "G", lastName: "H", email: "Same@example.com" });
    expect(clash.statusCode).toBe(409);
    // Changing only the case of one's own e-mail is fine.
    const own = await tenant.admin.request("PUT", `${BASE}/${first.uuid}`, { firstName: "C", lastName: "D", email: "Same@Example.com" });
    expect(own.statusCode).toBe(200);
    // Another tenant may know the same address.
    expect((await other.admin.request("POST", BASE, { firstName: "C", lastName: "D", email: "same@example.com" })).statusCode).toBe(201);
  });

  it("answers 400 naming the field for bad bodies", async () => {
    const cases: [unknown, string][] = [
      [{ firstName: "", lastName: "B", email: "a@b.co" }, "firstName"],
      [{ firstName: "A", lastName: "  ", email: "a@b.co" }, "lastName"],
      [{ firstName: "A", lastName: "B", email: "not-an-address" }, "email"],
      [{ firstName: "A", lastName: "B", email: "a@b" }, "email"],
      [{ firstName: "A", lastName: "B" }, "email"],
      [{ firstName: "A".repeat(CONTACT_LIMITS.nameMaxLength + 1), lastName: "B", email: "a@b.co" }, "firstName"],
      [{ firstName: "A", lastName: "B", email: "a@b.co", organization: "x".repeat(300) }, "organization"],
      [{ firstName: "A\nB", lastName: "B", email: "a@b.co" }, "firstName"],
      [{ firstName: 1, lastName: "B", email: "a@b.co" }, "firstName"],
    ];
    for (const [body, field] of cases) {
      const answer = await tenant.admin.request("POST", BASE, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message, JSON.stringify(body)).toContain(field);
    }
    expect((await tenant.admin.request("PUT", `${BASE}/not-a-uuid`, { firstName: "A", lastName: "B", email: "a@b.co" })).statusCode).toBe(
      400,
    );
    expect((await tenant.admin.request("GET", `${BASE}?sort=lastName`)).statusCode).toBe(400);
    expect((await tenant.admin.request("GET", `${BASE}?page=-1`)).statusCode).toBe(400);
    const malformed = await tenant.admin.request("POST", BASE, "{not json", { "content-type": "application/json" });
    expect(malformed.statusCode).toBe(400);
  });

  it("searches names, e-mail and organization, ignoring case and accents, and pages the hits", async () => {
    await clear();
    await newContact({ firstName: "Zoë", lastName: "Müller", email: "zoe@example.com", organization: "Städel Museum" });
    await newContact({ firstName: "Jose", lastName: "Núñez", email: "jnunez@example.org", organization: "Prado" });
    await newContact({ firstName: "Ana", lastName: "Smith", email: "ana@prado.es" });
    expect(await emails("&q=MULLER")).toEqual(["zoe@example.com"]);
    expect(await emails("&q=zoe")).toEqual(["zoe@example.com"]);
    expect(await emails("&q=stadel")).toEqual(["zoe@example.com"]);
    expect(await emails("&q=nuñez")).toEqual(["jnunez@example.org"]);
    expect(await emails("&q=prado")).toEqual(["ana@prado.es", "jnunez@example.org"]);
    expect(await emails("&q=100%25")).toEqual([]);
    expect(await emails("&q=_")).toEqual([]);

    await clear();
    const many = Array.from({ length: 45 }, (_, i) => ({
      firstName: "P",
      lastName: `${i}`,
      email: `p${String(i).padStart(2, "0")}@example.com`,
    }));
    const imported = await tenant.admin.request("POST", `${BASE}/import`, { to: "", contacts: many });
    expect(imported.json()).toEqual({ created: 45, updated: 0, skipped: 0 });
    const page = (await tenant.admin.request("GET", `${BASE}?page=2&size=20&sort=email`)).json();
    expect(page).toMatchObject({ number: 2, size: 20, totalElements: 45, totalPages: 3, last: true, numberOfElements: 5 });
    expect(page.pageable).toEqual({ pageNumber: 2, pageSize: 20 });
    expect(page.content.map((c: Contact) => c.email)).toEqual([
      "p40@example.com",
      "p41@example.com",
      "p42@example.com",
      "p43@example.com",
      "p44@example.com",
    ]);
    const beyond = (await tenant.admin.request("GET", `${BASE}?page=9`)).json();
    expect(beyond).toMatchObject({ empty: true, totalElements: 45 });
  });

  it("deletes many at once, ignoring uuids it does not know, within the limit", async () => {
    await clear();
    const made = await Promise.all(
      ["a", "b", "c"].map((name) => newContact({ firstName: name, lastName: name, email: `${name}@bulk.example.com` })),
    );
    const stranger = await newContact({ firstName: "S", lastName: "S", email: "s@bulk.example.com" }, other.admin);
    const [a, b, c] = made as [Contact, Contact, Contact];
    const answer = await tenant.admin.request("DELETE", BASE, { uuids: [a.uuid, b.uuid, b.uuid, stranger.uuid] });
    expect(answer.statusCode).toBe(204);
    expect(await emails()).toEqual([c.email]);
    expect(await emails("", other.admin)).toContain(stranger.email);
    expect((await tenant.admin.request("DELETE", BASE, { uuids: [] })).statusCode).toBe(400);
    const tooMany = Array.from({ length: CONTACT_LIMITS.bulkDeleteMax + 1 }, () => c.uuid);
    expect((await tenant.admin.request("DELETE", BASE, { uuids: tooMany })).statusCode).toBe(400);
  });
});

describe("load (stage one)", () => {
  it("reads an xlsx with the header in any order and case, and reports errors and warnings, saving nothing", async () => {
    await clear();
    await newContact({ firstName: "Known", lastName: "Person", email: "known@example.com" });
    const file = await xlsxOf([
      ["EMAIL", "organization", "last name", "FIRST NAME"],
      ["new@example.com", "Museum", "New", "Nina"],
      ["KNOWN@example.com", "", "Person", "Known"],
      ["bad-address", "", "Bad", "Betty"],
      ["", "", "", ""],
      ["NEW@example.com", "", "Again", "Nina"],
      ["missing@example.com", "", "", "Mo"],
    ]);
    const answer = await load("contacts.xlsx", file);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      contacts: [
        { row: 2, firstName: "Nina", lastName: "New", email: "new@example.com", organization: "Museum" },
        { row: 3, firstName: "Known", lastName: "Person", email: "KNOWN@example.com", organization: "" },
        { row: 6, firstName: "Nina", lastName: "Again", email: "NEW@example.com", organization: "" },
      ],
      errors: [
        { row: 4, message: "Row 4: 'bad-address' is not a valid e-mail address" },
        { row: 7, message: "Row 7: Last name is required" },
      ],
      warnings: [
        { row: 3, message: "Row 3: a contact with the e-mail KNOWN@example.com already exists; importing updates it" },
        { row: 6, message: "Row 6: the e-mail NEW@example.com is also in row 2" },
      ],
    });
    expect(await emails()).toEqual(["known@example.com"]);
  });

  it("reads a CSV (semicolons, byte order mark, no Organization column)", async () => {
    const csv = Buffer.from("\uFEFFFirst_Name;Last-Name;E-mail\nÉlodie;Durand;elodie@example.fr\n");
    const answer = await load("contacts.csv", csv, "text/csv");
    expect(answer.statusCode).toBe(200);
    expect(answer.json().contacts).toEqual([
      { row: 2, firstName: "Élodie", lastName: "Durand", email: "elodie@example.fr", organization: "" },
    ]);
  });

  it("answers 4xx with a message for files that are not contact spreadsheets, quickly", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const spaces = Buffer.alloc(1024 * 1024, 0x20);
    const bombEntry = await deflatedRepeat("xl/worksheets/sheet1.xml", spaces, CONTACT_LIMITS.fileMaxUnzippedBytes / (1024 * 1024) + 8);
    const workbook = await xlsxOf([
      ["First name", "Last name", "Email"],
      ["A", "B", "a@b.co"],
    ]);
    const cases: [string, Buffer, string, number, string][] = [
      ["image.xlsx", png, XLSX_MEDIA_TYPE, 400, "The file is not a spreadsheet: upload an Excel workbook (.xlsx) or a CSV file"],
      ["notes.txt", Buffer.from("just some words"), "application/octet-stream", 400, "The file is not a spreadsheet"],
      ["empty.xlsx", Buffer.alloc(0), XLSX_MEDIA_TYPE, 400, "The file is empty"],
      [
        "cut.xlsx",
        truncatedLocalHeaderZip(),
        XLSX_MEDIA_TYPE,
        400,
        "The file is not a valid Excel workbook (.xlsx): it could not be unpacked",
      ],
      [
        "corrupt.xlsx",
        Buffer.concat([Buffer.from("504b0304", "hex"), Buffer.alloc(200, 7)]),
        XLSX_MEDIA_TYPE,
        400,
        "not a valid Excel workbook",
      ],
      ["truncated.xlsx", workbook.subarray(0, Math.floor(workbook.length / 2)), XLSX_MEDIA_TYPE, 400, "not a valid Excel workbook"],
      ["bomb.xlsx", zipOf([{ ...bombEntry, declaredSize: 1000 }]), XLSX_MEDIA_TYPE, 413, "The spreadsheet unpacks to more than 64 MiB"],
      [
        "wrong-header.csv",
        Buffer.from("name,mail\nA,a@b.co\n"),
        "text/csv",
        400,
        "The first row must name the columns First name, Last name and Email",
      ],
      ["twice.csv", Buffer.from("Email,First name,Last name,email\n"), "text/csv", 400, "The column 'Email' appears more than once"],
      ["header-only.csv", Buffer.from("First name,Last name,Email\n"), "text/csv", 400, "The file has no contacts below its header row"],
      ["huge.csv", Buffer.alloc(CONTACT_LIMITS.fileMaxBytes + 1024, 0x61), "text/csv", 413, "The file is larger than 10 MiB"],
    ];
    for (const [name, content, type, status, message] of cases) {
      const started = Date.now();
      const answer = await load(name, content, type);
      expect(answer.statusCode, name).toBe(status);
      expect(answer.json().message, name).toContain(message);
      expect(Date.now() - started, name).toBeLessThan(5000);
    }
    const notMultipart = await tenant.admin.request("POST", `${BASE}/load`, { file: "x" });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().message).toBe("Send the contact file as multipart/form-data with a 'file' field");
  }, 30_000);

  it("refuses more than 50 000 contacts with 413, reading no further", async () => {
    const header = "First name,Last name,Email\n";
    const row = (i: number) => `F${i},L${i},p${i}@example.com\n`;
    const csv = Buffer.from(header + Array.from({ length: CONTACT_LIMITS.fileMaxRows + 1 }, (_, i) => row(i)).join(""));
    const tooMany = await load("many.csv", csv, "text/csv");
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe("The file has more than 50,000 contacts; split it into smaller files");
    const xlsx = await bigXlsx(["First name", "Last name", "Email"], CONTACT_LIMITS.fileMaxRows + 1, (i) => [
      `F${i}`,
      `L${i}`,
      `p${i}@example.com`,
    ]);
    expect((await load("many.xlsx", xlsx)).statusCode).toBe(413);
  }, 60_000);
});

describe("import (stage two)", () => {
  it("creates new e-mails, updates known ones whatever their case, skips what changes nothing or repeats", async () => {
    await clear();
    await newContact({ firstName: "Old", lastName: "Name", email: "change@example.com" });
    await newContact({ firstName: "Same", lastName: "Same", email: "same@example.com", organization: "Org" });
    const answer = await tenant.admin.request("POST", `${BASE}/import`, {
      to: "",
      contacts: [
        { firstName: "New", lastName: "One", email: "new@example.com" },
        { firstName: "New", lastName: "Name", email: "CHANGE@example.com", organization: "Gallery" },
        { firstName: "Same", lastName: "Same", email: "same@example.com", organization: "Org" },
        { firstName: "Twice", lastName: "One", email: "New@Example.com" },
      ],
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ created: 1, updated: 1, skipped: 2 });
    const page = (await tenant.admin.request("GET", `${BASE}?size=10`)).json();
    expect(page.content.map(({ uuid: _, ...contact }: Contact) => contact)).toEqual([
      { firstName: "New", lastName: "Name", email: "CHANGE@example.com", organization: "Gallery" },
      { firstName: "New", lastName: "One", email: "new@example.com", organization: "" },
      { firstName: "Same", lastName: "Same", email: "same@example.com", organization: "Org" },
    ]);
  });

  it("imports what a loaded file answered, end to end", async () => {
    await clear();
    const file = await xlsxOf([
      ["First name", "Last name", "Email", "Organization"],
      ...Array.from({ length: 300 }, (_, i) => [`F${i}`, `L${i}`, `bulk${i}@example.com`, "Org"]),
    ]);
    const { contacts } = (await load("bulk.xlsx", file)).json();
    const imported = await tenant.admin.request("POST", `${BASE}/import`, { to: "", contacts });
    expect(imported.json()).toEqual({ created: 300, updated: 0, skipped: 0 });
    expect((await tenant.admin.request("GET", BASE)).json().totalElements).toBe(300);
  });

  it("refuses bad bodies as a whole with 400", async () => {
    const cases: unknown[] = [
      { to: "", contacts: [] },
      { to: "ROOT", contacts: [{ firstName: "A", lastName: "B", email: "a@b.co" }] },
      { to: "", contacts: [{ firstName: "A", lastName: "B", email: "nope" }] },
      { contacts: "x" },
    ];
    for (const body of cases)
      expect((await tenant.admin.request("POST", `${BASE}/import`, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await tenant.admin.request("DELETE", BASE)).statusCode).toBe(400);
    const tooBig = { to: "", contacts: [{ firstName: "x".repeat(CONTACT_LIMITS.importMaxBytes), lastName: "B", email: "a@b.co" }] };
    const huge = await tenant.admin.request("POST", `${BASE}/import`, tooBig);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBeTruthy();
  });
});

describe("the API document", () => {
  it("lists every contact route", async () => {
    const document = (await tenant.anonymous.request("GET", "/api/openapi.json")).json();
    expect(Object.keys(document.paths[BASE])).toEqual(expect.arrayContaining(["get", "post", "delete"]));
    expect(Object.keys(document.paths[`${BASE}/{uuid}`])).toEqual(expect.arrayContaining(["put", "delete"]));
    expect(document.paths[`${BASE}/load`].post).toBeTruthy();
    expect(document.paths[`${BASE}/import`].post).toBeTruthy();
  });
});

describe("who may", () => {
  it("needs repox.surveys.show to read and repox.surveys.edit to write", async () => {
    const contact = await newContact({ firstName: "P", lastName: "Q", email: "perm@example.com" });
    const nobody = await tenant.newUser({ permissions: [] });
    const reader = await tenant.newUser({ permissions: [PERMISSIONS.surveysShow] });
    const writer = await tenant.newUser({ permissions: [PERMISSIONS.surveysShow, PERMISSIONS.surveysEdit] });
    const body = { firstName: "X", lastName: "Y", email: "x@perm.example.com" };
    const csv = Buffer.from("First name,Last name,Email\nA,B,a@b.co\n");
    const writes = (caller: Caller) => [
      caller.request("POST", BASE, body),
      caller.request("PUT", `${BASE}/${contact.uuid}`, body),
      caller.request("DELETE", `${BASE}/${contact.uuid}`),
      caller.request("DELETE", BASE, { uuids: [contact.uuid] }),
      load("a.csv", csv, "text/csv", caller),
      caller.request("POST", `${BASE}/import`, { to: "", contacts: [body] }),
    ];
    expect((await nobody.request("GET", BASE)).statusCode).toBe(403);
    expect((await Promise.all(writes(nobody))).map((a) => a.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect((await reader.request("GET", BASE)).statusCode).toBe(200);
    expect((await Promise.all(writes(reader))).map((a) => a.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect((await tenant.anonymous.request("GET", BASE)).statusCode).toBe(401);
    const created = await writer.request("POST", BASE, body);
    expect(created.statusCode).toBe(201);
    expect((await writer.request("DELETE", `${BASE}/${created.json().uuid}`)).statusCode).toBe(204);
  });

  it("keeps tenants apart: a token of one tenant at another, and one tenant's contact uuid at another", async () => {
    const mine = await newContact({ firstName: "Mine", lastName: "Only", email: "mine@tenant.example.com" });
    const tokenElsewhere = other.as(tenant.admin.token);
    expect((await tokenElsewhere.request("GET", BASE)).statusCode).toBe(401);
    expect((await tokenElsewhere.request("POST", BASE, { firstName: "A", lastName: "B", email: "a@x.co" })).statusCode).toBe(401);
    expect(await emails("", other.admin)).not.toContain(mine.email);
    const body = { firstName: "Took", lastName: "Over", email: "took@example.com" };
    expect((await other.admin.request("PUT", `${BASE}/${mine.uuid}`, body)).statusCode).toBe(404);
    expect((await other.admin.request("DELETE", `${BASE}/${mine.uuid}`)).statusCode).toBe(404);
    // The other tenant importing the same e-mail creates its own contact and leaves this one alone.
    const imported = await other.admin.request("POST", `${BASE}/import`, { to: "", contacts: [{ ...body, email: mine.email }] });
    expect(imported.json()).toEqual({ created: 1, updated: 0, skipped: 0 });
    expect((await tenant.admin.request("GET", `${BASE}?q=mine@tenant`)).json().content).toEqual([mine]);
  });

  it("lets other areas find contacts by e-mail inside their own transaction", async () => {
    const contact = await newContact({ firstName: "Share", lastName: "Me", email: "Share.Me@example.com" });
    const find = (tenantId: string) =>
      inTenant(t.db, tenantId, (trx) => t.services.contacts.within(trx).findByEmails(["share.me@EXAMPLE.com", "nobody@example.com"]));
    expect(await find(tenant.id)).toEqual([contact]);
    expect(await find(other.id)).toEqual([]);
  });
});
