import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { truncatedLocalHeaderZip } from "./test-files.ts";
import { assertUnzipsWithin } from "./zip-guard.ts";

const NOUNS = { file: "a test file", spreadsheet: "a test spreadsheet" };

describe("assertUnzipsWithin", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "zip-guard-test-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("refuses at once a zip whose only local header is cut short (it used to wait for more bytes forever)", async () => {
    const path = join(dir, "cut.zip");
    await writeFile(path, truncatedLocalHeaderZip());
    const started = Date.now();
    await expect(assertUnzipsWithin(path, 100 * 1024 * 1024, NOUNS)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("could not be unpacked"),
    });
    expect(Date.now() - started).toBeLessThan(2000);
  }, 5000);

  it("refuses a workbook cut short anywhere, quickly", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Contacts");
    for (let row = 0; row < 200; row++) sheet.addRow([`First ${row}`, `Last ${row}`, `person${row}@example.com`]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const path = join(dir, "cut-workbook.xlsx");
    const started = Date.now();
    // Every cut leaves an entry, a header or the central directory unfinished, and each is refused.
    // Every 53rd byte, and every 7th through the central directory at the end (a cut there used to pass by chance).
    const cuts = new Set<number>();
    for (let length = 4; length < bytes.length - 22; length += 53) cuts.add(length);
    for (let length = bytes.length - 600; length < bytes.length - 22; length += 7) cuts.add(length);
    for (const length of cuts) {
      await writeFile(path, bytes.subarray(0, length));
      const outcome = await assertUnzipsWithin(path, 100 * 1024 * 1024, NOUNS).then(
        () => "accepted",
        (error: { status?: number }) => error.status,
      );
      expect(outcome, `cut at ${length} of ${bytes.length}`).toBe(400);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 20_000);
});
