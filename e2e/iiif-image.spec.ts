// A IIIF viewer on another site reads a published picture through the Image API: the administrator publishes the
// container in My Content, a page on another origin fetches info.json (CORS) and lays the tiles it describes out in
// a grid of <img> (cross-origin images), then a gray, mirrored and turned version; unpublishing takes it away.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { apiCreator, signInThroughApi } from "./containers-model.ts";
import { harbourPicture } from "./media-files.ts";
import { shot, signIn } from "./pages.ts";

const FILE_TYPE = { code: "ii-picture", name: "II Picture" };
const FOLDER_TYPE = { code: "ii-album", name: "II Album" };
const ALBUM = "II Harbour prints";
let picture: string;
/** The other site: a plain HTTP server of its own on another port, serving only the viewer page. */
let site: Server;

const tile = (page: Page, label: string) => page.getByRole("option", { name: label, exact: true });

/** The viewer: plain HTML of another origin, with no Repox code, as any IIIF client would be. */
const VIEWER = `<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0;font-family:sans-serif">
<h1 id="status">Loading…</h1><div id="grid" style="position:relative"></div><div id="extras"></div>
<script>
async function show(service) {
  const answer = await fetch(service + "/info.json", { headers: { Accept: "application/ld+json" } });
  if (!answer.ok) { document.getElementById("status").textContent = "Not available (" + answer.status + ")"; return; }
  const info = await answer.json();
  const size = info.tiles[0].width;
  const grid = document.getElementById("grid");
  grid.style.width = info.width + "px";
  grid.style.height = info.height + "px";
  const loads = [];
  for (let y = 0; y < info.height; y += size) {
    for (let x = 0; x < info.width; x += size) {
      const w = Math.min(size, info.width - x), h = Math.min(size, info.height - y);
      const img = new Image();
      img.className = "tile";
      img.style.cssText = "position:absolute;left:" + x + "px;top:" + y + "px";
      img.src = info.id + "/" + [x, y, w, h].join(",") + "/" + w + ",/0/default.jpg";
      grid.append(img);
      loads.push(img.decode());
    }
  }
  for (const variant of ["full/240,/0/gray.png", "full/240,/!0/default.png", "full/240,/90/default.webp"]) {
    const img = new Image();
    img.className = "variant";
    img.src = info.id + "/" + variant;
    document.getElementById("extras").append(img);
    loads.push(img.decode());
  }
  await Promise.all(loads);
  document.getElementById("status").textContent = info.type + " " + info.profile + " " + info.width + "×" + info.height;
}
show(new URLSearchParams(location.search).get("service")).catch((error) => {
  document.getElementById("status").textContent = "Failed: " + error;
});
</script></body></html>`;

test.beforeAll(async () => {
  site = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(VIEWER));
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

test.beforeAll(async ({ request }) => {
  const post = await apiCreator(request);
  await post("/datastream_types", { dataStream: FILE_TYPE, properties: [] });
  await post("/container_types", {
    container: { ...FOLDER_TYPE, allowedAtRoot: true, datastreamAcceptance: FILE_TYPE.code },
    properties: [],
  });
  const album = (await post<{ uuid: string }>("/containers", { label: ALBUM, type: FOLDER_TYPE.code, properties: [] })).uuid;
  // Large enough for a 3 × 2 grid of 512-pixel tiles.
  const content = await sharp(await harbourPicture())
    .resize(1200, 800)
    .png()
    .toBuffer();
  const headers = await signInThroughApi(request);
  const upload = await request.post(`/api/datastreams?to=${album}`, {
    headers,
    multipart: {
      data: { name: "data", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ type: FILE_TYPE.code })) },
      file: { name: "harbour.png", mimeType: "image/png", buffer: content },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  picture = ((await upload.json()) as { uuid: string }[])[0]?.uuid ?? "";
});

test("a viewer on another site shows a published picture's tiles and versions, until it is unpublished", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const app = new URL(baseURL ?? "");
  // Another port is another origin: the viewer's requests are cross-origin, as from another site.
  const { port } = site.address() as AddressInfo;
  const viewer = `http://127.0.0.1:${port}/viewer.html?service=${encodeURIComponent(`${app.origin}/demo/iiif/3/${picture}`)}`;

  await page.goto(viewer);
  await expect(page.locator("#status")).toHaveText("Not available (404)");

  await signIn(page);
  await tile(page, ALBUM).click();
  const details = page.getByRole("complementary", { name: "Details" });
  await details.getByRole("button", { name: "Publish" }).click();
  await expect(details.getByText("Published", { exact: true })).toBeVisible();
  await shot(page, "01-published-album");

  await page.goto(viewer);
  await expect(page.locator("#status")).toHaveText("ImageService3 level2 1200×800");
  const tiles = page.locator("img.tile");
  await expect(tiles).toHaveCount(6);
  const sizes = await tiles.evaluateAll((images) =>
    images.map((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]),
  );
  expect(sizes).toEqual([
    [512, 512],
    [512, 512],
    [176, 512],
    [512, 288],
    [512, 288],
    [176, 288],
  ]);
  const variants = await page
    .locator("img.variant")
    .evaluateAll((images) => images.map((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]));
  expect(variants).toEqual([
    [240, 160],
    [240, 160],
    [160, 240],
  ]);
  await shot(page, "02-viewer-on-another-site");

  await page.goto("/demo/containers");
  await tile(page, ALBUM).click();
  await details.getByRole("button", { name: "Unpublish" }).click();
  await expect(details.getByText("Private")).toBeVisible();
  await page.goto(viewer);
  await expect(page.locator("#status")).toHaveText("Not available (404)");
  await shot(page, "03-unpublished");
});
