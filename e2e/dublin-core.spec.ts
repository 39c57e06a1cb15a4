// The administrator sets what OAI-PMH harvesters get: the Dublin Core mapping suggested from property names, a
// property added to an element, a collection type and the administrator's address, saved, and seen by a harvester's
// request to /demo/oai.
import { expect, type Page, test } from "@playwright/test";
import { shot, signIn } from "./pages.ts";

async function api(page: Page, method: "POST" | "GET", path: string, data?: unknown) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("authUser:demo") ?? "{}").jwtToken as string);
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "X-TenantID": "demo" },
    data,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

test("administrator maps properties to Dublin Core and a harvester sees it", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await api(page, "POST", "/properties", { propertyKey: "headline", displayName: "Title", propertyType: "text" });
  await api(page, "POST", "/properties", { propertyKey: "shelfmark", displayName: "Shelfmark", propertyType: "text" });
  const properties = [
    { propertyKey: "headline", position: 0 },
    { propertyKey: "shelfmark", position: 1 },
  ];
  const type = { code: "album", name: "Album", layout: "DEFAULT", containerAcceptance: "", datastreamAcceptance: "", allowedAtRoot: true };
  await api(page, "POST", "/container_types", { container: type, properties });
  const value = (text: string) => JSON.stringify({ values: text, qualifiers: [] });
  const album = await api(page, "POST", "/containers", {
    label: "album-7",
    type: "album",
    properties: [
      { key: "headline", value: value("Harbour, 1920s") },
      { key: "shelfmark", value: value("PH 7") },
    ],
  });
  await api(page, "POST", `/containers/${album.uuid}/publish`);

  await page.getByRole("navigation").getByRole("link", { name: "Content Model" }).click();
  await page
    .getByRole("main")
    .getByRole("link", { name: /^Dublin Core Mapping/ })
    .click();
  await expect(page).toHaveURL(/\/demo\/settings\/content-model\/dublin-core$/);
  await expect(page.getByTestId("oai-endpoint")).toHaveText(/\/demo\/oai$/);
  await expect(page.getByText("Suggested from the properties' names.")).toBeVisible();
  // The suggestion: the property named Title fills dc:title (a pill in its field).
  await expect(page.getByRole("main").getByText("Title (headline)", { exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByText("Shelfmark (shelfmark)", { exact: true })).toBeHidden();
  await shot(page, "01-suggested-mapping");

  await page.getByRole("combobox", { name: "dc:identifier" }).click();
  await page.getByRole("option", { name: "Shelfmark (shelfmark)" }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("combobox", { name: "Collection types" }).click();
  await page.getByRole("option", { name: "Album" }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("textbox", { name: "Administrator's e-mail" }).fill("archive@example.org");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully updated")).toBeVisible();
  await expect(page.getByText("Suggested from the properties' names.")).toBeHidden();
  await shot(page, "02-saved-mapping");

  const identify = await (await page.request.get("/demo/oai?verb=Identify")).text();
  expect(identify).toContain("<adminEmail>archive@example.org</adminEmail>");
  const record = await (await page.request.get(`/demo/oai?verb=ListRecords&metadataPrefix=oai_dc`)).text();
  expect(record).toContain("<dc:title>Harbour, 1920s</dc:title>");
  expect(record).toContain("<dc:identifier>PH 7</dc:identifier>");

  await page.reload();
  await expect(page.getByRole("main").getByText("Shelfmark (shelfmark)", { exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByText("Album", { exact: true })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Administrator's e-mail" })).toHaveValue("archive@example.org");
});
