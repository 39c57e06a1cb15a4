// The offline viewer export (spec 3 §7 `POST /api/stories/{id}/export {format: 'VIEWER'}`): a two-slide story made
// through the API, exported, unzipped into a folder and opened from file:// in Chromium with the network off. It plays:
// slide 1 with its picture, its font and a YouTube element shown as a poster with the link, then slide 2 by itself
// after slide 1's duration, and the keys move between them. Nothing asks for an http(s) address.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { signInThroughApi } from "./containers-model.ts";
import { harbourPicture } from "./media-files.ts";
import { shot } from "./pages.ts";
import { readZip } from "./zip-entries.ts";

test.describe.configure({ mode: "serial" });

const SLIDE_1_MS = 5000;
let folder = "";
let files = new Map<string, Buffer>();

const animation = {
  enterAnimation: "fadeIn",
  enterAnimationDelay: 0,
  durationEnter: 500,
  leaveAnimation: "fadeOut",
  leaveAnimationDelay: 3000,
  durationLeave: 500,
};

function storyOf(picture: string) {
  const box = (id: string, type: string, [x, y, width, height]: number[], data: Record<string, unknown>) => ({
    id,
    type,
    x,
    y,
    width,
    height,
    data,
    animation,
  });
  return {
    title: "Harbour offline",
    description: "Two slides that play from a folder",
    aspectRatio: "16:9",
    orientation: "LANDSCAPE",
    storyDetails: {
      screen: {
        slides: [
          {
            id: "s1",
            name: "Dawn",
            duration: SLIDE_1_MS,
            background: { color: "#1e3a5f" },
            elements: [
              box("t1", "TITLE", [160, 80, 2240, 240], {
                text: "Harbour at dawn",
                color: "#ffffff",
                fontSize: 170,
                fontFamily: "GFS Didot",
                fontWeight: 400,
                textAlign: "center",
              }),
              box("p1", "IMAGE", [160, 420, 1000, 667], { uuid: picture, from: "stories", lockAspectRatio: true, dimensionsAreSet: true }),
              box("y1", "YOUTUBE", [1400, 500, 1000, 563], {
                url: "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
                id: "aqz-KE-bpKQ",
                lockAspectRatio: true,
              }),
            ],
          },
          {
            id: "s2",
            name: "Evening",
            duration: 60_000,
            background: { color: "#fff3bf" },
            elements: [
              box("x2", "TEXT", [360, 600, 1840, 300], {
                text: "Lights on the water",
                color: "#343a40",
                fontSize: 120,
                fontFamily: "Ubuntu",
                fontWeight: 500,
                textAlign: "center",
              }),
            ],
          },
        ],
      },
    },
  };
}

test.beforeAll(async ({ request }) => {
  const headers = await signInThroughApi(request);
  const upload = await request.post("/api/assets", {
    headers,
    multipart: {
      data: JSON.stringify({ type: "IMAGE", label: "Harbour", properties: [] }),
      file: { name: "harbour.png", mimeType: "image/png", buffer: await harbourPicture() },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const picture = ((await upload.json()) as { uuid: string }).uuid;
  const story = await request.post("/api/stories", { headers, data: storyOf(picture) });
  expect(story.status(), await story.text()).toBe(201);
  const storyId = ((await story.json()) as { uuid: string }).uuid;

  const exported = await request.post(`/api/stories/${storyId}/export`, { headers, data: { format: "VIEWER" } });
  expect(exported.status(), exported.ok() ? "" : await exported.text()).toBe(200);
  expect(exported.headers()["content-type"]).toBe("application/zip");
  files = await readZip(await exported.body());
  folder = mkdtempSync(join(tmpdir(), "repox-offline-story-"));
  for (const [path, data] of files) {
    if (path.endsWith("/")) continue;
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), data);
  }
});

test.afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Cuts the page off the network: offline, and any http(s) request aborted and noted. */
async function offline(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.context().setOffline(true);
  await page.context().route(/^https?:\/\//, (route) => {
    asked.push(route.request().url());
    return route.abort("internetdisconnected");
  });
  return asked;
}

const player = (page: Page) => page.locator("section[data-slide-index]");

test("the exported ZIP holds one index.html, the viewer, story.js and the picture", () => {
  const paths = [...files.keys()];
  expect(paths).toEqual(expect.arrayContaining(["index.html", "viewer.js", "viewer.css", "story.js"]));
  expect(paths.filter((path) => path === "index.html")).toHaveLength(1);
  expect(paths.filter((path) => path.startsWith("media/"))).toHaveLength(1);
  expect(new Set(paths.filter((path) => path.startsWith("fonts/")).map((path) => path.split("/")[1]))).toEqual(
    new Set(["gfs-didot", "ubuntu"]),
  );
});

test("index.html opened from file:// with the network off plays slide 1, then slide 2 by itself, and the keys move", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const asked = await offline(page);
  await page.goto(pathToFileURL(join(folder, "index.html")).href);
  await expect(page).toHaveTitle("Harbour offline");

  // Slide 1: its title in its own font, its picture from media/, the YouTube element as a poster with the link.
  await expect(player(page)).toHaveAttribute("data-slide-index", "0", { timeout: 20_000 });
  await expect(page.getByText("Harbour at dawn")).toBeVisible();
  const picture = page.locator('[data-element-id="p1"] img');
  await expect(picture).toHaveJSProperty("complete", true);
  expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  expect(await picture.getAttribute("src")).toMatch(/^media\/stories-[0-9a-f-]+\.png$/);
  expect(await page.evaluate(() => document.fonts.check('400 170px "GFS Didot"', "Harbour"))).toBe(true);
  const poster = page.locator('[data-element-id="y1"]');
  await expect(poster.getByText("Watch this video on YouTube")).toBeVisible();
  await expect(poster.getByRole("link", { name: "https://www.youtube.com/watch?v=aqz-KE-bpKQ" })).toHaveAttribute(
    "href",
    "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
  );
  await expect(page.locator("iframe")).toHaveCount(0);
  await shot(page, "offline-slide-1");

  // Slide 2 comes by itself once slide 1's duration is over.
  await expect(player(page)).toHaveAttribute("data-slide-index", "1", { timeout: SLIDE_1_MS + 5000 });
  await expect(page.getByText("Lights on the water")).toBeVisible();
  await expect(page.getByText("Harbour at dawn")).toHaveCount(0);
  expect(await page.evaluate(() => document.fonts.check('500 120px "Ubuntu"', "Lights"))).toBe(true);
  await shot(page, "offline-slide-2");

  // The viewer's keys: Home goes back to slide 1, → on to slide 2 at once.
  await page.keyboard.press("Home");
  await expect(player(page)).toHaveAttribute("data-slide-index", "0");
  await expect(page.getByText("Harbour at dawn")).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(player(page)).toHaveAttribute("data-slide-index", "1");
  await expect(page.getByText("Lights on the water")).toBeVisible();

  expect(asked).toEqual([]);
});
