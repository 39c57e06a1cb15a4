// The administrator builds a small content model (a namespace, a language qualifier, a property group and three
// properties), looks a property's usage up, exports the model and imports the file into a second tenant.
import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_PLATFORM_TOKEN } from "./constants.ts";
import { shot, signIn } from "./pages.ts";

const SECOND_TENANT = "museum";

async function openTile(page: Page, name: string) {
  await page.getByRole("link", { name: "Content Model" }).first().click();
  await expect(page).toHaveURL(/\/settings\/content-model$/);
  await page.getByRole("link", { name: new RegExp(`^${name}`) }).click();
}

/** Picks options of a searchable Mantine select by typing part of their label. */
async function pick(page: Page, input: Locator, ...options: [typed: string, option: string][]) {
  for (const [typed, option] of options) {
    await input.click();
    await input.fill(typed);
    await page.getByRole("option", { name: option, exact: true }).click();
  }
}

/** Creates a container or datastream type through the API as the signed-in user of the demo tenant. */
async function createType(page: Page, request: APIRequestContext, path: string, body: object) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("authUser:demo") ?? "{}").jwtToken as string);
  const answer = await request.post(path, { headers: { Authorization: `Bearer ${token}`, "X-TenantID": "demo" }, data: body });
  expect(answer.status()).toBe(201);
}

async function save(dialog: Locator, toast: string) {
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.page().getByText(toast).last()).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test("administrator builds, exports and imports a content model", async ({ page, request }) => {
  // Eighteen screens over two tenants in one flow: the default minute ran out in CI with two lanes busy (1.1 min).
  test.setTimeout(120_000);
  await signIn(page);
  await page.getByRole("navigation").getByRole("link", { name: "Content Model" }).click();
  await expect(page).toHaveURL(/\/demo\/settings\/content-model$/);
  for (const tile of ["Container Types", "Datastream Types", "Properties", "Namespaces", "Qualifiers", "Vocabularies", "Property Groups"]) {
    await expect(page.getByRole("link", { name: new RegExp(`^${tile}`) })).toBeVisible();
  }
  await shot(page, "01-content-model-home");

  // Namespaces: create, then a second one with the same code is refused with the server's message.
  await openTile(page, "Namespaces");
  await expect(page).toHaveURL(/\/settings\/content-model\/namespaces$/);
  await expect(page.getByText("There are no namespaces")).toBeVisible();
  await page.getByRole("button", { name: "Create namespace" }).click();
  let dialog = page.getByRole("dialog", { name: "Create namespace" });
  await dialog.getByLabel("Code").fill("dc");
  await dialog.getByLabel("Name").fill("Dublin Core");
  await dialog.getByLabel("Prefix").fill("dc");
  await dialog.getByLabel("URL").fill("http://purl.org/dc/elements/1.1/");
  await shot(page, "02-namespace-dialog");
  await save(dialog, "Successfully created");
  await page.getByRole("button", { name: "Create namespace" }).click();
  dialog = page.getByRole("dialog", { name: "Create namespace" });
  await dialog.getByLabel("Code").fill("dc");
  await dialog.getByLabel("Name").fill("Another");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toContainText("A namespace with code 'dc' already exists");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: /Dublin Core/ }).click();
  dialog = page.getByRole("dialog", { name: "Edit namespace" });
  await expect(dialog.getByLabel("Code")).toBeDisabled();
  await expect(dialog.getByLabel("Code")).toHaveValue("dc");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "List view" }).click();
  await expect(page.getByRole("columnheader", { name: "Prefix" })).toBeVisible();
  await shot(page, "03-namespaces");

  // Qualifiers: an enum qualifier whose values are two languages.
  await openTile(page, "Qualifiers");
  await page.getByRole("button", { name: "Create qualifier" }).click();
  dialog = page.getByRole("dialog", { name: "Create qualifier" });
  await dialog.getByLabel("Key").fill("lang");
  await dialog.getByLabel("Name").fill("Language");
  await pick(page, dialog.getByRole("combobox", { name: "Values" }), ["gree", "Greek (el)"], ["engl", "English (en)"]);
  await shot(page, "04-qualifier-dialog");
  await save(dialog, "Successfully created");
  await expect(page.getByRole("row", { name: /Language/ })).toContainText("el, en");
  await shot(page, "05-qualifiers");

  // Property groups.
  await openTile(page, "Property Groups");
  await page.getByRole("button", { name: "Create property group" }).click();
  dialog = page.getByRole("dialog", { name: "Create property group" });
  await dialog.getByLabel("Name").fill("Description");
  await dialog.getByLabel("Description").fill("What the item is about");
  await save(dialog, "Successfully created");
  await expect(page.getByRole("row", { name: /What the item is about/ })).toBeVisible();
  await shot(page, "06-property-groups");

  // Properties: a text with the qualifier, an enum with values, a number.
  await openTile(page, "Properties");
  await expect(page.getByText("There are no properties")).toBeVisible();
  await page.getByRole("button", { name: "Create property" }).click();
  dialog = page.getByRole("dialog", { name: "Create property" });
  await dialog.getByLabel("Code").fill("title");
  await dialog.getByLabel("Label").fill("Title");
  await dialog.getByLabel("Description").fill("The name of the item");
  await expect(dialog.getByText("20/255")).toBeVisible();
  await pick(page, dialog.getByRole("combobox", { name: "Namespace" }), ["dubl", "Dublin Core (dc)"]);
  await pick(page, dialog.getByRole("combobox", { name: "Qualifiers" }), ["lang", "Language"]);
  await pick(page, dialog.getByRole("combobox", { name: "Group" }), ["desc", "Description"]);
  await dialog.getByLabel("Mandatory").check();
  await shot(page, "07-property-text");
  await save(dialog, "Successfully created");

  await page.getByRole("button", { name: "Create property" }).click();
  dialog = page.getByRole("dialog", { name: "Create property" });
  await dialog.getByLabel("Code").fill("format");
  await dialog.getByLabel("Label").fill("Format");
  await dialog.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Enumeration" }).click();
  await expect(dialog.getByRole("combobox", { name: "Qualifiers" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Add at least one value")).toBeVisible();
  const values = dialog.getByRole("combobox", { name: "Values" });
  await values.fill("print");
  await values.press("Enter");
  await values.fill("digital");
  await values.press("Enter");
  await shot(page, "08-property-enum");
  await save(dialog, "Successfully created");

  await page.getByRole("button", { name: "Create property" }).click();
  dialog = page.getByRole("dialog", { name: "Create property" });
  await dialog.getByLabel("Code").fill("pages");
  await dialog.getByLabel("Label").fill("Pages");
  await dialog.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Number" }).click();
  await dialog.getByLabel("Position").fill("3");
  await save(dialog, "Successfully created");

  await expect(page.getByRole("columnheader", { name: "Type" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Format/ })).toContainText("Enumeration");
  await expect(page.getByRole("row", { name: /Pages/ })).toContainText("pages");
  await shot(page, "09-properties-table");
  await page.getByRole("button", { name: "Grid view" }).click();
  await shot(page, "10-properties-cards");

  await page.getByRole("button", { name: "Title", exact: true }).click();
  dialog = page.getByRole("dialog", { name: "Edit property" });
  await expect(dialog.getByLabel("Code")).toBeDisabled();
  await expect(dialog.getByText("Language", { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");

  // Usage: no content holds values yet; two types (made through the API, their screens are elsewhere) carry Title.
  await page.getByRole("button", { name: "Show usage of Pages" }).click();
  dialog = page.getByRole("dialog", { name: "Usage of Pages" });
  await dialog.getByRole("tab", { name: "Content model" }).click();
  await expect(dialog.getByText("No content model usage of the selected property")).toBeVisible();
  await page.keyboard.press("Escape");
  await createType(page, request, "/api/datastream_types", {
    dataStream: { code: "scan", name: "Scan" },
    properties: [{ propertyKey: "title" }],
  });
  await createType(page, request, "/api/container_types", {
    container: { code: "book", name: "Book" },
    properties: [{ propertyKey: "title" }],
  });
  await page.getByRole("button", { name: "Show usage of Title" }).click();
  dialog = page.getByRole("dialog", { name: "Usage of Title" });
  await expect(dialog.getByText("No usage of the selected property")).toBeVisible();
  await shot(page, "11-usage-content");
  await dialog.getByRole("tab", { name: "Content model" }).click();
  const usageRows = dialog.getByRole("row");
  await expect(usageRows).toHaveCount(3);
  await expect(usageRows.nth(1)).toContainText(/Book\s*Container type\s*book/);
  await expect(usageRows.nth(2)).toContainText(/Scan\s*Datastream type\s*scan/);
  await expect(dialog.getByRole("combobox", { name: "Rows per page" })).toHaveValue("10");
  await shot(page, "12-usage-content-model");
  await page.keyboard.press("Escape");

  // Export: nothing ticked keeps Export disabled; the file holds what was built.
  await page.getByRole("link", { name: "Content Model" }).first().click();
  await page.getByRole("button", { name: "Export content model" }).click();
  dialog = page.getByRole("dialog", { name: "Export content model" });
  await expect(dialog.getByRole("button", { name: "Export" })).toBeDisabled();
  await dialog.getByLabel("Properties").check();
  await dialog.getByLabel("Namespaces").check();
  await expect(dialog.getByRole("button", { name: "Export" })).toBeEnabled();
  await shot(page, "13-export-dialog");
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("content-model.json");
  await expect(page.getByText("Successfully exported")).toBeVisible();
  const exported = test.info().outputPath("content-model.json");
  await download.saveAs(exported);
  const file = JSON.parse(readFileSync(exported, "utf8")) as {
    properties: { propertyKey: string; propertyType: string; qualifiers: string[]; namespace: string | null }[];
    namespaces: { code: string }[];
  };
  expect(file.properties.map((property) => property.propertyKey).sort()).toEqual(["format", "pages", "title"]);
  expect(file.properties.find((property) => property.propertyKey === "title")).toMatchObject({
    propertyType: "text",
    qualifiers: ["lang"],
    namespace: "dc",
  });
  expect(file.namespaces.map((namespace) => namespace.code)).toEqual(["dc"]);

  // A second tenant, made through the operator API, imports the file.
  const created = await request.post("/api/platform/tenants", {
    headers: { Authorization: `Bearer ${E2E_PLATFORM_TOKEN}` },
    data: { code: SECOND_TENANT, name: "Museum", adminUsername: "admin", adminPassword: E2E_ADMIN_PASSWORD },
  });
  expect(created.status()).toBe(201);
  await signIn(page, { tenant: SECOND_TENANT });
  await page.goto(`/${SECOND_TENANT}/settings/content-model`);
  await page.getByRole("button", { name: "Import content model" }).click();
  dialog = page.getByRole("dialog", { name: "Import content model" });
  // Keyboard users start on the file chooser, the dialog's one field, not on the close button.
  await expect(dialog.getByLabel("Content model file")).toBeFocused();
  const fileInput = dialog.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: "notes.json", mimeType: "application/json", buffer: Buffer.from("not json") });
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByText("This file is not a content model: it is not valid JSON.")).toBeVisible();
  await fileInput.setInputFiles(exported);
  await shot(page, "14-import-dialog");
  await dialog.getByRole("button", { name: "Import" }).click();
  const createdItems = dialog.getByRole("region", { name: "Created" });
  await expect(createdItems.getByRole("row", { name: /Property\s+title/ })).toBeVisible();
  await expect(createdItems.getByRole("row", { name: /Namespace\s+dc/ })).toBeVisible();
  await expect(createdItems.getByRole("row", { name: /Qualifier\s+lang/ })).toBeVisible();
  await shot(page, "15-import-result");
  await dialog.getByRole("button", { name: "Close", exact: true }).click();

  await openTile(page, "Properties");
  await expect(page).toHaveURL(new RegExp(`/${SECOND_TENANT}/settings/content-model/properties$`));
  for (const name of ["Title", "Format", "Pages"]) await expect(page.getByRole("button", { name, exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Format", exact: true }).click();
  dialog = page.getByRole("dialog", { name: "Edit property" });
  await expect(dialog.getByText("digital", { exact: true })).toBeVisible();
  await shot(page, "16-imported-property");
  await page.keyboard.press("Escape");

  // Delete asks first, then the property is gone.
  await page.getByRole("button", { name: "Pages", exact: true }).click();
  dialog = page.getByRole("dialog", { name: "Edit property" });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Are you sure you want to remove Pages ?")).toBeVisible();
  await shot(page, "17-delete-confirmation");
  await page.getByRole("dialog", { name: "Remove confirmation" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Successfully deleted")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pages", exact: true })).toHaveCount(0);
  await shot(page, "18-properties-after-delete");
});
