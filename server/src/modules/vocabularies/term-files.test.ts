// Term export and the two-stage term import, including files that must be refused.
import { VOCABULARY_LIMITS, XLSX_MEDIA_TYPE } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { truncatedLocalHeaderZip } from "../../platform/spreadsheets/test-files.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { bigXlsx, deflatedRepeat, multipartFile, readXlsx, xlsxOf, zipOf } from "./test-files.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
});
afterAll(() => t.close());

let vocabularyCount = 0;
async function newVocabulary(name = `Vocabulary ${++vocabularyCount}`): Promise<string> {
  const created = await tenant.admin.request("POST", "/api/vocabularies", { name });
  if (created.statusCode !== 201) throw new Error(`newVocabulary: ${created.body}`);
  return created.json().uuid;
}

function load(uuid: string, fileName: string, content: Buffer, contentType = XLSX_MEDIA_TYPE) {
  const { body, headers } = multipartFile(fileName, content, contentType);
  return tenant.admin.request("POST", `/api/vocabularies/${uuid}/load`, body, headers);
}

async function termIds(uuid: string): Promise<string[]> {
  const page = (await tenant.admin.request("GET", `/api/vocabularies/${uuid}/terms?size=200`)).json();
  return page.content.map((term: { termId: string }) => term.termId).sort();
}

type Row = { row: number; data: { termId: string; label: string; termUri: string }; valid: boolean; errors: string[] };

describe("export", () => {
  it("streams the terms as voc-{name}.xlsx with termId, label and termUri columns in label order", async () => {
    const uuid = await newVocabulary("Colours: ünï/côdé");
    for (const term of [
      { termId: "c2", label: "red", termUri: "https://example.org/red" },
      { termId: "c1", label: "Blue" },
      { termId: "c3", label: "=1+1" },
    ]) {
      await tenant.admin.request("POST", `/api/vocabularies/${uuid}/terms`, term);
    }
    const exported = await tenant.admin.request("POST", `/api/vocabularies/${uuid}/export`, { format: "XLSX" });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toBe(XLSX_MEDIA_TYPE);
    const disposition = String(exported.headers["content-disposition"]);
    expect(disposition).toContain("attachment");
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent("voc-Colours_ ünï_côdé.xlsx")}`);
    expect(disposition).not.toContain("/");
    expect(await readXlsx(exported.rawPayload)).toEqual([
      ["termId", "label", "termUri"],
      ["c3", "=1+1", ""],
      ["c1", "Blue", ""],
      ["c2", "red", "https://example.org/red"],
    ]);

    const other = await tenant.admin.request("POST", `/api/vocabularies/${uuid}/export`, { format: "PDF" });
    expect(other.statusCode).toBe(400);
  });

  it("exports an empty vocabulary as a header row, and more terms than one export page", async () => {
    const empty = await newVocabulary();
    expect(await readXlsx((await tenant.admin.request("POST", `/api/vocabularies/${empty}/export`, {})).rawPayload)).toEqual([
      ["termId", "label", "termUri"],
    ]);

    const uuid = await newVocabulary();
    const data = Array.from({ length: 4500 }, (_, i) => ({
      termId: `t${String(i).padStart(5, "0")}`,
      label: `Label ${String(i).padStart(5, "0")}`,
    }));
    expect((await tenant.admin.request("POST", `/api/vocabularies/${uuid}/import`, { data })).json()).toMatchObject({
      valid: true,
      imported: 4500,
    });
    const rows = await readXlsx((await tenant.admin.request("POST", `/api/vocabularies/${uuid}/export`, { format: "XLSX" })).rawPayload);
    expect(rows).toHaveLength(4501);
    expect(rows[4500]).toEqual(["t04499", "Label 04499", ""]);
  });
});

describe("load (stage one)", () => {
  it("reads an xlsx into rows, finds the header by name in any order and case, and saves nothing", async () => {
    const uuid = await newVocabulary();
    const file = await xlsxOf([
      [],
      ["Label", "Term URI", "TERMID"],
      ["Oak", "https://example.org/oak", "t1"],
      [" Ash ", "", 2],
      [],
      ["Elm", null, "t3"],
    ]);
    const loaded = await load(uuid, "trees.xlsx", file);
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json().rows).toEqual([
      { row: 3, data: { termId: "t1", label: "Oak", termUri: "https://example.org/oak" }, valid: true, errors: [] },
      { row: 4, data: { termId: "2", label: "Ash", termUri: "" }, valid: true, errors: [] },
      { row: 6, data: { termId: "t3", label: "Elm", termUri: "" }, valid: true, errors: [] },
    ]);
    expect(await termIds(uuid)).toEqual([]);
  });

  it("flags invalid rows with their reasons: missing fields, bad URIs, lengths, duplicates, existing terms", async () => {
    const uuid = await newVocabulary();
    await tenant.admin.request("POST", `/api/vocabularies/${uuid}/terms`, { termId: "old", label: "Already there" });
    const file = await xlsxOf([
      ["termId", "label", "termUri"],
      ["ok", "Fine", "http://example.org/ok"],
      ["", "No id", ""],
      ["nolabel", "", ""],
      ["baduri", "Bad", "ftp://example.org/x"],
      ["x".repeat(VOCABULARY_LIMITS.termIdMaxLength + 1), "Long", ""],
      ["ok", "Twice", ""],
      ["old", "Again", ""],
    ]);
    const rows: Row[] = (await load(uuid, "terms.xlsx", file)).json().rows;
    const byRow = new Map(rows.map((row) => [row.row, row]));
    expect(byRow.get(2)).toMatchObject({ valid: true, errors: [] });
    expect(byRow.get(3)?.errors).toEqual(["termId is required"]);
    expect(byRow.get(4)?.errors).toEqual(["label is required"]);
    expect(byRow.get(5)?.errors).toEqual(["termUri must be a valid http or https URL"]);
    expect(byRow.get(6)?.errors).toEqual([`termId must be at most ${VOCABULARY_LIMITS.termIdMaxLength} characters`]);
    expect(byRow.get(6)?.data.termId.length).toBeLessThanOrEqual(VOCABULARY_LIMITS.termIdMaxLength + 1);
    expect(byRow.get(7)?.errors).toEqual(["termId 'ok' appears more than once in the file (first on row 2)"]);
    expect(byRow.get(8)?.errors).toEqual(["termId 'old' already exists in this vocabulary"]);
    expect(rows.filter((row) => !row.valid)).toHaveLength(6);
  });

  it("takes a formula's saved result and refuses a formula without one, never evaluating it", async () => {
    const uuid = await newVocabulary();
    const file = await xlsxOf([
      ["termId", "label"],
      ["f1", { formula: 'UPPER("cached")', result: "CACHED" }],
      ["f2", { formula: "1+1" }],
      [{ formula: '"f"&3', result: "f3" }, "Formula id"],
    ]);
    const rows: Row[] = (await load(uuid, "formulas.xlsx", file)).json().rows;
    expect(rows[0]).toMatchObject({ data: { termId: "f1", label: "CACHED" }, valid: true });
    expect(rows[1]?.valid).toBe(false);
    expect(rows[1]?.errors[0]).toBe("Cell B3 holds a formula without a saved result; open the file in Excel, save it and try again");
    expect(rows[2]).toMatchObject({ data: { termId: "f3", label: "Formula id" }, valid: true });
  });

  it("reads a CSV saved with semicolons and a byte order mark", async () => {
    const uuid = await newVocabulary();
    const csv = Buffer.from('\uFEFFtermId;label;termUri\r\nc1;"Semi; colon";https://example.org/c1\r\nc2;Plain;\r\n', "utf8");
    const rows: Row[] = (await load(uuid, "terms.csv", csv, "text/csv")).json().rows;
    expect(rows).toEqual([
      { row: 2, data: { termId: "c1", label: "Semi; colon", termUri: "https://example.org/c1" }, valid: true, errors: [] },
      { row: 3, data: { termId: "c2", label: "Plain", termUri: "" }, valid: true, errors: [] },
    ]);
  });
});

describe("files that are refused", () => {
  it("answers 400 at once for a zip whose header is cut short (it used to get no answer at all)", async () => {
    const uuid = await newVocabulary();
    const started = Date.now();
    const answer = await load(uuid, "cut.xlsx", truncatedLocalHeaderZip());
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe("The file is not a valid Excel workbook (.xlsx): it could not be unpacked");
    expect(Date.now() - started).toBeLessThan(3000);
  }, 10_000);

  it("answers 400 with a message for files that are not term spreadsheets", async () => {
    const uuid = await newVocabulary();
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const cases: [string, Buffer, string, string][] = [
      ["image.xlsx", png, XLSX_MEDIA_TYPE, "The file is not a spreadsheet: upload an Excel workbook (.xlsx) or a CSV file"],
      ["empty.xlsx", Buffer.alloc(0), XLSX_MEDIA_TYPE, "The file is empty"],
      [
        "old.xls",
        Buffer.from("d0cf11e0a1b11ae1000000000000", "hex"),
        "application/vnd.ms-excel",
        "Old Excel files (.xls) are not supported",
      ],
      [
        "broken.xlsx",
        Buffer.concat([Buffer.from("504b0304", "hex"), Buffer.alloc(200, 7)]),
        XLSX_MEDIA_TYPE,
        "The file is not a valid Excel workbook",
      ],
      ["binary.csv", Buffer.from([0x74, 0x65, 0x00, 0xff, 0xfe]), "text/csv", "The file is not a spreadsheet"],
      [
        "no-header.xlsx",
        await xlsxOf([
          ["id", "name"],
          ["1", "One"],
        ]),
        XLSX_MEDIA_TYPE,
        "The first row must name the columns termId and label",
      ],
      ["header-only.xlsx", await xlsxOf([["termId", "label"]]), XLSX_MEDIA_TYPE, "The file has no terms below its header row"],
      ["blank.xlsx", await xlsxOf([]), XLSX_MEDIA_TYPE, "The file is empty"],
      ["blank.csv", Buffer.from("\n\n"), "text/csv", "The file is empty"],
    ];
    for (const [name, content, type, message] of cases) {
      const answer = await load(uuid, name, content, type);
      expect(answer.statusCode, name).toBe(400);
      expect(answer.json().message, name).toContain(message);
    }
    const notMultipart = await tenant.admin.request("POST", `/api/vocabularies/${uuid}/load`, { file: "x" });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().message).toBe("Send the term file as multipart/form-data with a 'file' field");
    expect((await load("00000000-0000-4000-8000-000000000000", "x.csv", Buffer.from("termId,label\na,b\n"), "text/csv")).statusCode).toBe(
      404,
    );
  });

  it("refuses more than 50 000 terms with 413, reading no further", async () => {
    const uuid = await newVocabulary();
    const rows = VOCABULARY_LIMITS.fileMaxRows + 1;
    const xlsx = await bigXlsx(["termId", "label"], rows, (i) => [`t${i}`, `Term ${i}`]);
    const answer = await load(uuid, "many.xlsx", xlsx);
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toBe("The file has more than 50,000 terms; split it into smaller files");

    const csv = Buffer.from(`termId,label\n${Array.from({ length: rows }, (_, i) => `t${i},Term ${i}`).join("\n")}\n`);
    expect((await load(uuid, "many.csv", csv, "text/csv")).statusCode).toBe(413);

    const exactly = await bigXlsx(["termId", "label"], VOCABULARY_LIMITS.fileMaxRows, (i) => [`t${i}`, `Term ${i}`]);
    const accepted = await load(uuid, "exactly.xlsx", exactly);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().rows).toHaveLength(VOCABULARY_LIMITS.fileMaxRows);
  });

  it("refuses zip bombs with 413, whether their sizes are honest or lie", async () => {
    const uuid = await newVocabulary();
    const spaces = Buffer.alloc(1024 * 1024, 0x20);
    const megabytes = VOCABULARY_LIMITS.fileMaxUnzippedBytes / (1024 * 1024) + 16;
    const entry = await deflatedRepeat("xl/worksheets/sheet1.xml", spaces, megabytes);
    const honest = zipOf([entry]);
    const lying = zipOf([{ ...entry, declaredSize: 1000 }]);
    expect(honest.length).toBeLessThan(VOCABULARY_LIMITS.fileMaxBytes);
    for (const bomb of [honest, lying]) {
      const answer = await load(uuid, "bomb.xlsx", bomb);
      expect(answer.statusCode).toBe(413);
      expect(answer.json().message).toBe("The spreadsheet unpacks to more than 64 MiB; a term file this large is not accepted");
    }
  });

  it("refuses an upload larger than the limit with 413", async () => {
    const uuid = await newVocabulary();
    const big = Buffer.alloc(VOCABULARY_LIMITS.fileMaxBytes + 1024, 0x61);
    const answer = await load(uuid, "huge.csv", big, "text/csv");
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toBe("The file is larger than 20 MiB; split it into smaller files");
  });
});

describe("import (stage two)", () => {
  it("saves the selected rows of a loaded file", async () => {
    const uuid = await newVocabulary();
    const file = await xlsxOf([
      ["termId", "label", "termUri"],
      ["p1", "Paris", "https://example.org/paris"],
      ["p2", "Rome", ""],
      ["p3", "", ""],
    ]);
    const rows: Row[] = (await load(uuid, "places.xlsx", file)).json().rows;
    const data = rows.filter((row) => row.valid).map((row) => row.data);
    const imported = await tenant.admin.request("POST", `/api/vocabularies/${uuid}/import`, { data });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toEqual({ valid: true, imported: 2, errors: [] });
    expect((await tenant.admin.request("GET", `/api/vocabularies/${uuid}/terms`)).json().content).toEqual([
      { termId: "p1", label: "Paris", termUri: "https://example.org/paris" },
      { termId: "p2", label: "Rome", termUri: "" },
    ]);
  });

  it("saves the valid terms and reports each refused one by name (per-row import)", async () => {
    const uuid = await newVocabulary();
    await tenant.admin.request("POST", `/api/vocabularies/${uuid}/terms`, { termId: "old", label: "Old" });
    const result = await tenant.admin.request("POST", `/api/vocabularies/${uuid}/import`, {
      data: [
        { termId: "n1", label: "New one" },
        { termId: "old", label: "Old again" },
        { termId: "n2", label: "" },
        { termId: "n1", label: "Twice" },
        { label: "No id", termUri: null },
        { termId: "n3", label: "Three", termUri: "https://example.org/3" },
      ],
    });
    expect(result.statusCode).toBe(200);
    expect(result.json()).toEqual({
      valid: false,
      imported: 2,
      errors: [
        "Term 'old' (item 2) was not imported: termId already exists in this vocabulary",
        "Term 'n2' (item 3) was not imported: label is required",
        "Term 'n1' (item 4) was not imported: termId appears more than once in this import",
        "Item 5 was not imported: termId is required",
      ],
    });
    expect(await termIds(uuid)).toEqual(["n1", "n3", "old"]);
  });

  it("refuses malformed import bodies as a whole with 400", async () => {
    const uuid = await newVocabulary();
    expect((await tenant.admin.request("POST", `/api/vocabularies/${uuid}/import`, { data: [] })).statusCode).toBe(400);
    expect((await tenant.admin.request("POST", `/api/vocabularies/${uuid}/import`, { data: "terms" })).statusCode).toBe(400);
    const tooMany = Array.from({ length: VOCABULARY_LIMITS.importMaxTerms + 1 }, (_, i) => ({ termId: `${i}`, label: "x" }));
    const answer = await tenant.admin.request("POST", `/api/vocabularies/${uuid}/import`, { data: tooMany });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(`at most ${VOCABULARY_LIMITS.importMaxTerms} terms`);
    expect(await termIds(uuid)).toEqual([]);
  });
});
