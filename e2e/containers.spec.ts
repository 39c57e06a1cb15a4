// My Content and the container view: browsing from the top level, breadcrumbs, the grid/list toggle kept over a
// reload, sorting, searching, selection with ctrl and the keyboard, the context menu, rename, colour, move and link
// through the destination picker, the report, the details sidebar, the record and cataloguing layouts, paging a large
// folder, creating from the plus button and removing with the confirmation.
import { expect, type Page, test } from "@playwright/test";
import { BIG_FOLDER_SIZE, LONG_GREEK_LABEL, setUpContent, signInThroughApi, type Tree, TYPES, uploadFile } from "./containers-model.ts";
import { shot, signIn } from "./pages.ts";

test.describe.configure({ mode: "serial" });

let tree: Tree;

test.beforeAll(async ({ request }) => {
  tree = await setUpContent(request);
});

const tile = (page: Page, label: string) => page.getByRole("option", { name: label, exact: true });
const menuItem = (page: Page, name: string) => page.getByRole("menuitem", { name, exact: true });

async function search(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Search", exact: true }).fill(text);
}

test("browses My Content: layouts, sorting, searching and breadcrumbs", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole("heading", { name: "My Content" })).toBeVisible();
  await search(page, "CV ");
  await expect(tile(page, "CV Archive")).toBeVisible();
  await expect(tile(page, "CV Archive")).toContainText("3 folders and 0 files");
  await shot(page, "01-my-content-grid");

  await page.getByRole("button", { name: "List view" }).click();
  await expect(page.getByRole("columnheader", { name: "Created At" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
  await search(page, "CV ");
  const rows = page.getByRole("grid").getByRole("row").filter({ hasText: "CV " });
  await expect(rows.first()).toContainText("CV Archive");
  await page.getByRole("button", { name: "Label" }).click();
  await expect(page.getByRole("columnheader", { name: "Label" })).toHaveAttribute("aria-sort", "descending");
  await expect(rows.first()).toContainText("CV Target volume");
  await expect(rows.last()).toContainText("CV Archive");
  await shot(page, "02-my-content-list-sorted");

  await search(page, "no such container anywhere");
  await expect(page.getByText("No data found")).toBeVisible();
  await shot(page, "03-no-data-found");
  await page.getByRole("button", { name: "Grid view" }).click();
  await search(page, "CV Archive");
  await expect(page.getByRole("option")).toHaveCount(1);

  await tile(page, "CV Archive").dblclick();
  await expect(page).toHaveURL(new RegExp(`/demo/containers/${tree.archive}$`));
  const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
  await expect(crumbs.getByRole("link", { name: "Content" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "CV Archive", level: 2 })).toBeVisible();
  await tile(page, "Letters").dblclick();
  await tile(page, LONG_GREEK_LABEL).dblclick();
  await expect(page).toHaveURL(new RegExp(`/demo/containers/${tree.deep}$`));
  // Breadcrumbs cut labels to 40 characters and drop Greek accents.
  await expect(crumbs).toContainText("Content");
  await expect(crumbs).toContainText("CV Archive");
  await expect(crumbs).toContainText("Letters");
  await expect(crumbs).toContainText("Αλληλογραφια της Αθηνας και των Πατρων α…");
  await expect(page.getByText("No Content added")).toBeVisible();
  await expect(page.getByText("Create a container to start adding content.")).toBeVisible();
  await shot(page, "04-breadcrumbs-and-empty-folder");
  await crumbs.getByRole("link", { name: "CV Archive" }).click();
  await expect(page).toHaveURL(new RegExp(`/demo/containers/${tree.archive}$`));
});

test("selects with click, ctrl click and the keyboard, and opens the context menu", async ({ page }) => {
  await signIn(page);
  await page.goto(`/demo/containers/${tree.archive}`);
  await tile(page, "Letters").click();
  await expect(tile(page, "Letters")).toHaveAttribute("aria-selected", "true");
  await tile(page, "Maps").click({ modifiers: ["ControlOrMeta"] });
  await expect(page.getByText("2 selected")).toBeVisible();
  await shot(page, "05-multi-select");

  // A right click on a selected item keeps the selection and offers what applies to all of them.
  await tile(page, "Maps").click({ button: "right" });
  await expect(page.getByText("2 selected")).toBeVisible();
  await expect(menuItem(page, "Remove")).toBeVisible();
  await expect(menuItem(page, "Rename")).toHaveCount(0);
  await page.keyboard.press("Escape");
  // On another item it selects that item alone.
  await tile(page, "Photographs").click({ button: "right" });
  await expect(page.getByText("1 selected")).toBeVisible();
  for (const name of ["Create Container", "Edit", "Add to starred", "Add Color", "Rename", "Move", "Link", "Report", "Remove"]) {
    await expect(menuItem(page, name)).toBeVisible();
  }
  await shot(page, "06-context-menu");
  await page.keyboard.press("Escape");

  await tile(page, "Letters").click();
  await page.keyboard.press("ArrowRight");
  await expect(tile(page, "Maps")).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page.getByText("2 selected")).toBeVisible();
  await page.keyboard.press("Shift+F10");
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("Escape");
  await tile(page, "Maps").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/demo/containers/${tree.maps}$`));
});

test("renames, colours, stars, reports and shows details", async ({ page }) => {
  await signIn(page);
  await page.goto(`/demo/containers/${tree.archive}`);

  await tile(page, "Photographs").click({ button: "right" });
  await menuItem(page, "Rename").click();
  const rename = page.getByRole("dialog", { name: "Rename" });
  await rename.getByLabel("Label").fill("Photos");
  await shot(page, "07-rename");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully updated")).toBeVisible();
  await expect(tile(page, "Photos")).toBeVisible();

  await tile(page, "Photos").click({ button: "right" });
  await menuItem(page, "Add Color").click();
  const colours = page.getByRole("dialog", { name: "Add Color" });
  await expect(colours.getByRole("button", { name: /^Colour #/ })).toHaveCount(13);
  // Keyboard focus starts on the first colour (none is set yet), not on the close button.
  await expect(colours.getByRole("button", { name: "Colour #f44336" })).toBeFocused();
  await shot(page, "08-colour-palette");
  await colours.getByRole("button", { name: "Colour #f44336" }).click();
  await expect(tile(page, "Photos")).toHaveCSS("background-color", "rgba(244, 67, 54, 0.55)");
  await expect(tile(page, "Photos")).toHaveCSS("color", "rgb(255, 255, 255)");

  await page.getByRole("button", { name: "Colour of CV Archive" }).click();
  await page.getByRole("button", { name: "Colour #ffeb3b" }).click();
  await expect(page.getByText("Successfully updated").first()).toBeVisible();
  await page.keyboard.press("Escape");

  await tile(page, "Photos").click({ button: "right" });
  await menuItem(page, "Add to starred").click();
  await expect(page.getByText("Photos added to starred")).toBeVisible();
  await expect(tile(page, "Photos").getByLabel("Starred")).toBeVisible();

  await tile(page, "Letters").click({ button: "right" });
  await menuItem(page, "Report").click();
  const report = page.getByRole("dialog", { name: "Report" });
  await expect(report.getByRole("row", { name: /Label/ })).toContainText("Letters");
  await expect(report.getByRole("row", { name: /Containers/ })).toContainText("1");
  await expect(report.getByRole("row", { name: /Datastreams/ })).toContainText("0");
  await expect(report.getByRole("row", { name: /Total storage space/ })).toContainText("0 bytes");
  await shot(page, "09-report");
  await page.keyboard.press("Escape");

  await tile(page, "Photos").click();
  const details = page.getByRole("complementary", { name: "Details" });
  await expect(details.getByRole("heading", { name: "Photos" })).toBeVisible();
  await expect(details.getByRole("row", { name: /Type/ })).toContainText(TYPES.folder.name);
  await expect(details.getByText("Private")).toBeVisible();
  await details.getByRole("button", { name: "Publish" }).click();
  await expect(details.getByText("Published", { exact: true })).toBeVisible();
  await shot(page, "10-details");
  await details.getByRole("tab", { name: "Properties" }).click();
  await expect(details.getByText("This container has no properties.")).toBeVisible();
  await details.getByRole("tab", { name: "Activity" }).click();
  await expect(details.getByText("Renamed from 'Photographs' to 'Photos'")).toBeVisible();
  await shot(page, "11-activity");
});

test("moves and links through the destination picker, then removes to the trash", async ({ page }) => {
  await signIn(page);
  await page.goto(`/demo/containers/${tree.archive}`);

  await tile(page, "Maps").click({ button: "right" });
  await menuItem(page, "Move").click();
  const picker = page.getByRole("dialog", { name: "Move Maps" });
  await picker.getByRole("button", { name: "Move", exact: true }).click();
  await expect(picker.getByText("Please select a destination")).toBeVisible();
  await picker.getByRole("button", { name: "CV Archive", exact: true }).click();
  await expect(picker.getByText("Select a different destination")).toBeVisible();
  await shot(page, "12-picker-different-destination");
  await picker.getByRole("button", { name: "Open CV Beta" }).click();
  await expect(picker.getByText("Destination: CV Beta")).toBeVisible();
  await picker.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByText("Moved successfully to CV Beta")).toBeVisible();
  await expect(tile(page, "Maps")).toHaveCount(0);

  await tile(page, "Letters").click({ button: "right" });
  await menuItem(page, "Link").click();
  const linker = page.getByRole("dialog", { name: "Link Letters" });
  await linker.getByRole("textbox", { name: "Search containers" }).fill("CV Beta");
  await linker.getByRole("button", { name: "CV Beta", exact: true }).click();
  await shot(page, "13-picker-search");
  await linker.getByRole("button", { name: "Link", exact: true }).click();
  await expect(page.getByText("Linked successfully to CV Beta")).toBeVisible();
  await expect(tile(page, "Letters")).toBeVisible();

  await page.goto(`/demo/containers/${tree.beta}`);
  await expect(tile(page, "Maps")).toBeVisible();
  await expect(tile(page, "Letters")).toBeVisible();
  await shot(page, "14-moved-and-linked");

  await page.goto(`/demo/containers/${tree.archive}`);
  await tile(page, "Photos").click({ button: "right" });
  await menuItem(page, "Remove").click();
  const confirm = page.getByRole("dialog", { name: "Remove confirmation" });
  await expect(confirm).toContainText("Are you sure you want to move the container to trash ?");
  await shot(page, "15-remove-confirmation");
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Removed successfully")).toBeVisible();
  await expect(tile(page, "Photos")).toHaveCount(0);
});

test("shows the record and cataloguing layouts", async ({ page }) => {
  await signIn(page);
  await page.goto(`/demo/containers/${tree.record}`);
  const properties = page.getByRole("region", { name: "Properties" });
  await expect(properties.getByRole("tab", { name: "Mandatory" })).toHaveAttribute("aria-selected", "true");
  await expect(properties).toContainText("CV Title");
  await expect(properties).toContainText("Ledger of 1821");
  await properties.getByRole("tab", { name: "Optional" }).click();
  await expect(properties).toContainText("Kept by the harbour master");
  await shot(page, "16-record-layout");

  await page.goto(`/demo/containers/${tree.catalogue}`);
  const catalogue = page.getByRole("region", { name: "Properties" });
  await expect(catalogue.locator("strong", { hasText: "rare" })).toBeVisible();
  await expect(catalogue.getByRole("link", { name: "https://example.org/manuscript" })).toHaveAttribute("target", "_blank");
  await expect(catalogue.getByText("Athens")).toBeVisible();
  await expect(catalogue.getByText("Latitude 37.98, longitude 23.72")).toBeVisible();
  await expect(catalogue.getByRole("application", { name: "Map of CV Place" })).toBeVisible();
  await expect(catalogue.getByText("Yes")).toBeVisible();
  await shot(page, "17-cataloguing-layout");
  await catalogue.getByRole("link", { name: "CV Target volume" }).click();
  await expect(page).toHaveURL(new RegExp(`/demo/containers/${tree.target}$`));
});

test("pages a large folder and creates a container from the plus button", async ({ page }) => {
  await signIn(page);
  await page.goto(`/demo/containers/${tree.big}`);
  await expect(page.getByText(`60 of ${BIG_FOLDER_SIZE}`)).toBeVisible();
  await expect(page.getByRole("option")).toHaveCount(60);
  await page.getByRole("button", { name: "Load more: Folders" }).click();
  await expect(page.getByText(`120 of ${BIG_FOLDER_SIZE}`)).toBeVisible();
  await page.getByRole("button", { name: "Load more: Folders" }).click();
  await expect(page.getByRole("option")).toHaveCount(BIG_FOLDER_SIZE);
  await expect(page.getByRole("button", { name: "Load more: Folders" })).toHaveCount(0);
  await shot(page, "18-large-folder");

  // Fewer than 271 px below the pointer: the context menu keeps to the room left and scrolls.
  const viewport = page.viewportSize()?.height ?? 720;
  const low = await page.getByRole("option").evaluateAll(
    (tiles, bottom) =>
      tiles
        .map((element) => element.getBoundingClientRect())
        .map((box) => ({ x: box.left + 20, y: box.top + box.height / 2 }))
        .find(({ y }) => y > bottom - 250 && y < bottom - 40),
    viewport,
  );
  expect(low).toBeDefined();
  await page.mouse.click(low?.x ?? 0, low?.y ?? 0, { button: "right" });
  const menuBox = await page.getByTestId("content-context-menu").boundingBox();
  expect((menuBox?.y ?? 0) + (menuBox?.height ?? viewport)).toBeLessThanOrEqual(viewport);
  await expect(page.getByTestId("content-context-menu").locator("[data-scrolling]")).toBeVisible();
  await shot(page, "19-scrolling-context-menu");
  await page.keyboard.press("Escape");

  await page.goto(`/demo/containers/${tree.empty}`);
  await page.getByRole("button", { name: "Add content" }).click();
  await shot(page, "20-plus-button");
  await menuItem(page, "Create Container").click();
  const form = page.getByRole("dialog", { name: "Create Container" });
  await form.getByLabel("Label").fill("Fresh folder");
  await form.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: TYPES.folder.name }).click();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully created")).toBeVisible();
  await expect(tile(page, "Fresh folder")).toBeVisible();
  await shot(page, "21-created");
});

test("lists files beside folders with thumbnails, and renames, downloads, moves and removes them", async ({ page }) => {
  await signIn(page);
  const picture = await page.screenshot();
  await uploadFile(page.request, tree.archive, { name: "scan.png", mimeType: "image/png", buffer: picture });
  await uploadFile(page.request, tree.archive, { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Harbour notes") });
  await page.goto(`/demo/containers/${tree.archive}`);
  await expect(page.getByRole("listbox", { name: "Files" }).getByRole("option")).toHaveCount(2);
  // The thumbnail job runs in the background: the tile shows the generic icon until it is ready. Each look reloads
  // the page and allows its list and thumbnail requests a few seconds (one second was too short on a loaded machine).
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("img", { name: "Thumbnail of scan.png" })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByRole("img", { name: "Thumbnail of notes.txt" })).toHaveCount(0);
  await shot(page, "22-files");

  await tile(page, "notes.txt").click({ button: "right" });
  for (const name of ["Add to starred", "Rename", "Download", "Move", "Link", "Remove"]) {
    await expect(menuItem(page, name)).toBeVisible();
  }
  await shot(page, "23-file-context-menu");
  const download = page.waitForEvent("download");
  await menuItem(page, "Download").click();
  expect((await download).suggestedFilename()).toBe("notes.txt");

  await tile(page, "notes.txt").click();
  const details = page.getByRole("complementary", { name: "Details" });
  await expect(details.getByRole("row", { name: /File type/ })).toContainText("text/plain");
  await expect(details.getByRole("row", { name: /Size/ })).toContainText("13 bytes");

  await tile(page, "notes.txt").click({ button: "right" });
  await menuItem(page, "Rename").click();
  await page.getByRole("dialog", { name: "Rename" }).getByLabel("Label").fill("harbour-notes.txt");
  await page.getByRole("dialog", { name: "Rename" }).getByRole("button", { name: "Save" }).click();
  await expect(tile(page, "harbour-notes.txt")).toBeVisible();

  await tile(page, "harbour-notes.txt").click({ button: "right" });
  await menuItem(page, "Move").click();
  const picker = page.getByRole("dialog", { name: "Move harbour-notes.txt" });
  await picker.getByRole("button", { name: "ROOT", exact: true }).click();
  await expect(picker.getByText("Select a different destination")).toBeVisible();
  await picker.getByRole("button", { name: "CV Beta", exact: true }).click();
  await picker.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByText("Moved successfully to CV Beta")).toBeVisible();
  await expect(tile(page, "harbour-notes.txt")).toHaveCount(0);

  await page.getByRole("button", { name: "List view" }).click();
  await expect(page.getByRole("row", { name: "scan.png" })).toBeVisible();
  await shot(page, "24-files-list");
  await page.getByRole("row", { name: "scan.png" }).click({ button: "right" });
  await menuItem(page, "Remove").click();
  const confirm = page.getByRole("dialog", { name: "Remove confirmation" });
  await expect(confirm).toContainText("Are you sure you want to remove scan.png ?");
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Removed successfully")).toBeVisible();
  await expect(page.getByRole("row", { name: "scan.png" })).toHaveCount(0);
  await page.getByRole("button", { name: "Grid view" }).click();
});

test("a user without write permissions browses, stars and reports, but sees no write actions", async ({ page }) => {
  const reader = {
    username: "cv-reader",
    email: "cv-reader@example.org",
    password: "Reader-password-1",
    firstname: "Rea",
    lastname: "Der",
  };
  const created = await page.request.post("/api/users", { headers: await signInThroughApi(page.request), data: reader });
  expect(created.status(), await created.text()).toBe(201);
  await signIn(page, { username: reader.username, password: reader.password });
  await expect(page.getByRole("button", { name: "Create Container" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add content" })).toHaveCount(0);

  await page.goto(`/demo/containers/${tree.archive}`);
  await expect(page.getByRole("button", { name: "Colour of CV Archive" })).toHaveCount(0);
  await tile(page, "Letters").click({ button: "right" });
  await expect(menuItem(page, "Add to starred")).toBeVisible();
  await expect(menuItem(page, "Report")).toBeVisible();
  for (const name of ["Create Container", "Edit", "Add Color", "Rename", "Move", "Link", "Remove"]) {
    await expect(menuItem(page, name)).toHaveCount(0);
  }
  await shot(page, "25-reader-context-menu");
  await menuItem(page, "Add to starred").click();
  await expect(page.getByText("Letters added to starred")).toBeVisible();
  await tile(page, "Letters").click();
  await expect(page.getByRole("complementary", { name: "Details" }).getByRole("button", { name: "Publish" })).toBeDisabled();
});
