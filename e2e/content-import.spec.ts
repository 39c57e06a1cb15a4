// The import wizard (spec 1 §4, §5, §8), opened from a container's actions: a file of another kind is refused on the
// Upload step; a spreadsheet with a row of an unknown type shows the Errors & Warnings step with the spec's notices
// and keeps Submit disabled; a clean spreadsheet of three containers is previewed, submitted, and its containers
// appear in the folder.
import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { apiCreator } from "./containers-model.ts";
import { shot, signIn } from "./pages.ts";

test.describe.configure({ mode: "serial" });

const SHELF_TYPE = { code: "ci-shelf", name: "CI Shelf type" };
const BOOK_TYPE = { code: "ci-book", name: "CI Book" };
const ERRORS_NOTICE = "The file you uploaded has some errors. Please resolve them and reupload.";
const WARNINGS_NOTICE = "The file you uploaded has some warnings";
let shelf: string;

async function xlsxOf(rows: (string | undefined)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Containers");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const folderTile = (page: Page, label: string) =>
  page.getByRole("listbox", { name: "Folders" }).getByRole("option", { name: label, exact: true });

test.beforeAll(async ({ request }) => {
  const post = await apiCreator(request);
  await post("/properties", { propertyKey: "ci-title", displayName: "CI Title", propertyType: "text" });
  await post("/properties", { propertyKey: "ci-year", displayName: "CI Year", propertyType: "number" });
  await post("/container_types", { container: { ...SHELF_TYPE, allowedAtRoot: true }, properties: [] });
  await post("/container_types", {
    container: { ...BOOK_TYPE, allowedAtRoot: false },
    properties: [
      { propertyKey: "ci-title", position: 0, mandatory: true },
      { propertyKey: "ci-year", position: 1 },
    ],
  });
  shelf = (await post<{ uuid: string }>("/containers", { label: "CI Shelf", type: SHELF_TYPE.code, properties: [] })).uuid;
});

test("imports containers from a spreadsheet through the wizard, refusing a file with errors", async ({ page }) => {
  await signIn(page);
  await page.goto(`/demo/containers/${shelf}`);
  await expect(page.getByRole("heading", { name: "CI Shelf", level: 2 })).toBeVisible();
  await page.getByRole("button", { name: "Actions of CI Shelf" }).click();
  await page.getByRole("menuitem", { name: "Import", exact: true }).click();

  const wizard = page.getByRole("dialog", { name: "Import into CI Shelf" });
  const next = wizard.getByRole("button", { name: "Next", exact: true });
  const submit = wizard.getByRole("button", { name: "Submit", exact: true });
  const fileInput = wizard.locator('input[type="file"]');
  await expect(wizard.getByText("Drag a spreadsheet here or click to choose one")).toBeVisible();
  // Keyboard users start on the drop zone, the step's one field, not on the close button.
  await expect(wizard.locator(".mantine-Dropzone-root")).toBeFocused();
  await expect(next).toBeDisabled();

  // Only spreadsheets are accepted; the reason is shown and Next stays disabled.
  await fileInput.setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n") });
  await expect(wizard.getByRole("alert")).toHaveText("Only spreadsheets can be imported: choose a file ending in .xlsx, .csv.");
  await expect(next).toBeDisabled();
  await shot(page, "01-upload-wrong-kind");

  // A row of an unknown type is an error; a value in a column the type lacks is a warning.
  const withErrors = await xlsxOf([
    ["label", "type", "ci-title", "shoe size"],
    ["Book one", BOOK_TYPE.code, "First book", undefined],
    ["Mystery", "ci-nope", "Unknown", undefined],
    ["Book two", BOOK_TYPE.code, "Second book", "42"],
  ]);
  await fileInput.setInputFiles({ name: "with-errors.xlsx", mimeType: XLSX, buffer: withErrors });
  await expect(wizard.getByTestId("import-file")).toContainText("with-errors.xlsx");
  await expect(wizard.getByRole("alert")).toHaveCount(0);
  await expect(next).toBeEnabled();
  await shot(page, "02-upload-chosen");

  // Hold the preview a moment so its progress can be seen.
  await page.route("**/api/import/preview?*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue().catch(() => undefined);
  });
  await next.click();
  await expect(wizard.getByRole("status")).toHaveText(/Uploading the file: \d+ %|Checking the rows…/);
  await expect(submit).toBeDisabled();
  await shot(page, "03-preview-in-progress");
  await page.unrouteAll();
  const previewTable = wizard.getByRole("table", { name: "Containers to import" });
  await expect(previewTable.getByRole("row")).toHaveCount(4);
  await expect(previewTable.getByRole("row", { name: /Mystery/ })).toContainText("ci-nope");
  await expect(previewTable.getByRole("row", { name: /Mystery/ })).toContainText("Error");
  await expect(previewTable.getByRole("row", { name: /Book one/ })).toContainText("ci-title: First book");
  await expect(wizard.getByText(ERRORS_NOTICE)).toBeVisible();
  await expect(wizard.getByText(WARNINGS_NOTICE)).toBeVisible();
  await expect(submit).toBeDisabled();
  await shot(page, "04-preview-with-errors");

  // The Errors & Warnings step lists each issue with its row.
  await expect(wizard.getByText("Errors & Warnings")).toBeVisible();
  await next.click();
  const errors = wizard.getByRole("table", { name: "Errors" });
  await expect(errors.getByRole("row")).toHaveCount(2);
  await expect(errors.getByRole("row").nth(1).getByRole("cell")).toHaveText(["3", "type: no container type with code 'ci-nope'"]);
  const warnings = wizard.getByRole("table", { name: "Warnings" });
  await expect(warnings.getByRole("row")).toHaveCount(2);
  await expect(warnings.getByRole("row").nth(1).getByRole("cell")).toHaveText([
    "4",
    "Column 'shoe size' is not a property of container type 'CI Book'; its value is ignored",
  ]);
  await expect(wizard.getByText(ERRORS_NOTICE)).toBeVisible();
  await expect(submit).toBeDisabled();
  await shot(page, "05-errors-and-warnings");

  // Back to Upload with a clean file of three containers.
  await wizard.getByRole("button", { name: "Back", exact: true }).click();
  await wizard.getByRole("button", { name: "Back", exact: true }).click();
  await expect(wizard.getByText("Drag a spreadsheet here or click to choose one")).toBeVisible();
  const clean = await xlsxOf([
    ["label", "type", "ci-title", "ci-year"],
    ["CI Imported Atlas", BOOK_TYPE.code, "An atlas", "1821"],
    ["CI Imported Bible", BOOK_TYPE.code, "A bible", "1650"],
    ["CI Imported Codex", BOOK_TYPE.code, "A codex", undefined],
  ]);
  await fileInput.setInputFiles({ name: "clean.xlsx", mimeType: XLSX, buffer: clean });
  await expect(wizard.getByTestId("import-file")).toContainText("clean.xlsx");
  await next.click();
  await expect(previewTable.getByRole("row")).toHaveCount(4);
  await expect(previewTable.getByRole("row", { name: /CI Imported Atlas/ })).toContainText("ci-title: An atlas; ci-year: 1821");
  await expect(wizard.getByText("3 containers in the file")).toBeVisible();
  await expect(wizard.getByText(ERRORS_NOTICE)).toHaveCount(0);
  await expect(wizard.getByText(WARNINGS_NOTICE)).toHaveCount(0);
  await expect(wizard.getByText("Errors & Warnings")).toHaveCount(0);
  await expect(next).toHaveCount(0);
  await expect(submit).toBeEnabled();
  await shot(page, "06-preview-clean");

  await submit.click();
  await expect(page.getByText("Successfully created")).toBeVisible();
  await expect(wizard).toBeHidden();
  for (const label of ["CI Imported Atlas", "CI Imported Bible", "CI Imported Codex"]) await expect(folderTile(page, label)).toBeVisible();
  await shot(page, "07-imported");

  // The property values came along.
  await folderTile(page, "CI Imported Atlas").click();
  const details = page.getByRole("complementary", { name: "Details" });
  await expect(details.getByRole("row", { name: /Type/ })).toContainText(BOOK_TYPE.name);
  await details.getByRole("tab", { name: "Properties" }).click();
  await expect(details.getByText("An atlas")).toBeVisible();
  await expect(details.getByText("1821")).toBeVisible();
  await shot(page, "08-imported-properties");
});

test("imports a CSV file at the top level, where only types allowed there may go", async ({ page }) => {
  await signIn(page);
  await page.getByRole("button", { name: "Actions of My Content" }).click();
  await page.getByRole("menuitem", { name: "Import", exact: true }).click();
  const wizard = page.getByRole("dialog", { name: "Import at the top level" });
  const next = wizard.getByRole("button", { name: "Next", exact: true });
  const submit = wizard.getByRole("button", { name: "Submit", exact: true });
  const fileInput = wizard.locator('input[type="file"]');

  const refused = `label;type;ci-title\nCI Loose book;${BOOK_TYPE.code};Loose\n`;
  await fileInput.setInputFiles({ name: "top.csv", mimeType: "text/csv", buffer: Buffer.from(refused) });
  await next.click();
  await expect(wizard.getByText(ERRORS_NOTICE)).toBeVisible();
  await expect(submit).toBeDisabled();
  await next.click();
  await expect(wizard.getByRole("table", { name: "Errors" }).getByRole("row").nth(1).getByRole("cell")).toHaveText([
    "2",
    "A container of type 'CI Book' cannot be created at the top level",
  ]);
  await shot(page, "09-top-level-refused");

  await wizard.getByRole("button", { name: "Upload", exact: true }).click();
  const accepted = `label;type\nCI Top shelf A;${SHELF_TYPE.code}\nCI Top shelf B;${SHELF_TYPE.code}\n`;
  await fileInput.setInputFiles({ name: "top.csv", mimeType: "text/csv", buffer: Buffer.from(accepted) });
  await next.click();
  await expect(wizard.getByText("2 containers in the file")).toBeVisible();
  await submit.click();
  await expect(wizard).toBeHidden();
  await expect(folderTile(page, "CI Top shelf A")).toBeVisible();
  await expect(folderTile(page, "CI Top shelf B")).toBeVisible();
  await shot(page, "10-top-level-imported");
});
