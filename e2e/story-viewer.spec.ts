// The story viewer (spec 3 §2 /repox-story/{uuid}, §4 Story viewer): a two-slide story made through the API with a
// title, a text and a picture from the store, all animated. Driven by the exporter's clock it shows the same frame for
// the same time (mid-animation and at rest); in real time the keys, a swipe and the full-screen button move and show
// it; it keeps the story's proportions in any window; its pictures go through Cache Storage 'story-cache' first, and a
// picture that fails to load, or never answers, leaves a placeholder instead of stopping the story.
import { expect, type Page, type Route, test } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "./constants.ts";
import { signInThroughApi } from "./containers-model.ts";
import "./story-clock.ts";
import { shot } from "./pages.ts";
import { created, storePicture } from "./stories-model.ts";

test.describe.configure({ mode: "serial" });

const TENANT = "demo";
let storyId = "";
/** The administrator's session as the app keeps it (localStorage `authUser:{tenant}`), made once through the API. */
let authUser: unknown;

const animation = (enterAnimation: string, enterAnimationDelay: number, durationEnter: number, leaveAnimationDelay: number) => ({
  enterAnimation,
  enterAnimationDelay,
  durationEnter,
  leaveAnimation: "fadeOut",
  leaveAnimationDelay,
  durationLeave: 1000,
});

function storyOf(picture: string) {
  const text = (id: string, type: "TITLE" | "TEXT", box: number[], data: Record<string, unknown>, animated: unknown) => {
    const [x, y, width, height] = box;
    return { id, type, x, y, width, height, data, animation: animated };
  };
  return {
    title: "Harbour days",
    description: "Two slides by the sea",
    aspectRatio: "16:9",
    orientation: "LANDSCAPE",
    storyDetails: {
      screen: {
        slides: [
          {
            id: "s1",
            name: "Noon",
            duration: 6000,
            background: { color: "#1e3a5f" },
            elements: [
              text(
                "t1",
                "TITLE",
                [160, 100, 2240, 260],
                { text: "Harbour days", color: "#ffffff", fontSize: 180, fontFamily: "GFS Didot", fontWeight: 400, textAlign: "center" },
                animation("fadeInDown", 0, 1000, 5000),
              ),
              text(
                "x1",
                "TEXT",
                [160, 460, 1100, 700],
                {
                  text: "Ships come in at noon, the sails folded, the nets drying on the quay. Καλό ταξίδι!",
                  color: "#f1f3f5",
                  fontSize: 84,
                  fontFamily: "Roboto",
                  fontWeight: 300,
                },
                animation("fadeInLeft", 500, 1500, 5000),
              ),
              {
                id: "p1",
                type: "IMAGE",
                x: 1400,
                y: 460,
                width: 960,
                height: 640,
                zIndex: 2,
                rotation: 0,
                data: { uuid: picture, from: "store", lockAspectRatio: true, dimensionsAreSet: true },
                animation: animation("fadeIn", 1000, 1000, 5000),
              },
            ],
          },
          {
            id: "s2",
            name: "Evening",
            duration: 5000,
            background: { color: "#fff3bf" },
            elements: [
              text(
                "t2",
                "TITLE",
                [160, 200, 2240, 300],
                { text: "Evening", color: "#101010", fontSize: 200, fontFamily: "Open Sans", fontWeight: 700, textAlign: "center" },
                animation("fadeInUp", 0, 1000, 4000),
              ),
              text(
                "x2",
                "TEXT",
                [560, 700, 1440, 300],
                {
                  text: "Lights on the water",
                  color: "#343a40",
                  fontSize: 110,
                  fontFamily: "Ubuntu",
                  fontStyle: "italic",
                  textAlign: "center",
                },
                animation("fadeIn", 500, 1000, 4000),
              ),
            ],
          },
        ],
      },
    },
  };
}

const viewerPath = (query = "") => `/${TENANT}/repox-story/${storyId}${query}`;
const canvas = (page: Page) => page.locator("[data-story-canvas]");
const slideIndex = (page: Page) => page.locator("section[data-slide-index]");
const inner = (page: Page, elementId: string) => page.locator(`[data-element-id="${elementId}"] > div`);

/** Opens the viewer with the exporter's clock and waits until it is published (every picture and font settled). */
async function openDriven(page: Page) {
  await page.goto(viewerPath("?clock=external"));
  await page.waitForFunction(() => window.__repoxStoryClock !== undefined, undefined, { timeout: 45_000 });
}

async function seek(page: Page, timeMs: number) {
  await page.evaluate((t) => window.__repoxStoryClock?.seek(t), timeMs);
}

/**
 * Opens the app signed in, as a renderer would: the session goes into localStorage before the first script runs (the
 * login page has its own specs; on this busy machine it only slowed these down).
 */
async function signIn(page: Page) {
  await page.addInitScript(([key, user]) => localStorage.setItem(key, user), [`authUser:${TENANT}`, JSON.stringify(authUser)] as const);
}

test.beforeAll(async ({ request }) => {
  const session = await request.post("/api/auth/jwt", {
    headers: { "X-TenantID": TENANT },
    data: { username: "admin", password: E2E_ADMIN_PASSWORD },
  });
  expect(session.status()).toBe(200);
  authUser = await session.json();
  const headers = await signInThroughApi(request);
  const picture = await storePicture(request, headers, "sv", "Story pictures");
  storyId = (await created<{ uuid: string }>(request, headers, "/stories", storyOf(picture))).uuid;
});

test("a clock the exporter drives shows the same frame for the same time, mid-animation and at rest", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page);
  await openDriven(page);
  await expect(page.locator("[data-player-controls]")).toHaveCount(0);
  const clock = await page.evaluate(() => {
    const published = window.__repoxStoryClock;
    return { durationMs: published?.durationMs, slides: published?.slides, missing: published?.missing };
  });
  expect(clock.missing).toEqual({ pictures: [], fonts: [] });
  expect(clock.durationMs).toBe(11_000);
  expect(clock.slides).toEqual([
    { id: "s1", name: "Noon", startMs: 0, durationMs: 6000, restMs: 2000 },
    { id: "s2", name: "Evening", startMs: 6000, durationMs: 5000, restMs: 7500 },
  ]);

  // 1250 ms: the title has entered, the text is half way through its fadeInLeft, the picture a quarter into its fadeIn.
  await seek(page, 1250);
  await expect(page.locator('[data-element-id="t1"]')).toHaveAttribute("data-phase", "shown");
  await expect(page.locator('[data-element-id="x1"]')).toHaveAttribute("data-phase", "entering");
  await expect(page.locator('[data-element-id="p1"]')).toHaveAttribute("data-phase", "entering");
  const textOpacity = Number(await inner(page, "x1").evaluate((node) => getComputedStyle(node).opacity));
  expect(textOpacity).toBeGreaterThan(0.05);
  expect(textOpacity).toBeLessThan(0.95);
  const picture = page.locator('[data-element-id="p1"] img');
  expect(await picture.getAttribute("src")).toMatch(/^blob:/);
  expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(480);
  const midAnimation = await page.screenshot();
  await shot(page, "story-viewer-mid-animation");

  // At rest every element is fully shown.
  await seek(page, clock.slides?.[0]?.restMs ?? 0);
  for (const id of ["t1", "x1", "p1"]) {
    await expect(page.locator(`[data-element-id="${id}"]`)).toHaveAttribute("data-phase", "shown");
    expect(await inner(page, id).evaluate((node) => getComputedStyle(node).opacity)).toBe("1");
  }
  const atRest = await page.screenshot();
  await shot(page, "story-viewer-at-rest");
  expect(atRest.equals(midAnimation)).toBe(false);

  // The second slide, then back to the same moment: the same pixels, whatever happened in between.
  await seek(page, 7500);
  await expect(slideIndex(page)).toHaveAttribute("data-slide-index", "1");
  await shot(page, "story-viewer-slide-2-at-rest");
  await seek(page, 1250);
  expect((await page.screenshot()).equals(midAnimation)).toBe(true);

  // The picture went through the story cache.
  const cached = await page.evaluate(async () => (await (await caches.open("story-cache")).keys()).map((request) => request.url));
  expect(cached).toHaveLength(1);
  expect(cached[0]).toContain("story-cache/store%3A");
});

test("keys, a swipe and the full-screen button move through the story in real time", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page);
  await page.goto(viewerPath());
  // The loader stays until every picture and font has settled.
  await expect(slideIndex(page)).toHaveAttribute("data-slide-index", "0", { timeout: 30_000 });
  await expect(page).toHaveTitle("Harbour days");
  await expect(page.getByText("1 / 2")).toBeVisible();
  await shot(page, "story-viewer-playing");

  await page.keyboard.press("ArrowRight");
  await expect(slideIndex(page)).toHaveAttribute("data-slide-index", "1");
  await expect(page.getByText("2 / 2")).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(slideIndex(page)).toHaveAttribute("data-slide-index", "0");
  await page.keyboard.press("End");
  await expect(slideIndex(page)).toHaveAttribute("data-slide-index", "1");
  await page.keyboard.press("Home");
  await expect(slideIndex(page)).toHaveAttribute("data-slide-index", "0");
  await page.keyboard.press("Space");
  await expect(slideIndex(page)).toHaveAttribute("data-slide-index", "1");
  // Past the last slide the story starts again.
  await page.keyboard.press("ArrowRight");
  await expect(slideIndex(page)).toHaveAttribute("data-slide-index", "0");

  // A swipe to the left shows the next slide, to the right the previous one.
  await page.mouse.move(900, 360);
  await page.mouse.down();
  await page.mouse.move(500, 370, { steps: 5 });
  await page.mouse.up();
  await expect(slideIndex(page)).toHaveAttribute("data-slide-index", "1");
  await page.mouse.move(400, 360);
  await page.mouse.down();
  await page.mouse.move(800, 350, { steps: 5 });
  await page.mouse.up();
  await expect(slideIndex(page)).toHaveAttribute("data-slide-index", "0");

  // The buttons do the same; full screen shows the player alone.
  await page.getByRole("button", { name: "Next slide" }).click();
  await expect(slideIndex(page)).toHaveAttribute("data-slide-index", "1");
  await page.getByRole("button", { name: "Previous slide" }).click();
  await expect(slideIndex(page)).toHaveAttribute("data-slide-index", "0");
  const fullScreen = page.getByRole("button", { name: "Full screen" });
  await expect(fullScreen).toBeVisible();
  await fullScreen.click();
  await expect(page.getByRole("button", { name: "Exit full screen" })).toBeVisible();
  expect(await page.evaluate(() => document.fullscreenElement?.tagName)).toBe("SECTION");
  await page.getByRole("button", { name: "Exit full screen" }).click();
  await expect(fullScreen).toBeVisible();

  // Pausing stops the clock: the slide stays.
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
});

test("keeps the story's proportions in any window, with bars around it", async ({ page }) => {
  await signIn(page);
  for (const [name, viewport, expected] of [
    ["wide", { width: 1600, height: 600 }, { x: (1600 - (600 * 16) / 9) / 2, y: 0, width: (600 * 16) / 9, height: 600 }],
    ["tall", { width: 600, height: 1000 }, { x: 0, y: (1000 - (600 * 9) / 16) / 2, width: 600, height: (600 * 9) / 16 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await openDriven(page);
    await seek(page, 2000);
    const box = await canvas(page).boundingBox();
    expect(box?.x).toBeCloseTo(expected.x, 0);
    expect(box?.y).toBeCloseTo(expected.y, 0);
    expect(box?.width).toBeCloseTo(expected.width, 0);
    expect(box?.height).toBeCloseTo(expected.height, 0);
    await shot(page, `story-viewer-letterbox-${name}`);
  }
});

test("a picture that fails to load leaves its placeholder and the story plays", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page);
  await page.route("**/api/stories/*/pictures/**", (route) => route.abort());
  await openDriven(page);
  const missing = await page.evaluate(() => window.__repoxStoryClock?.missing);
  expect(missing?.fonts).toEqual([]);
  expect(missing?.pictures).toEqual([{ uuid: expect.any(String), from: "store" }]);
  await seek(page, 2000);
  const placeholder = page.locator('[data-element-id="p1"]').getByText("No image available");
  await expect(placeholder).toBeVisible();
  await expect(page.locator('[data-element-id="t1"]')).toContainText("Harbour days");
  await shot(page, "story-viewer-missing-picture");
});

test("a picture that never answers stops holding the story after its time limit", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page);
  const held: Route[] = [];
  await page.route("**/api/stories/*/pictures/**", (route) => {
    held.push(route);
  });
  const opened = Date.now();
  await openDriven(page);
  // The loader waited for the picture's time limit (20 s), then the story went on without it.
  expect(Date.now() - opened).toBeGreaterThan(19_000);
  expect(held.length).toBeGreaterThan(0);
  expect((await page.evaluate(() => window.__repoxStoryClock?.missing))?.pictures).toHaveLength(1);
  await seek(page, 2000);
  await expect(page.locator('[data-element-id="p1"]').getByText("No image available")).toBeVisible();
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
