// Stories list and Story new screen (spec 3 §2, §5, §9): stories made through the API (titles, tags, ratios and
// orientations), the grid with the spec's cuts and badges, the table, the search (only from 4 characters, 800 ms after
// the last key), Name and Date sorts both ways, pages in the `page` query parameter, and the new-story flow with Next
// disabled until title, type, orientation and ratio are chosen, landing on /stories/edit/{id}. A reader sees the
// stories without what writes.
import { type APIRequestContext, expect as baseExpect, type Page, test } from "@playwright/test";
import { apiCreator, signInThroughApi } from "./containers-model.ts";
import { shot, signIn } from "./pages.ts";

// Pages load slowly on a busy 2-core machine; the waits are for appearing, never for time passing.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: "serial", timeout: 120_000 });

type Headers = Record<string, string>;
type Format = { aspectRatio: "16:9" | "4:3"; orientation: "LANDSCAPE" | "PORTRAIT" };

const ZEPPELIN = {
  title: "Zeppelin over the harbour of Thessaloniki at dawn",
  description: "The airship crossed the bay slowly while the fishermen of the old port watched it from their boats below the walls.",
};
const AEGEAN = { title: "Aegean lighthouses", description: "Keepers and their lamps" };
const ARCHIVE_COUNT = 22;
const archiveTitle = (n: number) => `Archive story ${String(n).padStart(2, "0")}`;
const TOTAL = ARCHIVE_COUNT + 2;

async function createStory(request: APIRequestContext, headers: Headers, body: Record<string, unknown>): Promise<string> {
  const response = await request.post("/api/stories", { headers, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { uuid: string }).uuid;
}

/** Gives a story these tags: the story as read, sent back whole with the tag ids (PUT is a full replacement). */
async function tagStory(request: APIRequestContext, headers: Headers, id: string, tagIds: number[]) {
  const story = await (await request.get(`/api/stories/${id}`, { headers })).json();
  const { title, description, coverPage, storyType, aspectRatio, orientation, isTemplate, storyDetails } = story;
  const body = { title, description, coverPage, storyType, aspectRatio, orientation, isTemplate, storyDetails, tags: tagIds };
  const response = await request.put(`/api/stories/${id}`, { headers, data: body });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * One after another, so the updated times follow: Zeppelin (tagged), the archive stories, then Aegean (tagged).
 * Date DESC therefore starts with Aegean and Archive 22, Date ASC with Zeppelin and Archive 01.
 */
async function createStories(request: APIRequestContext) {
  const headers = await signInThroughApi(request);
  const post = await apiCreator(request);
  const place = await post<{ id: number }>("/story_tags", { scope: "place", name: "Thessaloniki", color: "#1c7ed6" });
  const era = await post<{ id: number }>("/story_tags", { scope: "era", name: "1930s", color: "#e8590c" });
  const coast = await post<{ id: number }>("/story_tags", { scope: "coast", name: "Cyclades", color: "#2f9e44" });
  const landscape: Format = { aspectRatio: "16:9", orientation: "LANDSCAPE" };
  const zeppelin = await createStory(request, headers, { ...ZEPPELIN, ...landscape });
  await tagStory(request, headers, zeppelin, [place.id, era.id]);
  for (let n = 1; n <= ARCHIVE_COUNT; n++) {
    const format: Format = n % 3 === 0 ? { aspectRatio: "4:3", orientation: "LANDSCAPE" } : landscape;
    await createStory(request, headers, { title: archiveTitle(n), description: `Letters and photographs, part ${n}`, ...format });
  }
  const aegean = await createStory(request, headers, { ...AEGEAN, aspectRatio: "4:3", orientation: "PORTRAIT" });
  await tagStory(request, headers, aegean, [coast.id]);
  const updatedAt = (await (await request.get(`/api/stories/${zeppelin}`, { headers })).json()).updatedAt as string;
  return { zeppelin, aegean, zeppelinUpdatedAt: updatedAt };
}

/** DD/MM/YYYY of an ISO time in this machine's time zone (the browser's too). */
function dayOf(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

const cards = (page: Page) => page.getByTestId("story-card");
const cardTitles = (page: Page) => page.getByTestId("story-card-title");
/** The visible label of a sort choice (its radio input is hidden under it). */
const sortField = (page: Page, name: "Name" | "Date") => page.getByRole("radiogroup", { name: "Sort by" }).getByText(name, { exact: true });

let ids: Awaited<ReturnType<typeof createStories>>;

test("the list before any story: the empty state and the 'Add new Story' card", async ({ page }) => {
  await signIn(page);
  await page.goto("/demo/stories");
  await expect(page.getByRole("heading", { name: "Stories" })).toBeVisible();
  await expect(page.getByText("No stories yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add new Story" })).toBeVisible();
  await shot(page, "01-empty");
});

test("grid and list views: cover, cuts at 30/10/85 (10 in the table), badges, dates; a row opens the editor", async ({ page }) => {
  ids = await createStories(page.request);
  await signIn(page);
  await page.goto("/demo/stories");

  // Default sort: title DESC. The first page holds 20 stories after the 'Add new Story' card.
  await expect(page.getByText(`${TOTAL} in total`)).toBeVisible();
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByRole("link", { name: "Add new Story" })).toBeVisible();
  await expect(cardTitles(page).first()).toHaveText("Zeppelin over the harbour of T…");
  await expect(cardTitles(page).nth(1)).toHaveText(archiveTitle(22));

  const zeppelin = cards(page).first();
  await expect(zeppelin).toHaveAttribute("href", `/demo/stories/edit/${ids.zeppelin}`);
  await expect(zeppelin.getByRole("img", { name: "No cover image" })).toBeVisible();
  await expect(zeppelin.getByText("place:Thes…")).toBeVisible();
  await expect(zeppelin.getByText("era:1930s", { exact: true })).toBeVisible();
  await expect(zeppelin.getByText(`${ZEPPELIN.description.slice(0, 85).trimEnd()}…`)).toBeVisible();
  await expect(zeppelin.getByText("16:9", { exact: true })).toBeVisible();
  await expect(zeppelin.getByText("Landscape", { exact: true })).toBeVisible();
  await expect(zeppelin.getByText(`Updated ${dayOf(ids.zeppelinUpdatedAt)}`)).toBeVisible();
  await expect(zeppelin.getByText(`Updated ${dayOf(ids.zeppelinUpdatedAt)}`)).toHaveText(/^Updated \d{2}\/\d{2}\/\d{4}$/);
  await shot(page, "02-grid");

  // The list layout: the spec's columns, descriptions cut at 10, the whole title.
  await page.getByRole("button", { name: "List view" }).click();
  const table = page.getByTestId("stories-table");
  await expect(table.getByRole("columnheader")).toHaveText(["Name", "Description", "Tags", "Aspect Ratio", "Orientation", "Updated at"]);
  await expect(table.getByRole("row")).toHaveCount(21);
  const row = table.getByRole("row", { name: `Open ${ZEPPELIN.title}` });
  await expect(row.getByRole("cell")).toHaveText([
    ZEPPELIN.title,
    "The airshi…",
    "era:1930splace:Thes…",
    "16:9",
    "Landscape",
    dayOf(ids.zeppelinUpdatedAt),
  ]);
  await expect(page.getByRole("link", { name: "Add new Story" })).toBeVisible();
  await shot(page, "03-list");
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/demo/stories/edit/${ids.zeppelin}$`));
  await expect(page.getByRole("heading", { name: ZEPPELIN.title })).toBeVisible();

  // The layout is kept when coming back.
  await page.goBack();
  await expect(page.getByTestId("stories-table")).toBeVisible();
  await page.getByRole("button", { name: "Grid view" }).click();
  await expect(cards(page)).toHaveCount(20);
});

test("search: nothing below 4 characters, then 800 ms after the last key; titles, descriptions and tags", async ({ page }) => {
  // The page's timers run on a clock the test moves, so the 800 ms are measured without waiting for them.
  await page.clock.install();
  await signIn(page);
  await page.goto("/demo/stories");
  await expect(page.getByText(`${TOTAL} in total`)).toBeVisible();

  const searches: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/stories" && url.searchParams.has("q")) searches.push(url.searchParams.get("q") ?? "");
  });
  const search = page.getByRole("textbox", { name: "Search stories" });

  await page.clock.pauseAt(Date.now() + 1000);
  // Three characters never search: the list stays whole well after the delay.
  await search.pressSequentially("lig");
  await page.clock.runFor(2000);
  await expect(page.getByText(`${TOTAL} in total`)).toBeVisible();
  // The fourth key: nothing until 800 ms after it, then one search for the whole text.
  await search.press("h");
  await page.clock.runFor(790);
  expect(searches).toEqual([]);
  await page.clock.runFor(20);
  await expect.poll(() => searches).toEqual(["ligh"]);
  await page.clock.resume();
  await expect(page.getByText("1 in total")).toBeVisible();
  await expect(cardTitles(page)).toHaveText([AEGEAN.title]);
  const aegean = cards(page).first();
  await expect(aegean.getByText("4:3", { exact: true })).toBeVisible();
  await expect(aegean.getByText("Portrait", { exact: true })).toBeVisible();
  await expect(aegean.getByText("coast:Cycl…")).toBeVisible();
  // The 'Add new Story' card is not among search results.
  await expect(page.getByRole("link", { name: "Add new Story" })).toHaveCount(0);
  await shot(page, "04-search-title");

  // Keys typed quickly make one search only, for the last text.
  await search.fill("");
  await expect(page.getByText(`${TOTAL} in total`)).toBeVisible();
  searches.length = 0;
  await search.pressSequentially("1930s", { delay: 100 });
  await expect(page.getByText("1 in total")).toBeVisible();
  await expect(cardTitles(page)).toHaveText(["Zeppelin over the harbour of T…"]);
  expect(searches).toEqual(["1930s"]);

  await search.fill("photographs, part 7");
  await expect(page.getByText("1 in total")).toBeVisible();
  await search.fill("photographs, part");
  await expect(page.getByText(`${ARCHIVE_COUNT} in total`)).toBeVisible();

  await search.fill("nothing like this");
  await expect(page.getByText("No matching results")).toBeVisible();
  await shot(page, "05-no-matches");

  // Cleared: every story again.
  await search.fill("");
  await expect(page.getByText(`${TOTAL} in total`)).toBeVisible();
});

test("sort by Name and Date, each both ways, kept in the address", async ({ page }) => {
  await signIn(page);
  await page.goto("/demo/stories");
  const sortOrder = page.getByRole("button", { name: /^(Ascending|Descending)$/ });
  await expect(sortOrder).toHaveAccessibleName("Descending");
  await expect(cardTitles(page).nth(0)).toHaveText("Zeppelin over the harbour of T…");

  await sortOrder.click();
  await expect(page).toHaveURL(/\/demo\/stories\?sort=title%2CASC$/);
  await expect(sortOrder).toHaveAccessibleName("Ascending");
  await expect(cardTitles(page).nth(0)).toHaveText(AEGEAN.title);
  await expect(cardTitles(page).nth(1)).toHaveText(archiveTitle(1));
  await shot(page, "06-sort-name-asc");

  await sortField(page, "Date").click();
  await expect(page).toHaveURL(/sort=updatedAt%2CASC$/);
  await expect(cardTitles(page).nth(0)).toHaveText("Zeppelin over the harbour of T…");
  await expect(cardTitles(page).nth(1)).toHaveText(archiveTitle(1));

  await sortOrder.click();
  await expect(page).toHaveURL(/sort=updatedAt%2CDESC$/);
  await expect(cardTitles(page).nth(0)).toHaveText(AEGEAN.title);
  await expect(cardTitles(page).nth(1)).toHaveText(archiveTitle(22));
  await shot(page, "07-sort-date-desc");

  // Reloaded, the sort is the address's.
  await page.reload();
  await expect(cardTitles(page).nth(1)).toHaveText(archiveTitle(22));

  await sortField(page, "Name").click();
  await expect(page).toHaveURL(/\/demo\/stories$/);
  await expect(cardTitles(page).nth(0)).toHaveText("Zeppelin over the harbour of T…");
  await expect(cardTitles(page).nth(1)).toHaveText(archiveTitle(22));
});

test("pages in the one-based `page` query parameter", async ({ page }) => {
  await signIn(page);
  await page.goto("/demo/stories?page=2");
  // Page 2 of title DESC: the last four, and no 'Add new Story' card.
  await expect(cardTitles(page)).toHaveText([archiveTitle(3), archiveTitle(2), archiveTitle(1), AEGEAN.title]);
  await expect(page.getByRole("link", { name: "Add new Story" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "2", exact: true })).toHaveAttribute("data-active", "true");
  await shot(page, "08-page-2");

  await page.getByRole("button", { name: "1", exact: true }).click();
  await expect(page).toHaveURL(/\/demo\/stories$/);
  await expect(cards(page)).toHaveCount(20);
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/demo\/stories\?page=2$/);
  await expect(cards(page)).toHaveCount(4);

  // The page survives a sort in the address only as the first page: a new order starts at the top.
  await page.getByRole("button", { name: "Descending" }).click();
  await expect(page).toHaveURL(/\/demo\/stories\?sort=title%2CASC$/);
  await expect(cards(page)).toHaveCount(20);

  // A page past the last shows the last.
  await page.goto("/demo/stories?page=9");
  await expect(page).toHaveURL(/\/demo\/stories\?page=2$/);
  await expect(cards(page)).toHaveCount(4);
});

test("new story: Next disabled until title, type, orientation and ratio; then the editor of the new story", async ({ page }) => {
  await signIn(page);
  await page.goto("/demo/stories");
  await page.getByRole("link", { name: "Add new Story" }).click();
  await expect(page).toHaveURL(/\/demo\/stories\/new$/);
  const breadcrumbs = page.getByRole("navigation", { name: "Stories breadcrumbs" });
  await expect(breadcrumbs).toHaveText(/Stories.*New/);

  const next = page.getByRole("button", { name: "Next" });
  await expect(next).toBeDisabled();
  await expect(page.getByRole("radio", { name: "Timeline" })).toBeDisabled();
  await expect(page.getByRole("radio", { name: "Objects and hotspots" })).toBeDisabled();
  // Orientation and ratio belong to a slideshow: not asked before it is chosen.
  await expect(page.getByRole("radiogroup", { name: "Orientation" })).toHaveCount(0);
  await shot(page, "09-new-empty");

  await page.getByLabel("Story Title").fill("Harbour walk");
  await expect(next).toBeDisabled();
  await page.getByRole("radio", { name: "Slideshow" }).click();
  await expect(page.getByRole("radio", { name: "Slideshow" })).toBeChecked();
  await expect(next).toBeDisabled();
  await page.getByRole("radio", { name: "Portrait" }).click();
  await expect(next).toBeDisabled();
  await page.getByRole("radio", { name: "4:3" }).click();
  await expect(page.getByText("1920 × 2560 pixels")).toBeVisible();
  await expect(next).toBeEnabled();
  // An empty title disables Next again.
  await page.getByLabel("Story Title").fill("   ");
  await expect(next).toBeDisabled();
  await page.getByLabel("Story Title").fill("Harbour walk");
  await expect(next).toBeEnabled();
  await shot(page, "10-new-complete");

  await next.click();
  await expect(page).toHaveURL(/\/demo\/stories\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Harbour walk" })).toBeVisible();
  await shot(page, "11-editor");
  const id = page.url().split("/").pop() as string;

  // Made as chosen, on the portrait 4:3 canvas.
  const headers = await signInThroughApi(page.request);
  const story = await (await page.request.get(`/api/stories/${id}`, { headers })).json();
  expect(story).toMatchObject({
    title: "Harbour walk",
    storyType: "SLIDESHOW",
    aspectRatio: "4:3",
    orientation: "PORTRAIT",
    width: 1920,
    height: 2560,
  });

  // It is on the list.
  await page.goto("/demo/stories?sort=updatedAt%2CDESC");
  await expect(cardTitles(page).first()).toHaveText("Harbour walk");
});

test("templates: an empty page with its breadcrumb; the template editor is a placeholder", async ({ page }) => {
  await signIn(page);
  await page.goto("/demo/stories/templates");
  await expect(page.getByRole("navigation", { name: "Stories breadcrumbs" })).toHaveText("Templates");
  await shot(page, "12-templates");
  await page.goto("/demo/stories/template-editor");
  await expect(page.getByText("Story templates will be designed here in a later release.")).toBeVisible();
  await shot(page, "13-template-editor");
});

test("a reader of stories sees them without 'Add new Story', and cannot open the new-story screen", async ({ page }) => {
  const post = await apiCreator(page.request);
  const { uuid } = await post<{ uuid: string }>("/users", {
    username: "story-reader",
    email: "story-reader@example.org",
    password: "Reader-password-1",
    firstname: "Reader",
  });
  await post("/groups", { name: "Story readers", iamPermissions: ["repox.stories.show"], users: [uuid] });

  await page.goto("/demo/login");
  await page.getByLabel("Username").fill("story-reader");
  await page.getByLabel("Password").fill("Reader-password-1");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto("/demo/stories");
  await expect(page.getByText(`${TOTAL + 1} in total`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Add new Story" })).toHaveCount(0);
  await page.getByRole("button", { name: "List view" }).click();
  await expect(page.getByTestId("stories-table")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add new Story" })).toHaveCount(0);
  await shot(page, "14-reader");
  await page.goto("/demo/stories/new");
  await expect(page.getByText("You do not have access to this page")).toBeVisible();
});
