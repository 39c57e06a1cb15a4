// A container's IIIF manifest from the content area (issue 16): no link while it is private; once published, the
// 'IIIF manifest' link opens the manifest in a new tab and the copy button copies its address; unpublished, it goes.
import { expect, type Page, test } from "@playwright/test";
import { uploadFile } from "./containers-model.ts";
import { harbourPicture } from "./media-files.ts";
import { shot, signIn } from "./pages.ts";

async function api(page: Page, path: string, data?: unknown) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("authUser:demo") ?? "{}").jwtToken as string);
  const response = await page.request.post(`/api${path}`, { headers: { Authorization: `Bearer ${token}`, "X-TenantID": "demo" }, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

test("a published container shows its IIIF manifest link and copy button; the link opens the manifest", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page);
  await api(page, "/datastream_types", {
    dataStream: { code: "iiif-file", name: "IIIF File", layout: "DEFAULT", datastreamAcceptance: "" },
    properties: [],
  });
  const type = {
    code: "iiif-album",
    name: "IIIF Album",
    layout: "DEFAULT",
    containerAcceptance: "",
    datastreamAcceptance: "",
    allowedAtRoot: true,
  };
  await api(page, "/container_types", { container: type, properties: [] });
  const album = await api(page, "/containers", { label: "Harbour album", type: "iiif-album", properties: [] });
  await uploadFile(page.request, album.uuid, { name: "harbour.png", mimeType: "image/png", buffer: await harbourPicture() }, "iiif-file");

  await page.goto(`/demo/containers/${album.uuid}`);
  const main = page.getByRole("main");
  const title = main.getByRole("heading", { name: "Harbour album", level: 2 });
  await expect(title).toBeVisible();
  // The title's row: the badge, Publish/Unpublish and the manifest link (the details panel repeats the first two).
  const header = title.locator("xpath=..");
  await expect(header.getByText("Private", { exact: true })).toBeVisible();
  await expect(main.getByRole("link", { name: "IIIF manifest" })).toBeHidden();
  await shot(page, "01-private-no-manifest-link");

  await header.getByRole("button", { name: "Publish" }).click();
  const link = main.getByRole("link", { name: "IIIF manifest" });
  await expect(link).toBeVisible();
  const manifestUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? 18900}/demo/iiif/3/manifest/${album.uuid}`;
  await expect(link).toHaveAttribute("href", manifestUrl);
  await shot(page, "02-published-manifest-link");

  await link.locator("xpath=../..").getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(manifestUrl);

  const [tab] = await Promise.all([page.waitForEvent("popup"), link.click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(manifestUrl);
  const manifest = JSON.parse((await tab.locator("body").innerText()) || "{}");
  expect(manifest).toMatchObject({ type: "Manifest", id: manifestUrl, label: { en: ["Harbour album"] } });
  await shot(tab, "03-manifest-opened");
  await tab.close();

  await header.getByRole("button", { name: "Unpublish" }).click();
  await expect(header.getByText("Private", { exact: true })).toBeVisible();
  await expect(main.getByRole("link", { name: "IIIF manifest" })).toBeHidden();
  expect((await page.request.get(manifestUrl)).status()).toBe(404);
});
