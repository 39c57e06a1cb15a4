// The administrator builds a controlled vocabulary: creates it, imports terms from a spreadsheet (an invalid row
// cannot be chosen), searches, edits and deletes a term, looks up its usage and exports it as voc-{name}.xlsx.
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { shot, signIn } from "./pages.ts";

const VOCABULARY = "Materials";

/** The spreadsheet a curator would prepare: a header row, four terms, and one row without a label. */
async function writeTermsWorkbook(path: string) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Terms");
  sheet.addRow(["termId", "label", "termUri"]);
  sheet.addRow(["mat-01", "Bronze", "https://example.org/materials/bronze"]);
  sheet.addRow(["mat-02", "Clay", ""]);
  sheet.addRow(["mat-03", "Oak wood", "https://example.org/materials/oak"]);
  sheet.addRow(["mat-04", "Café marble", ""]);
  sheet.addRow(["mat-05", "", ""]);
  await workbook.xlsx.writeFile(path);
}

const termRows = (page: Page) =>
  page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });

test("administrator creates a vocabulary, imports, searches, edits and deletes terms, and exports them", async ({ page }) => {
  await signIn(page);
  await page.goto("/demo/settings/content-model/vocabularies");
  await expect(page.getByRole("heading", { name: "Vocabularies" })).toBeVisible();
  await shot(page, "01-vocabularies");

  await page.getByRole("button", { name: "Create vocabulary" }).click();
  const create = page.getByRole("dialog", { name: "Create vocabulary" });
  await create.getByLabel("Name").fill(VOCABULARY);
  await create.getByLabel("Description").fill("What objects are made of");
  await create.getByLabel("Vocabulary URI").fill("javascript:alert(1)");
  await create.getByRole("button", { name: "Save" }).click();
  await expect(create.getByText("Enter a valid http or https URL")).toBeVisible();
  await create.getByLabel("Vocabulary URI").fill("https://example.org/materials");
  await shot(page, "02-vocabulary-dialog");
  await create.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully created")).toBeVisible();
  await expect(page.getByRole("link", { name: VOCABULARY })).toBeVisible();
  await expect(page.getByText("0 terms")).toBeVisible();
  await shot(page, "03-vocabularies-tiles");
  await page.getByRole("button", { name: "List view" }).click();
  await expect(page.getByRole("columnheader", { name: "Terms" })).toBeVisible();
  await shot(page, "04-vocabularies-table");

  await page.getByRole("link", { name: VOCABULARY }).click();
  await expect(page).toHaveURL(/\/demo\/settings\/content-model\/vocabulary\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: VOCABULARY })).toBeVisible();
  await expect(page.getByText("There are no terms")).toBeVisible();
  await shot(page, "05-terms-empty");

  const workbookPath = test.info().outputPath("materials.xlsx");
  await writeTermsWorkbook(workbookPath);
  await page.getByRole("button", { name: "Import terms" }).click();
  const importer = page.getByRole("dialog", { name: "Import terms" });
  await importer.locator('input[type="file"]').setInputFiles(workbookPath);
  await expect(importer.getByText("5 rows: 4 valid, 1 invalid, 0 selected")).toBeVisible();
  await expect(importer.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
  await expect(importer.getByRole("checkbox", { name: "Select row 6" })).toBeDisabled();
  await importer.getByText("Invalid", { exact: true }).hover();
  await expect(page.getByRole("tooltip")).toContainText("label is required");
  await shot(page, "06-import-rows");
  await importer.getByRole("checkbox", { name: "Select all valid rows" }).check();
  await expect(importer.getByText("5 rows: 4 valid, 1 invalid, 4 selected")).toBeVisible();
  await expect(importer.getByRole("checkbox", { name: "Select row 6" })).not.toBeChecked();
  await importer.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("Successfully imported terms")).toBeVisible();
  await expect(importer).toHaveCount(0);
  await expect(termRows(page)).toHaveCount(4);
  await expect(termRows(page).first()).toContainText("Bronze");
  await shot(page, "07-terms-imported");

  const search = page.getByRole("textbox", { name: "Search terms" });
  await search.fill("cafe");
  await expect(termRows(page)).toHaveCount(1);
  await expect(termRows(page).first()).toContainText("Café marble");
  await shot(page, "08-terms-search");
  // Two characters are not a search: the list stays as it was.
  await search.fill("ca");
  await page.waitForTimeout(900);
  await expect(termRows(page)).toHaveCount(1);
  await search.fill("");
  await expect(termRows(page)).toHaveCount(4);

  await page.getByRole("button", { name: "Edit Oak wood" }).click();
  const edit = page.getByRole("dialog", { name: "Edit term" });
  await expect(edit.getByLabel("Term ID")).toBeDisabled();
  await edit.getByLabel("Label").fill("Oak");
  await shot(page, "09-term-edit");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully updated")).toBeVisible();
  await expect(termRows(page).filter({ hasText: "mat-03" })).toContainText("Oak");
  await expect(page.getByText("Oak wood")).toHaveCount(0);

  await page.getByRole("button", { name: "Delete Clay" }).click();
  await expect(page.getByText("Are you sure you want to remove Clay ?")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Successfully deleted")).toBeVisible();
  await expect(termRows(page)).toHaveCount(3);
  await expect(page.getByRole("cell", { name: "Clay", exact: true })).toHaveCount(0);
  await shot(page, "10-terms-after-delete");

  await page.getByRole("link", { name: "Vocabularies" }).click();
  await page.getByRole("button", { name: `Actions for ${VOCABULARY}` }).click();
  await page.getByRole("menuitem", { name: "Show usage" }).click();
  const usage = page.getByRole("dialog", { name: `Usage of ${VOCABULARY}` });
  await expect(usage.getByText("No usage of the selected vocabulary", { exact: true })).toBeVisible();
  await usage.getByRole("tab", { name: "Content model" }).click();
  await expect(usage.getByText("No usage of the selected vocabulary in content model")).toBeVisible();
  await shot(page, "11-usage");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: `Actions for ${VOCABULARY}` }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Export" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`voc-${VOCABULARY}.xlsx`);
  await expect(page.getByText("Successfully exported")).toBeVisible();
  const exported = new ExcelJS.Workbook();
  await exported.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  exported.worksheets[0]?.eachRow((row) => rows.push([1, 2, 3].map((column) => String(row.getCell(column).value ?? ""))));
  expect(rows).toEqual([
    ["termId", "label", "termUri"],
    ["mat-01", "Bronze", "https://example.org/materials/bronze"],
    ["mat-04", "Café marble", ""],
    ["mat-03", "Oak", "https://example.org/materials/oak"],
  ]);
  await shot(page, "12-exported");
});
