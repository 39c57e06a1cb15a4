import { IMPORT_LIMITS, PERMISSIONS, XLSX_MEDIA_TYPE } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { truncatedLocalHeaderZip } from "../../platform/spreadsheets/test-files.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { getContainer, newContainer, propertyValue, setUpLibraryModel } from "../containers/testing.ts";
import { bigXlsx, deflatedRepeat, multipartFile, xlsxOf, zipOf } from "../vocabularies/test-files.ts";

let t: TestApp;
let tenant: TestTenant;
let shelf: string;

type Preview = {
  containers: { row: number; label: string; type: string; properties: { key: string; value: string }[] }[];
  errors: { row: number; message: string }[];
  warnings: { row: number; message: string }[];
};

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await setUpLibraryModel(tenant.admin);
  shelf = (await newContainer(tenant.admin, { label: "Shelf", type: "shelf", properties: [{ key: "title", value: propertyValue("S") }] }))
    .uuid;
});
afterAll(() => t.close());

function preview(to: string, name: string, content: Buffer, type = XLSX_MEDIA_TYPE, caller = tenant.admin) {
  const { body, headers } = multipartFile(name, content, type);
  return caller.request("POST", `/api/import/preview?to=${to}`, body, headers);
}

async function previewed(to: string, name: string, content: Buffer, type = XLSX_MEDIA_TYPE): Promise<Preview> {
  const answer = await preview(to, name, content, type);
  if (answer.statusCode !== 200) throw new Error(`preview answered ${answer.statusCode}: ${answer.body}`);
  return answer.json();
}

const submit = (body: unknown, caller = tenant.admin) => caller.request("POST", "/api/import/submit", body);

const value = (values: unknown) => JSON.stringify({ values, qualifiers: [] });

async function childLabels(parent: string): Promise<string[]> {
  const page = (await tenant.admin.request("GET", `/api/containers/${parent}/children?size=100`)).json();
  return page.content.map((child: { label: string }) => child.label);
}

describe("preview", () => {
  it("answers every row with its values, errors and warnings, and saves nothing", async () => {
    const file = await xlsxOf([
      ["label", "type", "title", "year", "keywords", "keywords", "subject", "format", "shoe size", ""],
      ["Book one", "book", "First", 1999, "old | rare", "signed", "hist", "print", "42", "stray"],
      [],
      ["Book two", "Book", "", "many", "", "", "nope", "vinyl"],
      ["A chapter", "chapter"],
      ["Something", "nope"],
      ["", "book", "No label"],
      [],
      [],
    ]);
    const answer = await previewed(shelf, "books.xlsx", file);

    expect(answer.containers).toEqual([
      {
        row: 2,
        label: "Book one",
        type: "book",
        properties: [
          { key: "title", value: value("First") },
          { key: "year", value: value(1999) },
          { key: "keywords", value: value("old") },
          { key: "keywords", value: value("rare") },
          { key: "keywords", value: value("signed") },
          { key: "subject", value: value(["hist"]) },
          { key: "format", value: value("print") },
        ],
      },
      {
        row: 4,
        label: "Book two",
        type: "book",
        properties: [
          { key: "year", value: value("many") },
          { key: "subject", value: value(["nope"]) },
          { key: "format", value: value("vinyl") },
        ],
      },
      { row: 5, label: "A chapter", type: "chapter", properties: [] },
      { row: 6, label: "Something", type: "nope", properties: [] },
      { row: 7, label: "", type: "book", properties: [{ key: "title", value: value("No label") }] },
    ]);
    expect(answer.errors).toEqual([
      { row: 4, message: "Label of year: must be a number" },
      { row: 4, message: "Label of subject: 'nope' is not a term of its vocabulary" },
      { row: 4, message: expect.stringContaining("Label of format:") },
      { row: 4, message: "Label of title: is mandatory and has no value" },
      { row: 5, message: "A container of type 'Type chapter' cannot be created in 'Shelf': type 'Type shelf' does not accept it" },
      { row: 6, message: "type: no container type with code 'nope'" },
      { row: 7, message: "label: is required" },
    ]);
    expect(answer.warnings).toEqual([
      { row: 2, message: "Column J has no name in the first row; its value is ignored" },
      { row: 2, message: "Column 'shoe size' is not a property of container type 'Type book'; its value is ignored" },
      { row: 3, message: "Row 3 is empty; it was skipped" },
    ]);
    expect(await childLabels(shelf)).toEqual([]);
  });

  it("reads CSV files the same way, with dates and times Excel or people write", async () => {
    await tenant.admin.request("POST", "/api/properties", { propertyKey: "opened", displayName: "Opened", propertyType: "date" });
    await tenant.admin.request("POST", "/api/properties", { propertyKey: "at", displayName: "At", propertyType: "time" });
    await tenant.admin.request("POST", "/api/container_types", {
      container: {
        code: "dated",
        name: "Dated",
        layout: "DEFAULT",
        containerAcceptance: "",
        datastreamAcceptance: "",
        allowedAtRoot: true,
      },
      properties: [
        { propertyKey: "opened", position: 1 },
        { propertyKey: "at", position: 2 },
      ],
    });
    const csv = Buffer.from("\uFEFFlabel;type;opened;at\r\nFirst;dated;2024-05-01;10:30\r\n\r\n");
    const fromCsv = await previewed("ROOT", "dated.csv", csv, "text/csv");
    expect(fromCsv).toEqual({
      containers: [
        {
          row: 2,
          label: "First",
          type: "dated",
          properties: [
            { key: "opened", value: value("2024-05-01") },
            { key: "at", value: value("10:30") },
          ],
        },
      ],
      errors: [],
      warnings: [],
    });
    const fromExcel = await previewed(
      "ROOT",
      "dated.xlsx",
      await xlsxOf([
        ["label", "type", "opened", "at"],
        ["Second", "dated", new Date(Date.UTC(2024, 4, 2)), new Date(Date.UTC(1899, 11, 30, 9, 15))],
      ]),
    );
    expect(fromExcel.errors).toEqual([]);
    expect(fromExcel.containers[0]?.properties).toEqual([
      { key: "opened", value: value("2024-05-02") },
      { key: "at", value: value("09:15:00") },
    ]);
  });

  it("applies the top level's rules when importing to ROOT", async () => {
    const file = await xlsxOf([
      ["label", "type", "title"],
      ["Loose book", "book", "T"],
      ["A box", "box"],
    ]);
    const answer = await previewed("ROOT", "root.xlsx", file);
    expect(answer.errors).toEqual([{ row: 2, message: "A container of type 'Type book' cannot be created at the top level" }]);
  });

  it("answers 400 at once for a zip whose header is cut short (it used to get no answer at all)", async () => {
    const started = Date.now();
    const answer = await preview("ROOT", "cut.xlsx", truncatedLocalHeaderZip());
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe("The file is not a valid Excel workbook (.xlsx): it could not be unpacked");
    expect(Date.now() - started).toBeLessThan(3000);
  }, 10_000);

  it("refuses files that are not import spreadsheets with 4xx and a message", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const cases: [string, Buffer, string, number, string][] = [
      ["image.xlsx", png, XLSX_MEDIA_TYPE, 400, "The file is not a spreadsheet: upload an Excel workbook (.xlsx) or a CSV file"],
      ["empty.xlsx", Buffer.alloc(0), XLSX_MEDIA_TYPE, 400, "The file is empty"],
      [
        "old.xls",
        Buffer.from("d0cf11e0a1b11ae1000000000000", "hex"),
        "application/vnd.ms-excel",
        400,
        "Old Excel files (.xls) are not supported: save the file as an Excel workbook (.xlsx) or as CSV and try again",
      ],
      [
        "broken.xlsx",
        Buffer.concat([Buffer.from("504b0304", "hex"), Buffer.alloc(200, 7)]),
        XLSX_MEDIA_TYPE,
        400,
        "not a valid Excel workbook",
      ],
      [
        "no-header.xlsx",
        await xlsxOf([
          ["name", "kind"],
          ["a", "box"],
        ]),
        XLSX_MEDIA_TYPE,
        400,
        "The first row must name the columns label and type, then one column per property key",
      ],
      [
        "twice.xlsx",
        await xlsxOf([
          ["label", "type", "Label"],
          ["a", "box", "b"],
        ]),
        XLSX_MEDIA_TYPE,
        400,
        "The column 'label' appears more than once in the first row",
      ],
      ["header-only.csv", Buffer.from("label,type\n"), "text/csv", 400, "The file has no containers below its header row"],
      ["blank.xlsx", await xlsxOf([]), XLSX_MEDIA_TYPE, 400, "The file is empty"],
      ["huge.csv", Buffer.alloc(IMPORT_LIMITS.fileMaxBytes + 1024, 0x61), "text/csv", 413, "The file is larger than 10 MiB"],
    ];
    for (const [name, content, type, status, message] of cases) {
      const answer = await preview(shelf, name, content, type);
      expect(answer.statusCode, name).toBe(status);
      expect(answer.json().message, name).toContain(message);
    }
    const notMultipart = await tenant.admin.request("POST", `/api/import/preview?to=${shelf}`, { file: "x" });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().message).toBe("Send the spreadsheet as multipart/form-data with a 'file' field");
  });

  it("refuses more rows than the limit and zip bombs with 413, reading no further", async () => {
    const many = await bigXlsx(["label", "type"], IMPORT_LIMITS.maxRows + 1, (index) => [`Box ${index}`, "box"]);
    const tooMany = await preview("ROOT", "many.xlsx", many);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe("The file has more than 2,000 rows; split it into smaller files");

    const spaces = Buffer.alloc(1024 * 1024, 0x20);
    const entry = await deflatedRepeat("xl/worksheets/sheet1.xml", spaces, IMPORT_LIMITS.fileMaxUnzippedBytes / (1024 * 1024) + 8);
    const bomb = await preview("ROOT", "bomb.xlsx", zipOf([{ ...entry, declaredSize: 1000 }]));
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().message).toBe("The spreadsheet unpacks to more than 64 MiB; an import file this large is not accepted");
  });

  it("answers 404 for a destination that does not exist or is not this tenant's, 400 for a bad one", async () => {
    const file = await xlsxOf([
      ["label", "type"],
      ["a", "box"],
    ]);
    const unknown = await preview("00000000-0000-4000-8000-000000000000", "a.xlsx", file);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Container 00000000-0000-4000-8000-000000000000 not found");
    const other = await t.newTenant();
    const { body, headers } = multipartFile("a.xlsx", file, XLSX_MEDIA_TYPE);
    const crossTenant = await other.admin.request("POST", `/api/import/preview?to=${shelf}`, body, headers);
    expect(crossTenant.statusCode).toBe(404);
    const bad = await preview("somewhere", "a.xlsx", file);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("to must be a container uuid or ROOT");
  });
});

describe("submit", () => {
  it("creates every container of a clean preview in the destination, with its values", async () => {
    const target = (
      await newContainer(tenant.admin, { label: "Target", type: "shelf", properties: [{ key: "title", value: propertyValue("T") }] })
    ).uuid;
    const file = await xlsxOf([
      ["label", "type", "title", "keywords"],
      ["Alpha", "book", "A", "x|y"],
      ["Beta", "book", "B", ""],
    ]);
    const { containers, errors } = await previewed(target, "ok.xlsx", file);
    expect(errors).toEqual([]);
    const answer = await submit({ to: target, containers });
    expect(answer.statusCode).toBe(200);
    const { created } = answer.json();
    expect(created).toHaveLength(2);
    expect(await childLabels(target)).toEqual(["Alpha", "Beta"]);
    const alpha = await getContainer(tenant.admin, created[0]);
    expect(alpha.label).toBe("Alpha");
    expect(alpha.properties.filter((property) => property.key === "keywords").map((property) => property.value)).toEqual([
      value("x"),
      value("y"),
    ]);
    const activity = (await tenant.admin.request("GET", `/api/containers/${created[1]}/activity`)).json();
    expect(activity.content[0]).toMatchObject({
      action: "created",
      description: "Imported into 'Target'",
      params: { what: "imported", parent: "Target" },
    });
  });

  it("creates nothing when one container is not valid, and says which", async () => {
    const target = (
      await newContainer(tenant.admin, { label: "Strict", type: "shelf", properties: [{ key: "title", value: propertyValue("T") }] })
    ).uuid;
    const containers = [
      { row: 2, label: "Fine", type: "book", properties: [{ key: "title", value: value("F") }] },
      { row: 3, label: "Untitled", type: "book", properties: [{ key: "year", value: value(2001) }] },
      { row: 4, label: "Also fine", type: "book", properties: [{ key: "title", value: value("G") }] },
    ];
    const answer = await submit({ to: target, containers });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe("Nothing was imported. Row 3: Label of title: is mandatory and has no value");
    expect(await childLabels(target)).toEqual([]);

    const wrongPlace = await submit({
      to: "ROOT",
      containers: [{ label: "Top book", type: "book", properties: [{ key: "title", value: value("x") }] }],
    });
    expect(wrongPlace.statusCode).toBe(400);
    expect(wrongPlace.json().message).toBe(
      "Nothing was imported. Row 1: A container of type 'Type book' cannot be created at the top level",
    );
    const unknownKey = await submit({
      to: target,
      containers: [
        {
          label: "K",
          type: "book",
          properties: [
            { key: "title", value: value("x") },
            { key: "nope", value: value("y") },
          ],
        },
      ],
    });
    expect(unknownKey.json().message).toBe("Nothing was imported. Row 1: 'nope' is not a property of container type 'Type book'");
    expect(await childLabels(target)).toEqual([]);
  });

  it("answers 400 for bodies that are not a submit", async () => {
    const cases: [unknown, string][] = [
      [{ to: shelf, containers: [] }, "Choose at least one container to import"],
      [{ containers: [{ label: "a", type: "box" }] }, "to"],
      [{ to: shelf, containers: [{ label: 5, type: "box" }] }, "label"],
      [{ to: shelf, containers: Array.from({ length: IMPORT_LIMITS.maxRows + 1 }, () => ({ label: "a", type: "box" })) }, "at most 2000"],
    ];
    for (const [body, message] of cases) {
      const answer = await submit(body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain(message);
    }
  });
});

describe("access", () => {
  it("needs the import permission for the preview and the submit", async () => {
    const file = await xlsxOf([
      ["label", "type"],
      ["Box", "box"],
    ]);
    const editor = await tenant.newUser({ permissions: [PERMISSIONS.contentEdit] });
    const denied = await preview("ROOT", "a.xlsx", file, XLSX_MEDIA_TYPE, editor);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe("You do not have permission to do this (requires repox.store.content.import)");
    expect((await submit({ to: "ROOT", containers: [{ label: "Box", type: "box" }] }, editor)).statusCode).toBe(403);

    const importer = await tenant.newUser({ permissions: [PERMISSIONS.contentImport] });
    const { containers } = (await preview("ROOT", "a.xlsx", file, XLSX_MEDIA_TYPE, importer)).json();
    const done = await submit({ to: "ROOT", containers }, importer);
    expect(done.statusCode).toBe(200);
  });

  it("does not reach another tenant's containers, as destination or as reference", async () => {
    const other = await t.newTenant();
    await setUpLibraryModel(other.admin);
    const theirs = await submit(
      { to: shelf, containers: [{ label: "Book", type: "book", properties: [{ key: "title", value: value("x") }] }] },
      other.admin,
    );
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(`Container ${shelf} not found`);

    const box = (await newContainer(tenant.admin, { label: "Mine", type: "box" })).uuid;
    const otherShelf = (
      await newContainer(other.admin, { label: "Their shelf", type: "shelf", properties: [{ key: "title", value: propertyValue("S") }] })
    ).uuid;
    const referencing = await submit(
      {
        to: otherShelf,
        containers: [
          {
            label: "Ref",
            type: "book",
            properties: [
              { key: "title", value: value("x") },
              { key: "related", value: value([box]) },
            ],
          },
        ],
      },
      other.admin,
    );
    expect(referencing.statusCode).toBe(400);
    expect(referencing.json().message).toBe(`Nothing was imported. Row 1: Label of related: no container with id '${box}'`);
  });
});
