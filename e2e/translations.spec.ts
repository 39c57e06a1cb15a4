// Whole translations (issue 11): the UI language chosen in the top bar reaches every screen — counted rows in
// their plural forms, the empty state, list columns, a confirmation dialog, the general settings — dates are
// written the language's way, and the language picker of qualifiers names languages in the UI language and
// finds them by that name. Greek (one/other plurals) and Serbian in Latin script (one/few/other).
import { expect, type Page, test } from "@playwright/test";
import { apiCreator } from "./containers-model.ts";
import { shot, signIn } from "./pages.ts";

// Each test walks many screens; on a busy machine a folder's children arrive seconds after its header.
test.describe.configure({ mode: "serial", timeout: 120_000 });
const LOADED = { timeout: 20_000 };

test.beforeAll(async ({ request }) => {
  const post = await apiCreator(request);
  await post("/container_types", { container: { code: "tr-folder", name: "TR Folder", allowedAtRoot: true }, properties: [] });
  const container = async (label: string, parent: string | null) =>
    (await post<{ uuid: string }>(`/containers${parent ? `?to=${parent}` : ""}`, { label, type: "tr-folder", properties: [] })).uuid;
  const archive = await container("TR Archive", null);
  // Children of one, two and five folders: the plural forms of Greek (one/other) and Serbian (one/few/other).
  for (const [label, children] of [
    ["TR Letters", 1],
    ["TR Maps", 2],
    ["TR Photos", 5],
  ] as const) {
    const parent = await container(label, archive);
    for (let index = 1; index <= children; index += 1) await container(`${label} ${index}`, parent);
  }
  await container("TR Empty", archive);
});

const tile = (page: Page, label: string) => page.getByRole("option", { name: label, exact: true });
const menuItem = (page: Page, name: string) => page.getByRole("menuitem", { name, exact: true });

/** Today as the content area writes it in `locale`: day, month name and year. */
const today = (locale: string) => new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric" }).format(new Date());

/** Moves within the app as a user does (full page loads are slow on a busy machine and prove nothing here). */
async function openFolder(page: Page, label: string) {
  await tile(page, label).dblclick();
  await expect(page.getByRole("heading", { name: label, level: 2 })).toBeVisible(LOADED);
}

async function openQualifiers(page: Page, contentModel: string, qualifiers: string) {
  await page.getByRole("link", { name: contentModel }).first().click();
  await page.getByRole("link", { name: new RegExp(`^${qualifiers}`) }).click();
}

/**
 * My Content has its folders: the page has settled. Once in CI (a busy machine) the language menu, opened the moment
 * sign-in landed, closed again before its item could be clicked; the cause is not found yet (see the closing note).
 */
async function waitForMyContent(page: Page) {
  await expect(tile(page, "TR Archive")).toBeVisible(LOADED);
}

async function chooseLanguage(page: Page, menuLabel: string, name: RegExp) {
  await page.getByRole("button", { name: menuLabel, exact: true }).click();
  await page.getByRole("menuitem", { name }).click();
}

test("Greek reaches the content area, a confirmation, the settings and the language picker", async ({ page }) => {
  await signIn(page);
  await waitForMyContent(page);
  await chooseLanguage(page, "Language", /^Greek/);
  await expect(page.getByRole("button", { name: "Γλώσσα", exact: true })).toBeVisible();

  // Counted rows in the singular and the plural.
  await openFolder(page, "TR Archive");
  await expect(tile(page, "TR Letters")).toContainText("1 φάκελος και 0 αρχεία", LOADED);
  await expect(tile(page, "TR Maps")).toContainText("2 φάκελοι και 0 αρχεία");
  await expect(tile(page, "TR Photos")).toContainText("5 φάκελοι και 0 αρχεία");
  await expect(page.getByText(/folder/)).toHaveCount(0);

  // A selection, its context menu and the removal confirmation.
  await tile(page, "TR Letters").click();
  await tile(page, "TR Maps").click({ modifiers: ["ControlOrMeta"] });
  await expect(page.getByText("2 επιλεγμένα")).toBeVisible();
  await tile(page, "TR Maps").click({ button: "right" });
  await menuItem(page, "Αφαίρεση").click();
  const confirm = page.getByRole("dialog", { name: "Επιβεβαίωση αφαίρεσης" });
  await expect(confirm).toContainText("Είστε βέβαιοι ότι θέλετε να μετακινήσετε τα 2 επιλεγμένα στοιχεία στον κάδο;");
  await expect(confirm).not.toContainText("Are you sure");
  await shot(page, "01-greek-remove-confirmation");
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);

  // The empty state.
  await openFolder(page, "TR Empty");
  await expect(page.getByText("Δεν έχει προστεθεί περιεχόμενο")).toBeVisible(LOADED);
  await expect(page.getByText("Δημιουργήστε έναν φάκελο για να αρχίσετε να προσθέτετε περιεχόμενο.")).toBeVisible();
  await expect(page.getByText("Create a container to start adding content.")).toHaveCount(0);
  await shot(page, "02-greek-empty-folder");
  await page.goBack();

  // The list: column names and dates in Greek.
  await page.getByRole("button", { name: "Προβολή λίστας" }).click();
  await expect(page.getByRole("columnheader", { name: "Ετικέτα" })).toBeVisible(LOADED);
  await expect(page.getByRole("columnheader", { name: "Δημιουργήθηκε" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Created At" })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: "TR Maps" })).toContainText(today("el"));
  await shot(page, "03-greek-list");

  // The general settings.
  await page.getByRole("link", { name: "Γενικά" }).click();
  await expect(page.getByRole("heading", { name: "Γενικά" })).toBeVisible(LOADED);
  await expect(page.getByRole("columnheader", { name: "Τιμή" })).toBeVisible(LOADED);
  await expect(page.getByRole("columnheader", { name: "Value" })).toHaveCount(0);
  await shot(page, "04-greek-settings");

  // The top-bar menu names the languages in Greek, each with its own name beside it.
  await page.getByRole("button", { name: "Γλώσσα", exact: true }).click();
  await expect(page.getByRole("menuitem", { name: /^Ιταλικά\s*Italiano$/ })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: /^Σερβικά\s*Srpski$/ })).toBeVisible();
  await shot(page, "05-greek-language-menu");
  await page.keyboard.press("Escape");

  // The languages of a qualifier, named in Greek and found by their Greek name.
  await openQualifiers(page, "Μοντέλο περιεχομένου", "Προσδιοριστές");
  await page.getByRole("button", { name: "Δημιουργία προσδιοριστή" }).click();
  const dialog = page.getByRole("dialog", { name: "Δημιουργία προσδιοριστή" });
  await dialog.getByRole("combobox", { name: "Τιμές" }).fill("Γερμ");
  await expect(page.getByRole("option", { name: "Γερμανικά (de)", exact: true })).toBeVisible(LOADED);
  await expect(page.getByRole("option", { name: "German (de)" })).toHaveCount(0);
  await shot(page, "06-greek-language-picker");
  await page.getByRole("option", { name: "Γερμανικά (de)", exact: true }).click();
  await expect(dialog.getByText("Γερμανικά (de)")).toBeVisible();
});

test("Serbian (Latin script) counts one, few and other, and names languages in Serbian", async ({ page }) => {
  await signIn(page);
  await waitForMyContent(page);
  await chooseLanguage(page, "Language", /^Serbian/);
  await expect(page.getByRole("button", { name: "Jezik", exact: true })).toBeVisible();

  await openFolder(page, "TR Archive");
  await expect(tile(page, "TR Letters")).toContainText("1 fascikla i 0 datoteka", LOADED);
  await expect(tile(page, "TR Maps")).toContainText("2 fascikle i 0 datoteka");
  await expect(tile(page, "TR Photos")).toContainText("5 fascikli i 0 datoteka");
  await tile(page, "TR Letters").click();
  await tile(page, "TR Maps").click({ modifiers: ["ControlOrMeta"] });
  await expect(page.getByText("2 izabrane stavke")).toBeVisible();
  await shot(page, "07-serbian-grid");

  await page.getByRole("button", { name: "Prikaz liste" }).click();
  await expect(page.getByRole("columnheader", { name: "Napravljeno" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "TR Maps" })).toContainText(today("sr-Latn"));
  await shot(page, "08-serbian-list");

  await page.getByRole("link", { name: "Opšte" }).click();
  await expect(page.getByRole("heading", { name: "Opšte" })).toBeVisible(LOADED);
  await expect(page.getByRole("columnheader", { name: "Vrednost" })).toBeVisible(LOADED);

  await openQualifiers(page, "Model sadržaja", "Kvalifikatori");
  await page.getByRole("button", { name: "Napravi kvalifikator" }).click();
  const dialog = page.getByRole("dialog", { name: "Napravi kvalifikator" });
  await dialog.getByRole("combobox", { name: "Vrednosti" }).fill("Nemač");
  await expect(page.getByRole("option", { name: "Nemački (de)", exact: true })).toBeVisible(LOADED);
  await expect(page.getByRole("option", { name: "German (de)" })).toHaveCount(0);
  await shot(page, "09-serbian-language-picker");
});
