// A small collection built end to end through the pages: a Collection at the top level and two Items inside it, made
// in the create dialog with their properties; an image, a two-page PDF and a video uploaded into an item and each
// previewed; an item moved to the top level and linked back; starred, coloured, tagged; the collection published; an
// item removed to the trash and restored into a chosen container; the collection exported as ZIP; three items imported
// from a spreadsheet; the collection found by the top-bar search typed without accents. Only the content model is
// made through the API.
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { choose, optionOf } from "./container-form-steps.ts";
import { apiCreator } from "./containers-model.ts";
import { harbourPicture, pdfOf, shortVideo } from "./media-files.ts";
import { shot, signIn } from "./pages.ts";
import { readZip } from "./zip-entries.ts";

test.describe.configure({ mode: "serial" });

const MEDIA_TYPE = { code: "cl-media", name: "CL Media file" };
const COLLECTION_TYPE = { code: "cl-collection", name: "Collection" };
const ITEM_TYPE = { code: "cl-item", name: "Item" };
const PROPERTIES = {
  curator: { propertyKey: "cl-curator", displayName: "CL Curator", propertyType: "text" },
  opened: { propertyKey: "cl-opened", displayName: "CL Opened on", propertyType: "date" },
  caption: { propertyKey: "cl-caption", displayName: "CL Caption", propertyType: "text" },
  condition: {
    propertyKey: "cl-condition",
    displayName: "CL Condition",
    propertyType: "enum",
    propertyDetails: JSON.stringify({ values: ["Good", "Fair", "Poor"] }),
  },
};

const COLLECTION = { label: "Συλλογή Πειραιά", curator: "Eleni Markou", opened: "2024-05-18", openedShown: "18th May 2024" };
const LOGBOOK = { label: "Ημερολόγιο πλοίου", caption: "Logbook of the brig Ares", condition: "Fair" };
const MAPS = { label: "Χάρτες λιμανιού", caption: "Harbour maps, 1835", condition: "Good" };
const IMPORTED = ["Letter from Hydra", "Letter from Syros", "Letter from Chios"];
const TAG = { name: "Harbour records", color: "#1c7ed6" };
/** The e-mail the default tenant's administrator is made with. */
const ADMIN_EMAIL = "admin@demo.repox.local";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

type Upload = { name: string; mimeType: string; buffer: Buffer };
let files: Upload[];
const uuids = { collection: "", logbook: "", maps: "" };

test.beforeAll(async ({ request }) => {
  const post = await apiCreator(request);
  for (const property of Object.values(PROPERTIES)) await post("/properties", property);
  await post("/datastream_types", { dataStream: MEDIA_TYPE, properties: [] });
  await post("/container_types", {
    container: { ...ITEM_TYPE, allowedAtRoot: true, datastreamAcceptance: MEDIA_TYPE.code },
    properties: [
      { propertyKey: PROPERTIES.caption.propertyKey, position: 0, mandatory: true },
      { propertyKey: PROPERTIES.condition.propertyKey, position: 1 },
    ],
  });
  await post("/container_types", {
    container: { ...COLLECTION_TYPE, allowedAtRoot: true, containerAcceptance: ITEM_TYPE.code, datastreamAcceptance: MEDIA_TYPE.code },
    properties: [
      { propertyKey: PROPERTIES.curator.propertyKey, position: 0, mandatory: true },
      { propertyKey: PROPERTIES.opened.propertyKey, position: 1 },
    ],
  });
  files = [
    { name: "harbour.png", mimeType: "image/png", buffer: await harbourPicture() },
    { name: "minutes.pdf", mimeType: "application/pdf", buffer: pdfOf(2) },
    { name: "clip.webm", mimeType: "video/webm", buffer: shortVideo() },
  ];
});

const exact = (name: string) => ({ name, exact: true });
const folderTile = (page: Page, label: string) => page.getByRole("listbox", exact("Folders")).getByRole("option", exact(label));
const fileTile = (page: Page, label: string) => page.getByRole("listbox", exact("Files")).getByRole("option", exact(label));
const mainMenu = (page: Page) => page.getByRole("navigation", exact("Main menu"));
const crumbs = (page: Page) => page.getByRole("navigation", exact("Breadcrumbs"));

/** Opens a folder from the list by double click; answers its uuid, read from the address. */
async function openFolder(page: Page, label: string): Promise<string> {
  await folderTile(page, label).dblclick();
  await expect(page.getByRole("heading", { name: label, level: 2 })).toBeVisible();
  return new URL(page.url()).pathname.split("/").at(-1) ?? "";
}

async function openCollection(page: Page) {
  await page.goto(`/demo/containers/${uuids.collection}`);
  await expect(page.getByRole("heading", { name: COLLECTION.label, level: 2 })).toBeVisible();
}

async function contextAction(page: Page, label: string, action: string) {
  await folderTile(page, label).click({ button: "right" });
  await page.getByRole("menuitem", exact(action)).click();
}

async function collectionAction(page: Page, action: string) {
  await page.getByRole("button", exact(`Actions of ${COLLECTION.label}`)).click();
  await page.getByRole("menuitem", exact(action)).click();
}

async function createItem(page: Page, item: typeof LOGBOOK) {
  await page.getByRole("button", exact("Add content")).click();
  await page.getByRole("menuitem", exact("Create Container")).click();
  const dialog = page.getByRole("dialog", exact("Create Container"));
  await dialog.getByRole("textbox", exact("Label")).fill(item.label);
  // The collection's acceptance list leaves only Item.
  await dialog.getByRole("combobox", exact("Type")).click();
  await expect(optionOf(page, "Type", COLLECTION_TYPE.name)).toHaveCount(0);
  await optionOf(page, "Type", ITEM_TYPE.name).click();
  await dialog.getByRole("textbox", exact(PROPERTIES.caption.displayName)).fill(item.caption);
  await choose(page, PROPERTIES.condition.displayName, item.condition);
  await dialog.getByRole("button", exact("Save")).click();
  await expect(page.getByText("Successfully created")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(folderTile(page, item.label)).toBeVisible();
}

test("creates a collection at the top level and two items in it through the create dialog", async ({ page }) => {
  await signIn(page);
  await page.getByRole("button", exact("Add content")).click();
  await page.getByRole("menuitem", exact("Create Container")).click();
  const create = page.getByRole("dialog", exact("Create Container"));
  await create.getByRole("textbox", exact("Label")).fill(COLLECTION.label);
  await create.getByRole("combobox", exact("Type")).click();
  await optionOf(page, "Type", COLLECTION_TYPE.name).click();
  // The curator is mandatory: the first save is refused.
  await create.getByRole("button", exact("Save")).click();
  await expect(create.getByRole("alert")).toHaveText("There are required fields need to be filled in order to save");
  await create.getByRole("textbox", exact(PROPERTIES.curator.displayName)).fill(COLLECTION.curator);
  await create.getByRole("textbox", exact(PROPERTIES.opened.displayName)).fill(COLLECTION.opened);
  await expect(create.getByRole("alert")).toHaveCount(0);
  await shot(page, "01-create-collection");
  await create.getByRole("button", exact("Save")).click();
  await expect(page.getByText("Successfully created")).toBeVisible();
  await expect(create).toBeHidden();

  await folderTile(page, COLLECTION.label).click();
  const details = page.getByRole("complementary", exact("Details"));
  await expect(details.getByRole("row", { name: /Type/ })).toContainText(COLLECTION_TYPE.name);
  await details.getByRole("tab", exact("Properties")).click();
  await expect(details).toContainText(COLLECTION.curator);
  // Dates read as 'Do MMMM YYYY' (spec 1 §9).
  await expect(details).toContainText(COLLECTION.openedShown);
  await shot(page, "02-collection-properties");

  uuids.collection = await openFolder(page, COLLECTION.label);
  await expect(page.getByText("No Content added")).toBeVisible();
  await createItem(page, LOGBOOK);
  await createItem(page, MAPS);
  await expect(page.getByRole("listbox", exact("Folders")).getByRole("option")).toHaveCount(2);
  await shot(page, "03-collection-with-items");
});

test("uploads an image, a PDF and a video into an item and previews each", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await openCollection(page);
  uuids.logbook = await openFolder(page, LOGBOOK.label);
  await page.getByRole("button", exact("Add content")).click();
  await page.getByRole("menuitem", exact("Upload DataStream")).click();
  const upload = page.getByRole("dialog", exact(`Upload to ${LOGBOOK.label}`));
  await upload.locator('input[type="file"]').setInputFiles(files);
  await expect(upload.getByTestId("upload-row")).toHaveCount(files.length);
  await choose(page, "Type", MEDIA_TYPE.name);
  await shot(page, "04-upload-dialog");
  await upload.getByRole("button", exact("Save")).click();
  await expect(page.getByText("Successfully created")).toBeVisible();
  await expect(upload).toBeHidden();
  for (const file of files) await expect(fileTile(page, file.name)).toBeVisible();
  await expect(folderTile(page, LOGBOOK.label)).toHaveCount(0);
  // The thumbnail job runs in the background and the list does not poll: the tile shows the generic icon until the
  // page is loaded again after the job. Each look gives the reloaded page time to render on a busy machine.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("img", exact("Thumbnail of harbour.png"))).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 60_000 });
  await shot(page, "05-item-files");

  await fileTile(page, "harbour.png").dblclick();
  await expect(page).toHaveURL(/\?datastream=/);
  const image = page.getByRole("dialog", exact("harbour.png"));
  await expect(image.getByTestId("preview-image")).toBeVisible();
  await expect.poll(() => image.getByTestId("preview-image").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(image.getByTestId("datastream-info")).toContainText("image/png");
  await expect(image.getByTestId("datastream-info")).toContainText("This file has no properties.");
  await shot(page, "06-preview-image");
  await image.getByRole("button", exact("Back")).click();
  await expect(page).not.toHaveURL(/\?datastream=/);

  await fileTile(page, "minutes.pdf").dblclick();
  const pdf = page.getByRole("dialog", exact("minutes.pdf"));
  await expect(pdf.getByTestId("pdf-page")).toHaveText("Page 1 of 2");
  await expect(pdf.getByRole("button", exact("Previous"))).toBeDisabled();
  await pdf.getByRole("button", exact("Next")).click();
  await expect(pdf.getByTestId("pdf-page")).toHaveText("Page 2 of 2");
  await expect(pdf.getByRole("button", exact("Next"))).toBeDisabled();
  await shot(page, "07-preview-pdf-page-2");
  await pdf.getByRole("button", exact("Previous")).click();
  await expect(pdf.getByTestId("pdf-page")).toHaveText("Page 1 of 2");
  await pdf.getByRole("button", exact("Back")).click();

  await fileTile(page, "clip.webm").dblclick();
  const video = page.getByRole("dialog", exact("clip.webm")).getByTestId("preview-video");
  await expect(video).toHaveAttribute("src", /\/api\//);
  // The metadata loaded: the browser read the file and knows it lasts two seconds.
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeCloseTo(2, 0);
  await shot(page, "08-preview-video");
  await page.getByRole("button", exact("Back")).click();
  await expect(page).not.toHaveURL(/\?datastream=/);
});

test("moves an item to the top level and links it back into the collection", async ({ page }) => {
  await signIn(page);
  await openCollection(page);
  await contextAction(page, MAPS.label, "Move");
  const move = page.getByRole("dialog", exact(`Move ${MAPS.label}`));
  await move.getByRole("button", exact("ROOT")).click();
  await expect(move.getByText("Destination: ROOT")).toBeVisible();
  await shot(page, "09-move-to-root");
  await move.getByRole("button", exact("Move")).click();
  await expect(page.getByText("Moved successfully to ROOT")).toBeVisible();
  await expect(folderTile(page, MAPS.label)).toHaveCount(0);

  await crumbs(page).getByRole("link", exact("Content")).click();
  await expect(page.getByRole("heading", exact("My Content"))).toBeVisible();
  await expect(folderTile(page, MAPS.label)).toBeVisible();
  await contextAction(page, MAPS.label, "Link");
  const link = page.getByRole("dialog", exact(`Link ${MAPS.label}`));
  await link.getByRole("textbox", exact("Search containers")).fill("Συλλογή");
  await link.getByRole("button", exact(COLLECTION.label)).click();
  await expect(link.getByText(`Destination: ${COLLECTION.label}`)).toBeVisible();
  await shot(page, "10-link-into-collection");
  await link.getByRole("button", exact("Link")).click();
  await expect(page.getByText(`Linked successfully to ${COLLECTION.label}`)).toBeVisible();
  // Linked, not moved: it stays at the top level too.
  await expect(folderTile(page, MAPS.label)).toBeVisible();

  await openFolder(page, COLLECTION.label);
  await expect(folderTile(page, MAPS.label)).toBeVisible();
  await expect(folderTile(page, LOGBOOK.label)).toBeVisible();
  await shot(page, "11-linked-back");
  uuids.maps = await openFolder(page, MAPS.label);
});

test("stars an item, colours it, tags it and publishes the collection", async ({ page }) => {
  await signIn(page);
  await openCollection(page);
  await contextAction(page, MAPS.label, "Add to starred");
  await expect(page.getByText(`${MAPS.label} added to starred`)).toBeVisible();
  await expect(folderTile(page, MAPS.label).getByLabel("Starred")).toBeVisible();
  await mainMenu(page).getByRole("link", exact("Starred")).click();
  await expect(page).toHaveURL(/\/demo\/starred$/);
  await expect(page.getByRole("link", exact(MAPS.label))).toHaveAttribute("href", `/demo/containers/${uuids.maps}`);
  await shot(page, "12-starred");

  await openCollection(page);
  await contextAction(page, MAPS.label, "Add Color");
  const colours = page.getByRole("dialog", exact("Add Color"));
  await colours.getByRole("button", exact("Colour #4caf50")).click();
  await expect(folderTile(page, MAPS.label)).toHaveCSS("background-color", "rgba(76, 175, 80, 0.55)");
  await shot(page, "13-coloured");

  await mainMenu(page).getByRole("link", exact("Tags")).click();
  await expect(page).toHaveURL(/\/demo\/settings\/tags$/);
  await page.getByRole("button", exact("Create tag")).click();
  const editor = page.getByRole("dialog", exact("Create tag"));
  await editor.getByLabel("Name").fill(TAG.name);
  await editor.getByLabel("Color").fill(TAG.color);
  await editor.getByRole("button", exact("Save")).click();
  await expect(page.getByText("Successfully created")).toBeVisible();
  await expect(editor).toBeHidden();
  const menuTag = mainMenu(page).getByRole("link", exact(TAG.name));
  await expect(menuTag).toHaveAttribute("href", /\/demo\/tagged\/\d+$/);

  await openCollection(page);
  await folderTile(page, MAPS.label).click();
  const details = page.getByRole("complementary", exact("Details"));
  await expect(details.getByRole("heading", exact(MAPS.label))).toBeVisible();
  const chip = details.getByRole("checkbox", exact(TAG.name));
  await expect(chip).not.toBeChecked();
  // The chip's checkbox is visually hidden: the user clicks the chip itself.
  await details.getByText(TAG.name, { exact: true }).click();
  await expect(chip).toBeChecked();
  await shot(page, "14-tag-assigned");
  await menuTag.click();
  await expect(page.getByRole("heading", exact(`Tagged (${TAG.name})`))).toBeVisible();
  await expect(page.getByRole("link", exact(MAPS.label))).toHaveAttribute("href", `/demo/containers/${uuids.maps}`);
  await shot(page, "15-tagged");

  await openCollection(page);
  // The state and its toggle beside the title (the details sidebar shows them too).
  const header = page.getByRole("heading", { name: COLLECTION.label, level: 2 }).locator("xpath=..");
  await expect(header.getByText("Private", { exact: true })).toBeVisible();
  await expect(crumbs(page).getByLabel("Published")).toHaveCount(0);
  await header.getByRole("button", exact("Publish")).click();
  await expect(page.getByText("Successfully updated")).toBeVisible();
  await expect(header.getByText("Published", { exact: true })).toBeVisible();
  await expect(header.getByRole("button", exact("Unpublish"))).toBeVisible();
  await expect(crumbs(page).getByLabel("Published")).toBeVisible();
  await shot(page, "16-published");
});

test("removes an item to the trash and restores it into a chosen container", async ({ page }) => {
  await signIn(page);
  await openCollection(page);
  await contextAction(page, LOGBOOK.label, "Remove");
  const confirm = page.getByRole("dialog", exact("Remove confirmation"));
  await expect(confirm).toContainText("Are you sure you want to move the container to trash ?");
  await expect(confirm).toHaveCSS("opacity", "1");
  await shot(page, "17-remove-confirmation");
  await confirm.getByRole("button", exact("Remove")).click();
  await expect(page.getByText("Removed successfully")).toBeVisible();
  await expect(folderTile(page, LOGBOOK.label)).toHaveCount(0);

  await mainMenu(page).getByRole("link", exact("Trash")).click();
  await expect(page).toHaveURL(/\/demo\/trash$/);
  const row = page.getByRole("row").filter({ hasText: LOGBOOK.label });
  await expect(row).toContainText(ITEM_TYPE.name);
  // The administrator has no first or last name: the e-mail stands for them, as everywhere else.
  await expect(row).toContainText(ADMIN_EMAIL);
  await shot(page, "18-trash");
  await page.getByRole("button", exact(`Restore: ${LOGBOOK.label}`)).click();
  const picker = page.getByRole("dialog", exact("Restore to"));
  await picker.getByRole("button", exact("Restore")).click();
  await expect(picker.getByText("Please select a destination")).toBeVisible();
  await picker.getByRole("button", exact(COLLECTION.label)).click();
  await expect(picker.getByText(`Destination: ${COLLECTION.label}`)).toBeVisible();
  await shot(page, "19-restore-destination");
  await picker.getByRole("button", exact("Restore")).click();
  await expect(page.getByText("Successfully restored")).toBeVisible();
  await expect(row).toHaveCount(0);

  await openCollection(page);
  expect(await openFolder(page, LOGBOOK.label)).toBe(uuids.logbook);
  // The files went to the trash with the item and came back with it.
  for (const file of files) await expect(fileTile(page, file.name)).toBeVisible();
  await shot(page, "20-restored");
});

test("exports the collection as a ZIP holding the item folders and their files", async ({ page }) => {
  await signIn(page);
  await openCollection(page);
  await collectionAction(page, "Export");
  const dialog = page.getByRole("dialog", exact("Export"));
  await expect(dialog.getByTestId("export-items").getByRole("listitem")).toHaveText([COLLECTION.label]);
  await dialog.getByRole("radio", exact("ZIP (.zip)")).check();
  await dialog.getByRole("radio", exact("Yes")).check();
  await shot(page, "21-export-dialog");
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", exact("Export")).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByText("Successfully exported")).toBeVisible();
  await expect(dialog).toBeHidden();

  const entries = await readZip(await readFile(await download.path()));
  const logbookFolder = `${COLLECTION.label}/${LOGBOOK.label}`;
  for (const file of files) expect(entries.get(`${logbookFolder}/${file.name}`)?.equals(file.buffer), file.name).toBe(true);
  expect(entries.has(`${COLLECTION.label}/${MAPS.label}/`)).toBe(true);
  const collection = JSON.parse(entries.get(`${COLLECTION.label}.container.json`)?.toString() ?? "null");
  expect(collection).toMatchObject({ label: COLLECTION.label, published: true, type: { code: COLLECTION_TYPE.code } });
  expect(collection.properties).toContainEqual(expect.objectContaining({ key: "cl-curator", values: COLLECTION.curator }));
  const logbook = JSON.parse(entries.get(`${logbookFolder}.container.json`)?.toString() ?? "null");
  expect(logbook.properties).toContainEqual(expect.objectContaining({ key: "cl-caption", values: LOGBOOK.caption }));
  expect(logbook.properties).toContainEqual(expect.objectContaining({ key: "cl-condition", values: LOGBOOK.condition }));
});

test("imports three items into the collection from a spreadsheet", async ({ page }) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Items");
  sheet.addRow(["label", "type", "cl-caption", "cl-condition"]);
  for (const label of IMPORTED) sheet.addRow([label, ITEM_TYPE.code, `${label}, 1821`, "Good"]);
  const spreadsheet = Buffer.from(await workbook.xlsx.writeBuffer());

  await signIn(page);
  await openCollection(page);
  await collectionAction(page, "Import");
  const wizard = page.getByRole("dialog", exact(`Import into ${COLLECTION.label}`));
  await wizard.locator('input[type="file"]').setInputFiles({ name: "letters.xlsx", mimeType: XLSX, buffer: spreadsheet });
  await expect(wizard.getByTestId("import-file")).toContainText("letters.xlsx");
  await wizard.getByRole("button", exact("Next")).click();
  await expect(wizard.getByText("3 containers in the file")).toBeVisible();
  const preview = wizard.getByRole("table", exact("Containers to import"));
  for (const label of IMPORTED) await expect(preview.getByRole("row", { name: new RegExp(label) })).toContainText(`${label}, 1821`);
  await shot(page, "22-import-preview");
  await wizard.getByRole("button", exact("Submit")).click();
  await expect(page.getByText("Successfully created")).toBeVisible();
  await expect(wizard).toBeHidden();
  for (const label of IMPORTED) await expect(folderTile(page, label)).toBeVisible();
  await expect(page.getByRole("listbox", exact("Folders")).getByRole("option")).toHaveCount(2 + IMPORTED.length);
  await shot(page, "23-imported");
});

test("finds the collection with the top-bar search typed without accents and opens it", async ({ page }) => {
  await signIn(page);
  const search = page.getByRole("combobox", exact("Search"));
  await search.fill("συλλογη πειραια");
  const hit = page.getByRole("listbox", exact("Search results")).getByRole("option", { name: COLLECTION.label });
  await expect(hit).toBeVisible();
  await expect(hit.locator("mark")).toHaveText(["Συλλογή", "Πειραιά"]);
  await shot(page, "24-search-results");
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/demo/containers/${uuids.collection}$`));
  await expect(page.getByRole("heading", { name: COLLECTION.label, level: 2 })).toBeVisible();
  await expect(folderTile(page, LOGBOOK.label)).toBeVisible();
  await shot(page, "25-search-opened");
});
