// Contacts (spec 3 §2, §5, §8): the empty state, creating and editing a contact in its modal (Save waits for a whole
// contact, a malformed e-mail is marked), the search (more than 3 characters), select-all with the bulk delete, and
// the two-stage import from an xlsx written here, with one warning row (an e-mail the list already has); a user who
// may only read contacts sees no button that writes.
import { expect as baseExpect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { apiCreator, signInThroughApi } from "./containers-model.ts";
import { shot, signIn } from "./pages.ts";

// The machine running the specs is shared: give slow steps room (as the survey specs do).
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: "serial" });

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function xlsxOf(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Contacts");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test("contacts: empty state, create, edit, search, import with a warning, select-all and delete", async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page);
  await page.goto("/demo/contacts");

  // Empty state with its two buttons.
  await expect(page.getByText("No contacts yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create contact" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Import contacts" }).first()).toBeVisible();
  await shot(page, "01-empty");

  // Create: Save waits for first name, last name and a valid e-mail; a malformed e-mail is marked.
  await page.getByRole("button", { name: "Create contact" }).click();
  const modal = page.getByRole("dialog", { name: "New contact" });
  const save = modal.getByRole("button", { name: "Save" });
  await expect(save).toBeDisabled();
  await modal.getByLabel("First name").fill("Zoë");
  await modal.getByLabel("Last name").fill("Müller");
  await modal.getByLabel("Email").fill("zoe@example");
  await modal.getByLabel("Organization").click();
  await expect(modal.getByText("Enter a valid e-mail address")).toBeVisible();
  await expect(save).toBeDisabled();
  await shot(page, "02-contact-invalid-email");
  await modal.getByLabel("Email").fill("zoe@example.com");
  await modal.getByLabel("Organization").fill("Städel Museum");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText("Successfully added new contact")).toBeVisible();
  await expect(modal).toBeHidden();
  const table = page.getByTestId("contacts-table");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Städel Museum");

  // A failed creation shows the server's message in the modal (spec 3 §8): the e-mail is taken, whatever its case.
  await page.getByRole("button", { name: "Add contact" }).click();
  const duplicate = page.getByRole("dialog", { name: "New contact" });
  await duplicate.getByLabel("First name").fill("Zoe");
  await duplicate.getByLabel("Last name").fill("Again");
  await duplicate.getByLabel("Email").fill("ZOE@example.com");
  await duplicate.getByRole("button", { name: "Save" }).click();
  await expect(duplicate.getByText("A contact with the e-mail ZOE@example.com already exists")).toBeVisible();
  await shot(page, "02b-contact-duplicate");
  await duplicate.getByRole("button", { name: "Close dialog" }).click();
  await expect(duplicate).toBeHidden();

  // Edit it from its e-mail.
  await table.getByRole("button", { name: "zoe@example.com" }).click();
  const edit = page.getByRole("dialog", { name: "Edit contact" });
  await expect(edit.getByLabel("First name")).toHaveValue("Zoë");
  await expect(edit.getByRole("button", { name: "Delete" })).toBeVisible();
  await edit.getByLabel("Organization").fill("Prado");
  await shot(page, "03-contact-edit");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully saved contact")).toBeVisible();
  await expect(table).toContainText("Prado");

  // Import from an xlsx: the header in another order and case; one row repeats a known e-mail (a warning).
  await page.getByRole("button", { name: "Import contacts" }).last().click();
  const importer = page.getByRole("dialog", { name: "Import contacts" });
  await expect(importer.getByText("Drop an Excel file here or click to choose one")).toBeVisible();
  await shot(page, "04-import-drop-zone");
  // A file with errors is to be fixed first: its rows with errors are listed and nothing can be imported.
  const withErrors = await xlsxOf([
    ["First name", "Last name", "Email"],
    ["Ana", "Smith", "ana@prado.es"],
    ["Bad", "Address", "not-an-address"],
  ]);
  const fileInput = importer.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: "with-errors.xlsx", mimeType: XLSX, buffer: withErrors });
  await expect(page.getByText("The file you uploaded has some errors. Please resolve them and reupload.").first()).toBeVisible();
  await expect(importer.getByRole("alert")).toContainText("Row 3: 'not-an-address' is not a valid e-mail address");
  await expect(importer.getByRole("button", { name: /^Import selected/ })).toHaveCount(0);
  await shot(page, "04b-import-errors");
  await importer.getByRole("button", { name: "Choose another file" }).click();
  const file = await xlsxOf([
    ["email", "first name", "LAST NAME", "Organization"],
    ["ana@prado.es", "Ana", "Smith", "Prado"],
    ["jose@example.org", "José", "Núñez", "Reina Sofía"],
    ["ZOE@example.com", "Zoë", "Müller", "Städel Museum"],
    ["liu@example.cn", "Liu", "Yang", ""],
  ]);
  await fileInput.setInputFiles({ name: "contacts.xlsx", mimeType: XLSX, buffer: file });
  await expect(page.getByText("The file you uploaded has some warnings").first()).toBeVisible();
  const rows = importer.getByTestId("contact-file-table").getByRole("row");
  await expect(rows).toHaveCount(5);
  await expect(rows.filter({ hasText: "ZOE@example.com" }).getByText("Warning")).toBeVisible();
  await expect(importer.getByText("4 contacts, 4 selected")).toBeVisible();
  await shot(page, "05-import-selection");
  // Leave one out.
  await importer.getByRole("checkbox", { name: "Select row 5" }).uncheck();
  await importer.getByRole("button", { name: "Import selected (3)" }).click();
  await expect(page.getByText("Successfully imported contacts")).toBeVisible();
  await expect(importer).toBeHidden();
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table).not.toContainText("liu@example.cn");
  // The known e-mail was updated from the file.
  await expect(table.getByRole("row").filter({ hasText: "zoe@example.com" })).toContainText("Städel Museum");
  await shot(page, "06-list");

  // Search: 3 characters list everything, more search names, e-mail and organization, ignoring accents.
  const search = page.getByRole("textbox", { name: "Search contacts" });
  await search.fill("nun");
  await expect(table.getByRole("row")).toHaveCount(4);
  await search.fill("nunez");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("jose@example.org");
  await shot(page, "07-search");
  await search.fill("nobody here");
  await expect(page.getByText("No matching results")).toBeVisible();
  await shot(page, "08-no-matches");
  await search.fill("");
  await expect(table.getByRole("row")).toHaveCount(4);

  // One contact deleted from its modal in edit mode, after a confirmation.
  await table.getByRole("button", { name: "jose@example.org" }).click();
  await page.getByRole("dialog", { name: "Edit contact" }).getByRole("button", { name: "Delete" }).click();
  const confirmOne = page.getByRole("dialog", { name: "Delete contacts" });
  await expect(confirmOne.getByText("Are you sure you want to delete José Núñez (jose@example.org)?")).toBeVisible();
  await confirmOne.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Successfully deleted contact", { exact: true })).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(3);

  // Select all, the delete button counts them, and a confirmation comes first.
  await table.getByRole("checkbox", { name: "Select all" }).check();
  const remove = page.getByRole("button", { name: "Delete (2)" });
  await expect(remove).toBeEnabled();
  await remove.click();
  const confirm = page.getByRole("dialog", { name: "Delete contacts" });
  await expect(confirm.getByText("Are you sure you want to delete 2 contacts?")).toBeVisible();
  await shot(page, "09-delete-confirmation");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Successfully deleted contacts")).toBeVisible();
  await expect(page.getByText("No contacts yet")).toBeVisible();
  await shot(page, "10-empty-again");
});

test("a user who may only read contacts sees them without any button that writes", async ({ page }) => {
  const post = await apiCreator(page.request);
  await post("/addons/srv/contacts", { firstName: "Read", lastName: "Only", email: "read.only@example.com" });
  const { uuid } = await post<{ uuid: string }>("/users", {
    username: "contact-reader",
    email: "contact-reader@example.org",
    password: "Reader-password-1",
    firstname: "Reader",
  });
  await post("/groups", { name: "Contact readers", iamPermissions: ["repox.surveys.show"], users: [uuid] });

  await page.goto("/demo/login");
  await page.getByLabel("Username").fill("contact-reader");
  await page.getByLabel("Password").fill("Reader-password-1");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto("/demo/contacts");
  const table = page.getByTestId("contacts-table");
  await expect(table).toContainText("read.only@example.com");
  await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add contact" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Import contacts" })).toHaveCount(0);
  await table.getByRole("button", { name: "read.only@example.com" }).click();
  await expect(table.getByRole("checkbox")).toHaveCount(0);
  const modal = page.getByRole("dialog", { name: "Contact" });
  await expect(modal.getByLabel("First name")).toHaveValue("Read");
  await expect(modal.getByRole("button", { name: "Save" })).toHaveCount(0);
  await shot(page, "11-read-only");
});

test("pages of 20 sorted by e-mail; emptying the last page shows the one before it", async ({ page }) => {
  const headers = await signInThroughApi(page.request);
  const contacts = Array.from({ length: 45 }, (_, i) => ({
    firstName: `Person`,
    lastName: `${i}`,
    email: `person${String(i).padStart(2, "0")}@paging.example.com`,
  }));
  const imported = await page.request.post("/api/addons/srv/contacts/import", { headers, data: { to: "", contacts } });
  expect(imported.status(), await imported.text()).toBe(200);

  await signIn(page);
  await page.goto("/demo/contacts");
  const table = page.getByTestId("contacts-table");
  await expect(table.getByRole("row").nth(1)).toContainText("person00@paging.example.com");
  await expect(page.getByText("46 in total")).toBeVisible();
  await page.getByRole("button", { name: "3", exact: true }).click();
  await expect(table.getByRole("row")).toHaveCount(7);
  await expect(table.getByRole("row").last()).toContainText("read.only@example.com");
  await shot(page, "12-last-page");
  await table.getByRole("checkbox", { name: "Select all" }).check();
  await page.getByRole("button", { name: "Delete (6)" }).click();
  await page.getByRole("dialog", { name: "Delete contacts" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Successfully deleted contacts")).toBeVisible();
  await expect(page.getByText("40 in total")).toBeVisible();
  await expect(table.getByRole("row").last()).toContainText("person39@paging.example.com");
  await expect(page.getByRole("button", { name: "2", exact: true })).toHaveAttribute("data-active", "true");
});
