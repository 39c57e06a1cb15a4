// Export and print preview of a container (spec 1 §2, §5, §8, §9): the export dialog lists the selection, requires the
// archive format and the metadata choice, downloads a ZIP holding the file and the metadata JSON, and shows the
// server's message when an item went away meanwhile; the print preview shows the container's sections, keeps one
// selected, prints through the browser, and leaves everything but the sheet off the paper.
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { apiCreator, signInThroughApi, uploadFile } from "./containers-model.ts";
import { shot, signIn } from "./pages.ts";
import { readZip } from "./zip-entries.ts";

test.describe.configure({ mode: "serial" });

const FOLDER_TYPE = { code: "ep-folder", name: "EP Folder" };
const FILE_TYPE = { code: "ep-file", name: "EP File" };
const GROUP_NAME = "EP Description";
const TITLE = "Letters of the harbour master";
const NOTE_TEXT = "Harbour notes, 1821";
const SECTIONS = ["Basic info", "Properties", "Child containers", "Files", "Paths and parents"];
let letters: string;
let doomed: string;

const tile = (page: Page, list: "Folders" | "Files", label: string) =>
  page.getByRole("listbox", { name: list }).getByRole("option", { name: label, exact: true });

async function openCurrentAction(page: Page, action: string) {
  await page.getByRole("button", { name: "Actions of EP Letters" }).click();
  await page.getByRole("menuitem", { name: action, exact: true }).click();
}

test.beforeAll(async ({ request }) => {
  const post = await apiCreator(request);
  const group = await post<{ id: number }>("/property_groups", { name: GROUP_NAME, description: "" });
  await post("/properties", { propertyKey: "ep-title", displayName: "EP Title", propertyType: "text" });
  await post("/properties", { propertyKey: "ep-digitised", displayName: "EP Digitised", propertyType: "boolean" });
  await post("/datastream_types", { dataStream: FILE_TYPE, properties: [] });
  await post("/container_types", {
    container: { ...FOLDER_TYPE, allowedAtRoot: true },
    properties: [
      { propertyKey: "ep-title", position: 0, groupId: group.id },
      { propertyKey: "ep-digitised", position: 1 },
    ],
  });
  const value = (values: unknown) => JSON.stringify({ values, qualifiers: [] });
  const container = async (label: string, parent: string | null, properties: unknown[] = []) =>
    (await post<{ uuid: string }>(`/containers${parent ? `?to=${parent}` : ""}`, { label, type: FOLDER_TYPE.code, properties })).uuid;
  letters = await container("EP Letters", null, [
    { key: "ep-title", value: value(TITLE) },
    { key: "ep-digitised", value: value(true) },
  ]);
  await container("EP Drafts", letters);
  doomed = await container("EP Doomed", letters);
  await uploadFile(request, letters, { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from(NOTE_TEXT) }, FILE_TYPE.code);
});

test("exports a container as ZIP with metadata, and the selection as listed", async ({ page }) => {
  await signIn(page);
  await page.goto(`/demo/containers/${letters}`);
  await expect(page.getByRole("heading", { name: "EP Letters", level: 2 })).toBeVisible();

  // The selection (a folder and a file) goes to the dialog as it is.
  await tile(page, "Folders", "EP Drafts").click();
  await tile(page, "Files", "notes.txt").click({ modifiers: ["ControlOrMeta"] });
  await expect(page.getByText("2 selected")).toBeVisible();
  await page.getByRole("toolbar", { name: "Selected items" }).getByRole("button", { name: "Export", exact: true }).click();
  const selection = page.getByRole("dialog", { name: "Export" });
  await expect(selection.getByText("2 items to export")).toBeVisible();
  await expect(selection.getByTestId("export-items").getByRole("listitem")).toHaveText(["EP Drafts", "notes.txt"]);
  await selection.getByRole("button", { name: "Cancel" }).click();
  await expect(selection).toBeHidden();

  await openCurrentAction(page, "Export");
  const dialog = page.getByRole("dialog", { name: "Export" });
  await expect(dialog.getByTestId("export-items").getByRole("listitem")).toHaveText(["EP Letters"]);
  // Both choices are required and neither is preset.
  await dialog.getByRole("button", { name: "Export" }).click();
  await expect(dialog.getByText("This field is required")).toHaveCount(2);
  await dialog.getByRole("radio", { name: "ZIP (.zip)" }).check();
  await expect(dialog.getByText("This field is required")).toHaveCount(1);
  await dialog.getByRole("radio", { name: "Yes" }).check();
  await expect(dialog.getByText("This field is required")).toHaveCount(0);
  await shot(page, "01-export-dialog");

  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByText("Successfully exported")).toBeVisible();
  await expect(dialog).toBeHidden();

  const entries = await readZip(await readFile(await download.path()));
  expect(entries.get("EP Letters/notes.txt")?.toString()).toBe(NOTE_TEXT);
  const metadata = JSON.parse(entries.get("EP Letters.container.json")?.toString() ?? "null");
  expect(metadata).toMatchObject({ label: "EP Letters", type: { code: FOLDER_TYPE.code } });
  expect(metadata.properties).toContainEqual(expect.objectContaining({ key: "ep-title", values: TITLE }));
  const fileMetadata = JSON.parse(entries.get("EP Letters/notes.txt.metadata.json")?.toString() ?? "null");
  expect(fileMetadata).toMatchObject({ label: "notes.txt", mimeType: expect.stringContaining("text/plain") });
  expect(entries.has("EP Letters/EP Drafts/")).toBe(true);
});

test("shows the server's message when an item went away before the export", async ({ page }) => {
  await signIn(page);
  await page.goto(`/demo/containers/${letters}`);
  await tile(page, "Folders", "EP Doomed").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export" });
  await dialog.getByRole("radio", { name: "TAR_GZIP (.tar.gz)" }).check();
  await dialog.getByRole("radio", { name: "No" }).check();

  const headers = await signInThroughApi(page.request);
  const removed = await page.request.post(`/api/containers/${doomed}/remove?from=${letters}`, { headers });
  expect(removed.status(), await removed.text()).toBe(200);
  await dialog.getByRole("button", { name: "Export" }).click();
  const toast = page.getByRole("alert").filter({ hasText: `Container ${doomed} not found` });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Error");
  await expect(dialog).toBeVisible();
  await shot(page, "02-export-error");
});

test("previews the container for print, keeps one section, and prints only the sheet", async ({ page }) => {
  await signIn(page);
  await page.goto(`/demo/containers/${letters}`);
  await openCurrentAction(page, "Print preview");
  const preview = page.getByRole("dialog", { name: "Print preview: EP Letters" });
  // Keyboard focus starts on the first section box, not on the close button.
  await expect(preview.getByRole("checkbox", { name: "Basic info" })).toBeFocused();
  const sheet = preview.getByTestId("print-sheet");
  await expect(sheet.getByRole("heading", { name: "EP Letters", level: 1 })).toBeVisible();
  await expect(sheet.getByRole("region", { name: "Properties" })).toContainText(GROUP_NAME);
  await expect(sheet.getByRole("region", { name: "Properties" })).toContainText(TITLE);
  await expect(sheet.getByRole("region", { name: "Properties" })).toContainText("Yes");
  await expect(sheet.getByRole("region", { name: "Basic info" })).toContainText(FOLDER_TYPE.name);
  // Dates print as 'Do MMMM YYYY hh:mm'.
  await expect(sheet.getByRole("region", { name: "Basic info" })).toContainText(/\d{1,2}(st|nd|rd|th) [A-Z][a-z]+ \d{4} \d{2}:\d{2}/);
  await expect(sheet.getByRole("region", { name: "Child containers" })).toContainText("EP Drafts");
  await expect(sheet.getByRole("region", { name: "Files" })).toContainText("notes.txt");
  await expect(sheet.getByRole("region", { name: "Paths and parents" })).toContainText("Content › EP Letters");
  await shot(page, "03-print-preview");

  // Unticking every section: the last one is refused and the basic information comes back.
  for (const name of SECTIONS) await preview.getByRole("checkbox", { name }).uncheck();
  await expect(preview.getByRole("alert")).toHaveText("You must include at least one selection.");
  await expect(preview.getByRole("checkbox", { name: "Basic info" })).toBeChecked();
  for (const name of SECTIONS.slice(1)) await expect(preview.getByRole("checkbox", { name })).not.toBeChecked();
  await expect(sheet.getByRole("region")).toHaveCount(1);
  await expect(sheet.getByRole("region", { name: "Basic info" })).toBeVisible();
  await shot(page, "04-print-preview-one-section");
  await preview.getByRole("checkbox", { name: "Properties" }).check();
  await expect(preview.getByRole("alert")).toBeHidden();
  await expect(sheet.getByRole("region", { name: "Properties" })).toContainText(TITLE);

  await expect(page.getByRole("button", { name: "Add content" })).toBeVisible();
  // Print hands the page to the browser's print dialog.
  await page.evaluate(() => {
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => {
      counted.printed += 1;
    };
  });
  await preview.getByRole("button", { name: "Print", exact: true }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // On paper: the sheet only, without the shell, the toolbar or the dialog's chrome.
  await page.emulateMedia({ media: "print" });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(TITLE);
  await expect(preview.getByRole("checkbox", { name: "Basic info" })).toBeHidden();
  await expect(preview.getByRole("button", { name: "Print", exact: true })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Add content" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "EP Letters", level: 2 })).toBeHidden();
  await shot(page, "05-print-media");
  await page.emulateMedia({ media: "screen" });
  await preview.getByRole("button", { name: "Close print preview" }).click();
  await expect(preview).toBeHidden();
});
