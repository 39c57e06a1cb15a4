// Story stills (issue 13 "Exports"): a two-slide story exported from the editor's 'Download Story' dialog comes down
// as a ZIP of one 1920 × 1080 PNG per slide, and each PNG is what the viewer shows for that slide at rest in a window
// of that size, within a small pixel tolerance (text edges may be smoothed a little differently).
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN_PASSWORD } from "./constants.ts";
import { signInThroughApi } from "./containers-model.ts";
import "./story-clock.ts";
import { shot } from "./pages.ts";
import { createStory } from "./stories-model.ts";
import { readZip } from "./zip-entries.ts";

test.describe.configure({ mode: "serial" });

const TENANT = "demo";
const FHD = { width: 1920, height: 1080 };
/** A pixel counts as different when a channel differs by more than this; at most this share of pixels may. */
const CHANNEL_TOLERANCE = 48;
const MAX_DIFFERENT_SHARE = 0.005;

let storyId = "";
let authUser: unknown;

const title = (id: string, text: string, y: number, fontFamily: string, color: string) => ({
  id,
  type: "TITLE",
  x: 160,
  y,
  width: 2240,
  height: 300,
  data: { text, color, fontSize: 180, fontFamily, fontWeight: 700, textAlign: "center" },
  animation: {
    enterAnimation: "fadeInDown",
    enterAnimationDelay: 0,
    durationEnter: 1000,
    leaveAnimation: "fadeOut",
    leaveAnimationDelay: 4000,
    durationLeave: 1000,
  },
});

async function newStory(request: APIRequestContext): Promise<string> {
  const headers = await signInThroughApi(request);
  return createStory(request, headers, {
    title: "Harbour stills",
    description: "Two slides to export",
    slides: [
      {
        id: "s1",
        name: "Noon",
        duration: 5000,
        background: { color: "#1e3a5f" },
        elements: [title("t1", "Harbour days", 300, "Roboto", "#ffffff")],
      },
      {
        id: "s2",
        name: "Evening",
        duration: 5000,
        background: { color: "#fff3bf" },
        elements: [title("t2", "Evening", 600, "Ubuntu", "#101010")],
      },
    ],
  });
}

/** How many pixels of two same-sized PNGs differ by more than the tolerance in some channel, as a share. */
async function differentShare(a: Buffer, b: Buffer): Promise<number> {
  const [left, right] = await Promise.all([a, b].map((png) => sharp(png).removeAlpha().raw().toBuffer()));
  if (!left || !right || left.length !== right.length) throw new Error("the pictures differ in size");
  let different = 0;
  for (let at = 0; at < left.length; at += 3) {
    const channels = [0, 1, 2].map((offset) => Math.abs((left[at + offset] ?? 0) - (right[at + offset] ?? 0)));
    if (Math.max(...channels) > CHANNEL_TOLERANCE) different++;
  }
  return different / (left.length / 3);
}

async function viewerAtRest(page: Page, slide: number): Promise<Buffer> {
  const restMs = await page.evaluate((index) => window.__repoxStoryClock?.slides[index]?.restMs ?? -1, slide);
  expect(restMs).toBeGreaterThanOrEqual(0);
  await page.evaluate(async (t) => {
    await window.__repoxStoryClock?.seek(t);
    await document.fonts.ready;
  }, restMs);
  return page.screenshot({ type: "png" });
}

test.beforeAll(async ({ request }) => {
  const session = await request.post("/api/auth/jwt", {
    headers: { "X-TenantID": TENANT },
    data: { username: "admin", password: E2E_ADMIN_PASSWORD },
  });
  expect(session.status()).toBe(200);
  authUser = await session.json();
  storyId = await newStory(request);
});

test("stills exported from the editor are the viewer's slides at rest, 1920 × 1080 each", async ({ page }) => {
  test.setTimeout(180_000);
  await page.addInitScript(([key, user]) => localStorage.setItem(key, user), [`authUser:${TENANT}`, JSON.stringify(authUser)] as const);
  await page.goto(`/${TENANT}/stories/edit/${storyId}`);
  await page.getByRole("button", { name: "Download" }).click();
  const dialog = page.getByRole("dialog", { name: "Download Story" });
  await dialog.getByRole("button", { name: /^Stills FHD/ }).click();
  await shot(page, "01-download-stills-chosen");
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 150_000 }),
    dialog.getByRole("button", { name: "Export" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("Harbour stills - stills FHD.zip");
  const path = await download.path();
  const { readFile } = await import("node:fs/promises");
  const entries = await readZip(await readFile(path));
  expect([...entries.keys()]).toEqual(["01 Noon.png", "02 Evening.png"]);

  await page.setViewportSize(FHD);
  await page.goto(`/${TENANT}/repox-story/${storyId}?clock=external`);
  await page.waitForFunction(() => window.__repoxStoryClock !== undefined, undefined, { timeout: 45_000 });
  for (const [index, name] of ["01 Noon.png", "02 Evening.png"].entries()) {
    const still = entries.get(name) as Buffer;
    const metadata = await sharp(still).metadata();
    expect({ width: metadata.width, height: metadata.height }).toEqual(FHD);
    const viewed = await viewerAtRest(page, index);
    await shot(page, `0${index + 2}-viewer-at-rest-${index + 1}`);
    expect(await differentShare(still, viewed)).toBeLessThan(MAX_DIFFERENT_SHARE);
  }
});
