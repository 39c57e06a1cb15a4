// What a new user tripped over (issue 11, points 2 and 7 to 12): report charts with a legend, tooltips and an empty
// state; errors a person can read (JSON property, tag colour, unknown container); selects and dialogs by keyboard;
// thumbnails that appear by themselves; one byte-size format; a 390 px phone. The content model is made through the API.
import { type APIRequestContext, expect as baseExpect, type Page, test } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "./constants.ts";
import { apiCreator, signInThroughApi } from "./containers-model.ts";
import { harbourPicture } from "./media-files.ts";
import { shot } from "./pages.ts";

// Pages behind sign-in are fetched on first use and CI shares two cores between runs: first sights get longer.
const expect = baseExpect.configure({ timeout: 15_000 });

const FOLDER = { code: "np-folder", name: "NP Folder" };
const RECORD = { code: "np-record", name: "NP Record" };
const PICTURE = { code: "np-picture", name: "NP Picture" };
const METADATA = { propertyKey: "np-metadata", displayName: "NP Metadata", propertyType: "json" };
const GROUP = "NP Cataloguers";

/** pages.ts's signIn, waiting as long as the other first sights here: the first sign-in also fetches the shell. */
async function signIn(page: Page) {
  await page.goto("/demo/login");
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/demo\/containers$/);
}

const menuItem = (page: Page, name: string) => page.getByRole("menuitem", { name, exact: true });

async function container(request: APIRequestContext, label: string, type: string, parent: string | null = null): Promise<string> {
  const post = await apiCreator(request);
  return (await post<{ uuid: string }>(`/containers${parent ? `?to=${parent}` : ""}`, { label, type, properties: [] })).uuid;
}

async function openCreateContainer(page: Page) {
  await page.goto("/demo/containers");
  await page.getByRole("button", { name: "Add content" }).click();
  await menuItem(page, "Create Container").click();
  return page.getByRole("dialog", { name: "Create Container" });
}

// The tests run in this order on one server: the reports test counts on an empty repository at its start. After a
// failure the next worker runs this again, so it makes the model only once.
test.beforeAll(async ({ request }) => {
  const headers = await signInThroughApi(request);
  if ((await request.get(`/api/properties/${METADATA.propertyKey}`, { headers })).ok()) return;
  const post = await apiCreator(request);
  await post("/properties", METADATA);
  await post("/container_types", { container: { ...FOLDER, allowedAtRoot: true }, properties: [] });
  await post("/container_types", {
    container: { ...RECORD, allowedAtRoot: true },
    properties: [{ propertyKey: METADATA.propertyKey, position: 0 }],
  });
  await post("/datastream_types", { dataStream: PICTURE, properties: [] });
  await post("/groups", { name: GROUP });
});

test("2: report charts name their types in a legend and tooltips, and say when there is nothing to count", async ({ page }) => {
  await signIn(page);
  await page.goto("/demo/reports");
  const containerTypes = page.getByLabel("Container Types", { exact: true });
  const datastreamTypes = page.getByLabel("Datastream Types", { exact: true });
  await expect(containerTypes.getByText(/Nothing to count yet: no container of any type exists/)).toBeVisible();
  await expect(datastreamTypes.getByText(/Nothing to count yet: no file of any type exists/)).toBeVisible();
  await shot(page, "02-reports-empty");

  await container(page.request, "NP Box one", FOLDER.code);
  await container(page.request, "NP Box two", FOLDER.code);
  await container(page.request, "NP Ledger", RECORD.code);
  await page.reload();
  const legend = containerTypes.getByRole("list", { name: "Legend of Container Types" });
  await expect(legend.getByRole("listitem").filter({ hasText: FOLDER.name })).toContainText("2 items (66.7%)");
  await expect(legend.getByRole("listitem").filter({ hasText: RECORD.name })).toContainText("1 item (33.3%)");

  // The first segment starts at three o'clock and runs anticlockwise: just above the right edge of the ring is in it.
  const ring = await containerTypes.locator(".recharts-surface").boundingBox();
  if (!ring) throw new Error("no doughnut drawn");
  await page.mouse.move(ring.x + ring.width / 2 + 92, ring.y + ring.height / 2 - 8);
  const tooltip = containerTypes.locator(".recharts-tooltip-wrapper");
  await expect(tooltip).toContainText(FOLDER.name);
  await expect(tooltip).toContainText("2 items (66.7%)");
  await shot(page, "02-reports-doughnut-tooltip");

  await page.getByRole("button", { name: "Change view: Container Types" }).click();
  await expect(containerTypes).toHaveAttribute("data-view", "bar");
  await expect(legend.getByRole("listitem")).toHaveCount(await legend.getByRole("listitem").count());
  await expect(legend.getByRole("listitem").filter({ hasText: RECORD.name })).toContainText("1 item (33.3%)");
  const bar = containerTypes.locator(".recharts-bar-rectangle").first();
  await bar.hover();
  await expect(tooltip).toContainText(FOLDER.name);
  await expect(tooltip).toContainText("2 items (66.7%)");
  await shot(page, "02-reports-bar-tooltip");
});

test("7: a JSON property says what is wrong and where, even after the field is left", async ({ page }) => {
  await signIn(page);
  const form = await openCreateContainer(page);
  await form.getByLabel("Label").fill("NP Ledger with metadata");
  await form.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: RECORD.name }).click();
  const field = form.getByRole("textbox", { name: METADATA.displayName });
  await field.fill('{"shelf": 4,\n  "box" 12}');
  await field.press("Tab");
  await expect(form.getByText(/^This is not valid JSON at line 2, column \d+: .+/)).toBeVisible();
  await shot(page, "07-json-error");
});

test("7: a tag colour #12 is refused with the spec's message, not saved as black", async ({ page }) => {
  await signIn(page);
  await page.goto("/demo/settings/tags");
  await page.getByRole("button", { name: "Create tag" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("NP Short colour");
  const colour = dialog.getByRole("textbox", { name: "Color" });
  await colour.fill("#12");
  // Leaving the field used to put the last valid colour back.
  await dialog.getByLabel("Name").click();
  await expect(colour).toHaveValue("#12");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Invalid hex color value: #12", { exact: true })).toBeVisible();
  await expect(page.getByText("Successfully created")).toHaveCount(0);
  await shot(page, "07-tag-colour");
});

test("7: an unknown container and a malformed id show a not-found page with the way back", async ({ page }) => {
  await signIn(page);
  for (const id of ["0190f3c1-7c4e-7a10-8000-000000000000", "not-a-uuid"]) {
    await page.goto(`/demo/containers/${id}`);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
    await expect(crumbs.getByRole("link", { name: "Content" })).toBeVisible();
    await expect(crumbs.getByText("not found", { exact: true })).toBeVisible();
    await expect(page.getByText("This container could not be found.")).toBeVisible();
    await expect(page.getByText(/must be a valid UUID|params/)).toHaveCount(0);
    await shot(page, `07-not-found-${id === "not-a-uuid" ? "malformed" : "unknown"}`);
  }
  await page.getByRole("link", { name: "Back to My Content" }).click();
  await expect(page).toHaveURL(/\/demo\/containers$/);
});

/**
 * ArrowDown in a focused select opens it with the first option highlighted; pressed while its options are still being
 * fetched, it opens an empty list, so it is pressed again until an option is highlighted.
 */
async function highlightWithArrowDown(page: Page) {
  await expect(async () => {
    await page.keyboard.press("ArrowDown");
    await expect(page.locator("[data-combobox-selected]")).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test("8: ArrowDown then Enter chooses the highlighted option, and dialogs open with focus in their first field", async ({ page }) => {
  await signIn(page);
  const form = await openCreateContainer(page);
  await expect(form.getByLabel("Label")).toBeFocused();
  const type = form.getByRole("combobox", { name: "Type" });
  await type.focus();
  await highlightWithArrowDown(page);
  const highlighted = await page.locator("[data-combobox-selected]").textContent();
  expect(highlighted).toBeTruthy();
  await page.keyboard.press("Enter");
  await expect(type).toHaveValue(highlighted ?? "");
  await shot(page, "08-type-by-keyboard");
  await page.keyboard.press("Escape");

  await page.goto("/demo/settings/users");
  await page.getByRole("button", { name: "Create user" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Firstname")).toBeFocused();
  const groups = dialog.getByRole("combobox", { name: "Groups" });
  await groups.focus();
  await highlightWithArrowDown(page);
  const group = (await page.locator("[data-combobox-selected]").textContent()) ?? "";
  expect([GROUP, "Administrators"]).toContain(group);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("option", { name: group })).toHaveAttribute("aria-selected", "true");
  await shot(page, "08-groups-by-keyboard");
  await page.keyboard.press("Escape");

  await page.goto("/demo/settings/tags");
  await page.getByRole("button", { name: "Create tag" }).click();
  await expect(page.getByRole("dialog").getByLabel("Name")).toBeFocused();
});

const HARBOUR = "np-harbour.png";
/** The folder the thumbnail test uploads into; the byte-size test reads the same file. */
let picturesFolder = "";

test("9: a thumbnail appears on its tile without a reload once the media job has made it", async ({ page }) => {
  await signIn(page);
  picturesFolder = await container(page.request, "NP Pictures", FOLDER.code);
  await page.goto(`/demo/containers/${picturesFolder}`);
  await page.getByRole("button", { name: "Add content" }).click();
  await menuItem(page, "Upload DataStream").click();
  const dialog = page.getByRole("dialog", { name: "Upload to NP Pictures" });
  await dialog.locator('input[type="file"]').setInputFiles({ name: HARBOUR, mimeType: "image/png", buffer: await harbourPicture() });
  await dialog.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: PICTURE.name }).click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const tile = page.getByRole("listbox", { name: "Files" }).getByRole("option", { name: HARBOUR });
  await expect(tile).toBeVisible();
  await expect(tile.getByRole("img", { name: `Thumbnail of ${HARBOUR}` })).toBeVisible({ timeout: 30_000 });
  await shot(page, "09-thumbnail-without-reload");
});

test("10: a file's size reads the same on its tile, on the storage page and in its file info", async ({ page }) => {
  await signIn(page);
  await page.goto("/demo/storage");
  const storageRow = page.getByRole("row").filter({ hasText: HARBOUR });
  const size = ((await storageRow.innerText()).match(/\d+(?:[.,]\d+)? (?:bytes|kB|MB)/) ?? [""])[0];
  expect(size).not.toBe("");
  await shot(page, "10-storage-size");

  await page.goto(`/demo/containers/${picturesFolder}`);
  const tile = page.getByRole("listbox", { name: "Files" }).getByRole("option", { name: HARBOUR });
  await expect(tile).toContainText(size);
  await tile.dblclick();
  await expect(page.getByTestId("datastream-info")).toContainText(size);
  await shot(page, "10-file-info-size");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Clear selection" }).click();

  // With the details panel open, the status badge shows its whole word and list rows keep to one line.
  const details = page.getByRole("complementary", { name: "Details" });
  const badge = details.getByText("Private", { exact: true });
  await expect(badge).toBeVisible();
  expect(await badge.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await page.getByRole("button", { name: "List view" }).click();
  const row = page.getByRole("row", { name: HARBOUR });
  await expect(row).toContainText(size);
  expect((await row.boundingBox())?.height ?? 0).toBeLessThan(60);
  await shot(page, "10-list-with-details");
});

test("11: on a 390 px phone the search opens from an icon and a container's title stays readable", async ({ page }) => {
  const label = "NP Correspondence of the harbour office";
  await container(page.request, label, RECORD.code);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await expect(page.getByRole("banner").getByRole("combobox", { name: "Search" })).toBeHidden();
  // The search icon joins the top bar without pushing the user menu off the screen.
  const userMenu = await page.getByRole("button", { name: "User menu" }).boundingBox();
  expect((userMenu?.x ?? 390) + (userMenu?.width ?? 1)).toBeLessThanOrEqual(390);
  await page.getByRole("button", { name: "Open search" }).click();
  const search = page.getByRole("dialog", { name: "Search" }).getByRole("combobox", { name: "Search" });
  await expect(search).toBeFocused();
  await search.fill("Correspondence");
  // The best hit is highlighted once the answer is in, so Enter opens it.
  const hit = page.getByRole("listbox", { name: "Search results" }).getByRole("option", { name: new RegExp(label) });
  await expect(hit).toHaveAttribute("data-combobox-selected", "true");
  await shot(page, "11-phone-search");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/demo\/containers\/[0-9a-f-]{36}$/);
  const title = page.getByRole("heading", { level: 2, name: label });
  await expect(title).toBeVisible();
  const { shown, width } = await title.evaluate((element) => ({
    shown: element.scrollWidth <= element.clientWidth + 1 && element.scrollHeight <= element.clientHeight + 1,
    width: element.getBoundingClientRect().width,
  }));
  expect(shown).toBe(true);
  expect(width).toBeGreaterThan(200);
  await shot(page, "11-phone-title");
});
