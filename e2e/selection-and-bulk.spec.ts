// Selection, the context menu and bulk actions (issue 11): the context menu stays whole on screen at any pointer
// height in grid and list views, nothing asks for an item the page just removed, a trashed file is not restored to
// ROOT, and a multi-selection is moved, starred, tagged, coloured and published from the selection bar and the
// context menu, with the refused items named.
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { apiCreator, signInThroughApi } from "./containers-model.ts";
import { shot, signIn } from "./pages.ts";

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 1280, height: 900 } });

const FOLDER_TYPE = "sb-folder";
const FILE_TYPE = "sb-file";
const MANY = 40;

type Fixture = { many: string; home: string; target: string; doomed: string; tagName: string };
let fixture: Fixture;
let headers: Record<string, string>;

async function uploadText(request: APIRequestContext, container: string, name: string): Promise<string> {
  const response = await request.post(`/api/datastreams?to=${container}`, {
    headers,
    multipart: { data: JSON.stringify({ type: FILE_TYPE }), file: { name, mimeType: "text/plain", buffer: Buffer.from(`${name}\n`) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  const [created] = (await response.json()) as { uuid: string }[];
  expect(created?.uuid).toBeTruthy();
  return created?.uuid ?? "";
}

test.beforeAll(async ({ request }) => {
  headers = await signInThroughApi(request);
  const post = await apiCreator(request);
  await post("/datastream_types", { dataStream: { code: FILE_TYPE, name: "SB File" }, properties: [] });
  await post("/container_types", { container: { code: FOLDER_TYPE, name: "SB Folder", allowedAtRoot: true }, properties: [] });
  const folder = async (label: string, parent: string | null) =>
    (await post<{ uuid: string }>(`/containers${parent ? `?to=${parent}` : ""}`, { label, type: FOLDER_TYPE, properties: [] })).uuid;
  const many = await folder("SB Many", null);
  for (let index = 1; index <= MANY; index += 1) await folder(`Item ${String(index).padStart(2, "0")}`, many);
  const home = await folder("SB Home", null);
  const target = await folder("SB Target", null);
  for (const label of ["Alpha", "Beta", "Gamma"]) await folder(label, home);
  await uploadText(request, home, "notes.txt");
  const doomed = await folder("SB Doomed", null);
  const tagName = "SB Reviewed";
  await post("/tags", { name: tagName });
  fixture = { many, home, target, doomed, tagName };
});

const tile = (page: Page, label: string) => page.getByRole("option", { name: label, exact: true });
const menuItem = (page: Page, name: string) => page.getByRole("menuitem", { name, exact: true });
const VIEWPORT = { width: 1280, height: 900 };

/** Scrolls the page so that an item covers the window height `y`, and answers a point on it at that height. */
async function itemAt(page: Page, y: number): Promise<{ x: number; y: number }> {
  const x = await page.evaluate((pointerY) => {
    const items = [...document.querySelectorAll<HTMLElement>("[data-item-key]")];
    const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
    const chosen = items.find((item) => {
      const top = item.getBoundingClientRect().top + window.scrollY;
      const scroll = top + 8 - pointerY;
      return scroll >= 0 && scroll <= maxScroll && item.getBoundingClientRect().height > 16;
    });
    if (!chosen) return null;
    window.scrollTo(0, chosen.getBoundingClientRect().top + window.scrollY + 8 - pointerY);
    const box = chosen.getBoundingClientRect();
    return box.left + Math.min(40, box.width / 2);
  }, y);
  expect(x, `an item at height ${y}`).not.toBeNull();
  return { x: x ?? 0, y };
}

async function expectWholeMenu(page: Page, menu: Locator) {
  const box = await menu.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORT.height);
  expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORT.width);
  // The last entry is reached by scrolling the menu, and then lies inside it and on the screen.
  const last = menu.getByRole("menuitem").last();
  await menu.hover();
  await page.mouse.wheel(0, 2000);
  await expect(last).toBeInViewport({ ratio: 1 });
  const lastBox = await last.boundingBox();
  expect((lastBox?.y ?? 0) + (lastBox?.height ?? 0)).toBeLessThanOrEqual(box.y + box.height + 1);
  await expect(last).toHaveText("Remove");
}

test("keeps the context menu whole on screen at every pointer height, in grid and list views", async ({ page }) => {
  await signIn(page);
  await page.goto(`/demo/containers/${fixture.many}`);
  await expect(page.getByText(`${MANY} folder`, { exact: false }).first()).toBeVisible();
  const menu = page.getByTestId("content-context-menu");
  for (const layout of ["Grid view", "List view"]) {
    await page.getByRole("button", { name: layout }).click();
    await expect(page.locator("[data-item-key]")).toHaveCount(MANY);
    for (const y of [200, 640, 860, 885, 897]) {
      const point = await itemAt(page, y);
      await page.mouse.click(point.x, point.y, { button: "right" });
      await expect(menu).toBeVisible();
      await expectWholeMenu(page, menu);
      if (y >= 860) await shot(page, `01-context-menu-${layout === "Grid view" ? "grid" : "list"}-${y}`);
      await page.keyboard.press("Escape");
      await expect(menu).toHaveCount(0);
    }
  }
});

test("asks for nothing an item it just removed, one item or several", async ({ page }) => {
  await signIn(page);
  const named: string[] = [];
  const watch = (uuids: string[]) => {
    named.length = 0;
    page.on("request", (request) => {
      const url = request.url();
      if (uuids.some((uuid) => url.includes(uuid)) && !url.endsWith("/remove") && !url.includes("/remove?")) named.push(url);
    });
  };
  await page.goto("/demo/containers");
  await tile(page, "SB Doomed").click();
  // The details show the item, its tags asked for.
  const details = page.getByRole("complementary", { name: "Details" });
  await expect(details.getByRole("heading", { name: "SB Doomed" })).toBeVisible();
  await expect(details.getByText("SB Reviewed")).toBeVisible();
  watch([fixture.doomed]);
  await tile(page, "SB Doomed").click({ button: "right" });
  await menuItem(page, "Remove").click();
  const listed = page.waitForResponse((response) => response.url().includes("/api/containers?") && response.request().method() === "GET");
  await page.getByRole("dialog", { name: "Remove confirmation" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Removed successfully")).toBeVisible();
  await listed;
  await expect(tile(page, "SB Doomed")).toHaveCount(0);
  expect(named).toEqual([]);

  // Several at once, from the selection bar.
  const post = await apiCreatorFor(page);
  const doomedA = await post("SB Doomed A");
  const doomedB = await post("SB Doomed B");
  await page.reload();
  await tile(page, "SB Doomed A").click();
  await expect(details.getByRole("heading", { name: "SB Doomed A" })).toBeVisible();
  await tile(page, "SB Doomed B").click({ modifiers: ["ControlOrMeta"] });
  const bar = page.getByTestId("selection-bar");
  await expect(bar.getByText("2 selected")).toBeVisible();
  watch([doomedA, doomedB]);
  await bar.getByRole("button", { name: "Remove", exact: true }).click();
  const relisted = page.waitForResponse((response) => response.url().includes("/api/containers?") && response.request().method() === "GET");
  await page.getByRole("dialog", { name: "Remove confirmation" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Removed successfully")).toBeVisible();
  await relisted;
  await expect(tile(page, "SB Doomed A")).toHaveCount(0);
  await expect(tile(page, "SB Doomed B")).toHaveCount(0);
  expect(named).toEqual([]);
  await shot(page, "02-removed-without-asking-again");
});

/** Creates top-level folders through the API with the page's own request context. */
async function apiCreatorFor(page: Page) {
  return async (label: string) => {
    const response = await page.request.post("/api/containers", { headers, data: { label, type: FOLDER_TYPE, properties: [] } });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { uuid: string }).uuid;
  };
}

test("restores a file from the trash into a folder, never to ROOT", async ({ page, request }) => {
  const file = await uploadText(request, fixture.home, "trashed.txt");
  expect((await request.post(`/api/datastreams/${file}/remove`, { headers })).status()).toBe(200);
  await signIn(page);
  const restores: string[] = [];
  page.on("request", (sent) => sent.url().includes("/api/trash/items/restore") && restores.push(sent.url()));
  await page.goto("/demo/trash");
  await page.getByRole("button", { name: "Restore: trashed.txt" }).click();
  const picker = page.getByRole("dialog", { name: "Restore to" });
  await picker.getByRole("button", { name: "ROOT", exact: true }).click();
  await expect(picker.getByRole("alert")).toHaveText("Select a different destination");
  await picker.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(picker).toBeVisible();
  await shot(page, "03-restore-file-not-to-root");
  expect(restores).toEqual([]);
  await picker.getByRole("button", { name: "SB Target", exact: true }).click();
  await expect(picker.getByRole("alert")).toHaveCount(0);
  await picker.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(page.getByText("Successfully restored")).toBeVisible();
  await expect(page.getByRole("button", { name: "Restore: trashed.txt" })).toHaveCount(0);
  await page.goto(`/demo/containers/${fixture.target}`);
  // A fresh page load: the content area's code and lists arrive first.
  await expect(page.getByRole("heading", { name: "SB Target", level: 2 })).toBeVisible({ timeout: 20_000 });
  await expect(tile(page, "trashed.txt")).toBeVisible();
});

/** Clicks and waits for the bulk request it sends to be answered (a loaded machine may take longer than a toast lasts). */
async function bulkClick(page: Page, target: Locator, action: string) {
  const answered = page.waitForResponse((response) => response.url().endsWith(`/api/content/bulk/${action}`));
  await target.click();
  expect((await answered).status()).toBe(200);
}

async function selectInHome(page: Page, labels: string[]) {
  const [first, ...others] = labels;
  if (first) await tile(page, first).click();
  for (const label of others) await tile(page, label).click({ modifiers: ["ControlOrMeta"] });
  await expect(page.getByTestId("selection-bar").getByText(`${labels.length} selected`)).toBeVisible();
}

async function containerOf(request: APIRequestContext, label: string) {
  const page = await request.get(`/api/containers/${fixture.home}/children?size=50`, { headers });
  const found = (
    (await page.json()) as { content: { uuid: string; label: string; color: string | null; published: boolean }[] }
  ).content.find((item) => item.label === label);
  expect(found, label).toBeDefined();
  return found;
}

test("stars, tags, colours and publishes a selection from the bar, naming the refused items", async ({ page, request }) => {
  await signIn(page);
  await page.goto(`/demo/containers/${fixture.home}`);
  await selectInHome(page, ["Alpha", "Beta", "notes.txt"]);
  const bar = page.getByTestId("selection-bar");
  await shot(page, "04-selection-bar");
  // Beside the details panel the bar scrolls sideways; no button's label is cut short.
  const labels = bar.locator(".mantine-Button-label");
  await expect(labels.first()).toBeVisible();
  const cut = await labels.evaluateAll((elements) =>
    elements.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
  );
  expect(cut).toEqual([]);

  await bulkClick(page, bar.getByRole("button", { name: "Add to starred", exact: true }), "star");
  await expect(page.getByText("3 items added to starred")).toBeVisible();
  for (const label of ["Alpha", "Beta", "notes.txt"]) await expect(tile(page, label).getByLabel("Starred")).toBeVisible();

  await bar.getByRole("button", { name: "Tag", exact: true }).click();
  const tagDialog = page.getByRole("dialog", { name: "Tag 3 items" });
  await tagDialog.getByRole("combobox", { name: "Tag" }).click();
  await page.getByRole("option", { name: fixture.tagName }).click();
  await bulkClick(page, tagDialog.getByRole("button", { name: "Add the tag" }), "tag");
  await expect(page.getByText("Successfully updated")).toBeVisible();
  await expect(tagDialog).toHaveCount(0);

  await bar.getByRole("button", { name: "Add Color", exact: true }).click();
  const colorDialog = page.getByRole("dialog", { name: "Colour of 3 items" });
  await bulkClick(page, colorDialog.getByRole("button", { name: "Colour #e91e63" }), "color");
  await expect(colorDialog).toHaveCount(0);
  expect((await containerOf(request, "Alpha"))?.color).toBe("#e91e63");
  expect((await containerOf(request, "Beta"))?.color).toBe("#e91e63");

  await bulkClick(page, bar.getByRole("button", { name: "Publish", exact: true }), "publish");
  await expect(page.getByText("2 of 3 items done; 1 was refused")).toBeVisible();
  const refused = page.getByRole("dialog", { name: "Items not changed" });
  await expect(refused.getByRole("listitem")).toHaveText(["notes.txt: Only containers can be published"]);
  await shot(page, "05-publish-partly-refused");
  await refused.getByRole("button").first().click();
  await expect(tile(page, "Alpha").getByLabel("Published")).toBeVisible();
  await expect(tile(page, "Beta").getByLabel("Published")).toBeVisible();

  // The tag shows on one of them once it is selected alone.
  await page.getByTestId("selection-bar").getByRole("button", { name: "Clear selection" }).click();
  await tile(page, "Beta").click();
  const details = page.getByRole("complementary", { name: "Details" });
  await expect(details.getByRole("checkbox", { name: fixture.tagName })).toBeChecked();

  // Moved from the bar into another folder.
  await selectInHome(page, ["Beta", "Gamma"]);
  await bar.getByRole("button", { name: "Move", exact: true }).click();
  const picker = page.getByRole("dialog", { name: "Move 2 items" });
  await picker.getByRole("button", { name: "SB Target", exact: true }).click();
  await bulkClick(page, picker.getByRole("button", { name: "Move", exact: true }), "move");
  await expect(page.getByText("Moved successfully to SB Target")).toBeVisible();
  await expect(tile(page, "Beta")).toHaveCount(0);
  await expect(tile(page, "Gamma")).toHaveCount(0);
});

test("unstars and moves a selection from the context menu; a file is refused at ROOT", async ({ page }) => {
  await signIn(page);
  await page.goto(`/demo/containers/${fixture.home}`);
  await selectInHome(page, ["Alpha", "notes.txt"]);
  await tile(page, "Alpha").click({ button: "right" });
  for (const name of ["Move", "Link", "Remove from starred", "Tag", "Add Color", "Publish", "Unpublish", "Remove"]) {
    await expect(menuItem(page, name)).toBeVisible();
  }
  await shot(page, "06-selection-context-menu");
  await bulkClick(page, menuItem(page, "Remove from starred"), "star");
  await expect(page.getByText("2 items removed from starred")).toBeVisible();
  await expect(tile(page, "Alpha").getByLabel("Starred")).toHaveCount(0);

  await tile(page, "notes.txt").click({ button: "right" });
  await menuItem(page, "Move").click();
  const picker = page.getByRole("dialog", { name: "Move 2 items" });
  await picker.getByRole("button", { name: "ROOT", exact: true }).click();
  await bulkClick(page, picker.getByRole("button", { name: "Move", exact: true }), "move");
  await expect(page.getByText("1 of 2 items done; 1 was refused")).toBeVisible();
  const refused = page.getByRole("dialog", { name: "Items not changed" });
  await expect(refused.getByRole("listitem")).toHaveText(["notes.txt: Select a different destination"]);
  await shot(page, "07-move-partly-refused");
  await refused.getByRole("button").first().click();
  await expect(tile(page, "Alpha")).toHaveCount(0);
  await expect(tile(page, "notes.txt")).toBeVisible();
});
