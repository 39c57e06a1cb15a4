// A real IIIF viewer reads Repox (issue 16): Mirador (npm `mirador`, its built bundle served by this test on a site of
// its own, so every request to Repox is cross-origin) opens the manifest of a published container of three pictures,
// zooms in, and draws deep-zoom tiles the Image API cut (region other than `full`), each answered 200.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { apiCreator, signInThroughApi, uploadFile } from "./containers-model.ts";
import { shot } from "./pages.ts";

// Its CommonJS entry is the UMD bundle (dist/mirador.min.js) that defines `window.Mirador`, React included.
const MIRADOR_BUNDLE = createRequire(import.meta.url).resolve("mirador");
const QUADRANTS = [
  [220, 30, 30],
  [30, 160, 40],
  [30, 60, 220],
  [240, 200, 20],
] as const;

/** A 3000 × 2000 picture of four coloured quadrants with a white frame: large enough to need tiles when zoomed. */
function quadrantPicture(frame: string): Promise<Buffer> {
  const [w, h] = [3000, 2000];
  const rect = (x: number, y: number, [r, g, b]: readonly number[]) =>
    `<rect x="${x}" y="${y}" width="${w / 2}" height="${h / 2}" fill="rgb(${r},${g},${b})"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    ${rect(0, 0, QUADRANTS[0])}${rect(w / 2, 0, QUADRANTS[1])}${rect(0, h / 2, QUADRANTS[2])}${rect(w / 2, h / 2, QUADRANTS[3])}
    <rect x="20" y="20" width="${w - 40}" height="${h - 40}" fill="none" stroke="${frame}" stroke-width="40"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The share of a screenshot's pixels near each quadrant colour. */
async function colourShares(png: Buffer): Promise<number[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const counts = QUADRANTS.map(() => 0);
  for (let i = 0; i < data.length; i += 3) {
    const index = QUADRANTS.findIndex(
      ([r, g, b]) => Math.abs((data[i] ?? 0) - r) + Math.abs((data[i + 1] ?? 0) - g) + Math.abs((data[i + 2] ?? 0) - b) < 60,
    );
    if (index >= 0) counts[index] = (counts[index] ?? 0) + 1;
  }
  return counts.map((count) => count / (info.width * info.height));
}

/** A page that starts Mirador on one manifest, filling the window. */
function viewerPage(manifestUrl: string): string {
  const config = { id: "viewer", windows: [{ manifestId: manifestUrl }], workspaceControlPanel: { enabled: false } };
  return `<!doctype html><html><head><meta charset="utf-8"><title>Mirador</title></head>
    <body style="margin:0"><div id="viewer" style="position:absolute;inset:0"></div>
    <script src="/mirador.min.js"></script><script>Mirador.viewer(${JSON.stringify(config)});</script></body></html>`;
}

test("Mirador opens a manifest of three pictures, zooms in and draws the Image API's deep-zoom tiles", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const post = await apiCreator(request);
  const headers = await signInThroughApi(request);
  await post("/datastream_types", {
    dataStream: { code: "md-file", name: "MD File", layout: "DEFAULT", datastreamAcceptance: "" },
    properties: [],
  });
  const type = {
    code: "md-album",
    name: "MD Album",
    layout: "DEFAULT",
    containerAcceptance: "",
    datastreamAcceptance: "",
    allowedAtRoot: true,
  };
  await post("/container_types", { container: type, properties: [] });
  const album = await post<{ uuid: string }>("/containers", { label: "Harbour plates", type: "md-album", properties: [] });
  for (const [index, frame] of ["white", "black", "grey"].entries()) {
    const buffer = await quadrantPicture(frame);
    await uploadFile(request, album.uuid, { name: `plate-${index + 1}.png`, mimeType: "image/png", buffer }, "md-file");
  }
  expect((await request.post(`/api/containers/${album.uuid}/publish`, { headers })).status()).toBe(200);
  const manifestUrl = `${baseURL}/demo/iiif/3/manifest/${album.uuid}`;
  // A canvas appears once its picture's preview is made (a job).
  await expect
    .poll(async () => ((await (await request.get(manifestUrl)).json()) as { items: unknown[] }).items.length, { timeout: 60_000 })
    .toBe(3);

  // The viewer's page and bundle from a server of the test's own on another port: another origin than the app's, on
  // a loopback address, as Chromium lets only a local page fetch from a local address such as Repox's 127.0.0.1.
  const html = viewerPage(manifestUrl);
  const viewer = createServer((req, res) => {
    const isBundle = req.url === "/mirador.min.js";
    res.writeHead(200, { "content-type": isBundle ? "text/javascript" : "text/html; charset=utf-8" });
    res.end(isBundle ? readFileSync(MIRADOR_BUNDLE) : html);
  });
  await new Promise<void>((resolve) => viewer.listen(0, "127.0.0.1", resolve));
  const { port } = viewer.address() as AddressInfo;
  try {
    const tiles: { url: string; status: number }[] = [];
    const tilePattern = /\/demo\/iiif\/3\/[0-9a-f-]{36}\/([^/]+)\/([^/]+)\/0\/default\.jpg$/;
    page.on("response", (response) => {
      const match = tilePattern.exec(response.url());
      if (match && match[1] !== "full") tiles.push({ url: response.url(), status: response.status() });
    });

    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(page.getByText("Harbour plates").first()).toBeVisible({ timeout: 30_000 });
    const canvas = page.locator(".openseadragon-canvas canvas").first();
    await expect(canvas).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => Math.max(...(await colourShares(await canvas.screenshot()))), { timeout: 30_000 }).toBeGreaterThan(0.05);
    await shot(page, "01-mirador-manifest");

    const before = tiles.length;
    const box = await canvas.boundingBox();
    if (!box) throw new Error("Mirador drew no canvas");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let step = 0; step < 10; step++) await page.mouse.wheel(0, -400);
    // Deep zoom: tiles cut from a part of the 3000-pixel picture at most 1024 pixels wide (its two finest levels).
    const isDeepTile = (url: string) => Number(tilePattern.exec(url)?.[1]?.split(",")[2] ?? Number.POSITIVE_INFINITY) <= 1024;
    await expect.poll(() => tiles.slice(before).filter((tile) => isDeepTile(tile.url)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.waitForLoadState("networkidle");
    expect(tiles.filter((tile) => tile.status !== 200)).toEqual([]);
    // Zoomed in at the centre, where the four quadrants meet: each fills part of the view, drawn from tiles.
    await expect
      .poll(async () => (await colourShares(await canvas.screenshot())).filter((share) => share > 0.05).length, { timeout: 30_000 })
      .toBe(4);
    await shot(page, "02-mirador-zoomed-tiles");
  } finally {
    viewer.close();
  }
});
