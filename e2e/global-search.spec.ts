// The top bar's global search: nothing asked under 3 characters, one call 500 ms after the last key, accented labels
// found without accents (Latin and Greek) and near spellings, the results grouped with their details and the match
// marked, the keyboard and the mouse opening containers, files, users and groups, an older answer never shown over a
// newer one, and 'No results'.
import { expect, type Page, type Request, test } from "@playwright/test";
import { signInThroughApi } from "./containers-model.ts";
import { shot, signIn } from "./pages.ts";

test.describe.configure({ mode: "serial" });

const FOLDER = { code: "gs-folder", name: "GS Folder" };
const FILE = { code: "gs-file", name: "GS Photo" };

let ids: { museum: string; muller: string; central: string; harbour: string; menu: string; user: string; group: number };

test.beforeAll(async ({ request, browser }) => {
  const headers = await signInThroughApi(request);
  const call = async <T>(method: "post" | "put", path: string, data: unknown, status = 201): Promise<T> => {
    const response = await request[method](`/api${path}`, { headers, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
    return (await response.json()) as T;
  };
  await call("post", "/datastream_types", { dataStream: FILE, properties: [] });
  await call("post", "/container_types", { container: { ...FOLDER, allowedAtRoot: true }, properties: [] });
  const container = async (label: string) =>
    (await call<{ uuid: string }>("post", "/containers", { label, type: FOLDER.code, properties: [] })).uuid;
  const museum = await container("Μουσείο Ακρόπολης");
  const muller = await container("Café Müller");
  const central = await container("Café Central");
  const harbour = await container("Harbour office");

  // A picture with some colour in it, so its thumbnail shows in the results.
  const painter = await browser.newPage({ viewport: { width: 320, height: 240 } });
  await painter.setContent('<body style="margin:0;background:linear-gradient(135deg,#e8590c,#1c7ed6)"></body>');
  const picture = await painter.screenshot();
  await painter.close();
  const uploaded = await request.post(`/api/datastreams?to=${muller}`, {
    headers,
    multipart: { data: JSON.stringify({ type: FILE.code }), file: { name: "menu.png", mimeType: "image/png", buffer: picture } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const [menu] = (await uploaded.json()) as { uuid: string }[];
  if (!menu) throw new Error("the upload answered no datastream");
  await call("put", `/datastreams/${menu.uuid}/label`, { label: "Café menu.png" }, 200);
  await expect
    .poll(async () => {
      const read = await request.get(`/api/datastreams/${menu.uuid}`, { headers });
      return ((await read.json()) as { thumbnailStatus: string }).thumbnailStatus;
    })
    .toBe("ready");

  const user = await call<{ uuid: string }>("post", "/users", {
    username: "cafer",
    email: "cafer@example.org",
    password: "Cafer-password-1",
    firstname: "Cafer",
    lastname: "Öztürk",
  });
  const group = await call<{ id: number }>("post", "/groups", { name: "Café staff", description: "Runs the museum café" });
  ids = { museum, muller, central, harbour, menu: menu.uuid, user: user.uuid, group: group.id };
});

const searchBox = (page: Page) => page.getByRole("combobox", { name: "Search", exact: true });
const results = (page: Page) => page.getByRole("listbox", { name: "Search results", exact: true });
const result = (page: Page, name: string) => results(page).getByRole("option", { name });
const groupLabel = (page: Page, name: string) => results(page).getByText(name, { exact: true });
const isSelected = (page: Page, name: string) => expect(result(page, name)).toHaveAttribute("data-combobox-selected", "true");

/** The texts the global search was asked for, in order. */
function recordSearches(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/search" && request.method() === "POST") asked.push(url.searchParams.get("q") ?? "");
  });
  return asked;
}

test("searches from 3 characters, once after the typing pauses, and lists the groups with their details", async ({ page }) => {
  await signIn(page);
  const asked = recordSearches(page);
  await searchBox(page).pressSequentially("ca", { delay: 50 });
  await page.waitForTimeout(900);
  await expect(results(page)).toBeHidden();
  expect(asked).toEqual([]);

  // "fe" typed quickly after "ca": one call for the whole word, none for "caf".
  await searchBox(page).pressSequentially("fe", { delay: 80 });
  await expect(result(page, "Café Müller")).toBeVisible();
  for (const name of ["Containers", "Files", "Users", "Groups"]) await expect(groupLabel(page, name)).toBeVisible();
  await expect(result(page, "Café Central")).toBeVisible();
  await expect(result(page, "Café menu.png")).toContainText(`${FILE.name} · `);
  await expect(result(page, "Cafer Öztürk")).toContainText("cafer@example.org");
  await expect(result(page, "Café staff")).toContainText("Runs the museum café");
  await expect(result(page, "Café Müller")).toContainText("Created by");
  await expect(result(page, "Harbour office")).toHaveCount(0);
  // What matched is marked, accents and all.
  await expect(result(page, "Café Müller").locator("mark")).toHaveText("Café");
  expect(asked).toEqual(["cafe"]);
  await expect(result(page, "Café menu.png").getByRole("img", { name: "Thumbnail of Café menu.png" })).toBeVisible();
  await shot(page, "01-results-grouped");

  await page.keyboard.press("Escape");
  await expect(results(page)).toBeHidden();
  await expect(searchBox(page)).toHaveValue("cafe");
});

test("opens results with the keyboard: a file previewed over its container, a container, a group", async ({ page }) => {
  await signIn(page);
  await searchBox(page).fill("cafe");
  await expect(result(page, "Café Müller")).toBeVisible();
  const options = results(page).getByRole("option");
  await expect(options).toHaveCount(5);
  // The best hit is picked first; arrows walk down through the groups and back up.
  await expect(options.nth(0)).toHaveAttribute("data-combobox-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("data-combobox-selected", "true");
  await expect(options.nth(0)).not.toHaveAttribute("data-combobox-selected");
  await page.keyboard.press("ArrowDown");
  await isSelected(page, "Café menu.png");
  await page.keyboard.press("ArrowUp");
  await expect(options.nth(1)).toHaveAttribute("data-combobox-selected", "true");
  await page.keyboard.press("ArrowDown");
  await shot(page, "02-keyboard-selection");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/demo/containers/${ids.muller}\\?datastream=${ids.menu}$`));
  await expect(page.getByRole("dialog", { name: "Café menu.png" })).toBeVisible();
  await expect(results(page)).toBeHidden();
  await expect(searchBox(page)).toHaveValue("");
  await page.getByRole("button", { name: "Back", exact: true }).click();

  // Greek typed without tonos and in capitals finds the accented label; only the groups with hits are shown.
  await searchBox(page).fill("ΜΟΥΣΕΙΟ ακροπολης");
  await expect(result(page, "Μουσείο Ακρόπολης")).toBeVisible();
  await expect(groupLabel(page, "Containers")).toBeVisible();
  for (const name of ["Files", "Users", "Groups"]) await expect(groupLabel(page, name)).toHaveCount(0);
  await expect(result(page, "Μουσείο Ακρόπολης").locator("mark")).toHaveText(["Μουσείο", "Ακρόπολης"]);
  await isSelected(page, "Μουσείο Ακρόπολης");
  await shot(page, "03-greek-without-accents");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/demo/containers/${ids.museum}$`));
  await expect(page.getByRole("heading", { name: "Μουσείο Ακρόπολης", level: 2 })).toBeVisible();

  await searchBox(page).fill("staff");
  await isSelected(page, "Café staff");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/demo/settings/groups/${ids.group}$`));
  await expect(page.getByRole("dialog", { name: "Edit group" })).toBeVisible();
});

test("opens results with the mouse, tolerates a typo, and says 'No results'", async ({ page }) => {
  await signIn(page);
  await searchBox(page).fill("harbor");
  await expect(result(page, "Harbour office")).toBeVisible();
  await result(page, "Harbour office").click();
  await expect(page).toHaveURL(new RegExp(`/demo/containers/${ids.harbour}$`));

  await searchBox(page).fill("cafer");
  await result(page, "Cafer Öztürk").click();
  await expect(page).toHaveURL(new RegExp(`/demo/settings/users/${ids.user}$`));
  await expect(page.getByRole("dialog", { name: "Edit user" })).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("textbox", { name: "Username" })).toHaveValue("cafer");
  await page.keyboard.press("Escape");

  await searchBox(page).fill("zzqxv");
  await expect(results(page)).toContainText("No results");
  await expect(results(page).getByRole("option")).toHaveCount(0);
  await shot(page, "04-no-results");
});

test("shows a loader while searching and never shows an older answer over a newer one", async ({ page }) => {
  await signIn(page);
  let releaseOld: () => void = () => {};
  const oldHeld = new Promise<void>((resolve) => {
    releaseOld = resolve;
  });
  await page.route("**/api/search?*", async (route) => {
    if (new URL(route.request().url()).searchParams.get("q") === "harbour") await oldHeld;
    await route.continue().catch(() => {});
  });

  await searchBox(page).fill("harbour");
  await expect(results(page).getByText("Searching…")).toBeVisible();
  await expect(page.getByLabel("Searching…")).toBeVisible();
  await shot(page, "05-searching");

  await searchBox(page).fill("Café Müller");
  await expect(result(page, "Café Müller")).toBeVisible();
  releaseOld();
  await page.waitForTimeout(500);
  await expect(result(page, "Café Müller")).toBeVisible();
  await expect(result(page, "Harbour office")).toHaveCount(0);
  await expect(page.getByLabel("Searching…")).toHaveCount(0);
});
