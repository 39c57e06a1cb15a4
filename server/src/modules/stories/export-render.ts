// Opens the real story viewer (/{tenant}/repox-story/{uuid}?clock=external) in headless Chromium, signed in as the
// user who asked for the export, with the window the size of the frame so the stage fills it exactly (the viewer
// scales the canvas to fit). Once the viewer has settled every picture and font it publishes
// window.__repoxStoryClock (web story-clock.ts); the render then seeks it and takes screenshots. Video frames are taken
// as JPEG straight through the DevTools protocol (one round trip, encoded for speed), stills as PNG through Playwright.
import type { AuthUser } from "@repox/contracts";
import type { Browser, Page } from "playwright-core";

/** What the viewer publishes, without its `seek`. */
export type ViewerClock = {
  durationMs: number;
  slides: { id: string; name: string; startMs: number; durationMs: number; restMs: number }[];
  missing: { pictures: { uuid: string; from: string }[]; fonts: string[] };
};

export type ViewerPageOptions = {
  origin: string;
  tenantCode: string;
  storyId: string;
  /** The session the viewer reads from localStorage `authUser:{tenant}` (the answer of /api/auth/jwt). */
  session: AuthUser;
  width: number;
  height: number;
  /** How long the viewer may take to load the story, its pictures and fonts. */
  loadTimeoutMs: number;
};

export type ViewerPage = {
  clock: ViewerClock;
  /** The frame at `timeMs` on the story's time axis, painted, as PNG. */
  frameAt(timeMs: number): Promise<Buffer>;
  /** The same as JPEG, as a video frame. */
  videoFrameAt(timeMs: number): Promise<Buffer>;
  /** The viewer's frame key of each time: equal keys, equal pictures (web timing.ts frameKeyAt). */
  frameKeys(timesMs: number[]): Promise<string[]>;
};

/** JPEG quality of video frames: ffmpeg re-encodes them, so little is gained above this. */
const VIDEO_FRAME_QUALITY = 90;

declare global {
  interface Window {
    __repoxStoryClock?: ViewerClock & { seek(timeMs: number): Promise<void>; frameKeys(timesMs: number[]): string[] };
  }
}

export async function openViewerPage(browser: Browser, options: ViewerPageOptions): Promise<ViewerPage> {
  const context = await browser.newContext({
    viewport: { width: options.width, height: options.height },
    deviceScaleFactor: 1,
    // Frames must not depend on the machine's settings.
    reducedMotion: "no-preference",
    locale: "en-GB",
    timezoneId: "UTC",
  });
  await context.addInitScript(
    ({ key, value }) => {
      localStorage.setItem(key, value);
    },
    { key: `authUser:${options.tenantCode}`, value: JSON.stringify(options.session) },
  );
  const page: Page = await context.newPage();
  const url = `${options.origin}/${encodeURIComponent(options.tenantCode)}/repox-story/${encodeURIComponent(options.storyId)}?clock=external`;
  await page.goto(url, { timeout: options.loadTimeoutMs });
  await page.waitForFunction(() => window.__repoxStoryClock !== undefined, undefined, { timeout: options.loadTimeoutMs });
  const clock = await page.evaluate(() => {
    const published = window.__repoxStoryClock as NonNullable<Window["__repoxStoryClock"]>;
    return { durationMs: published.durationMs, slides: published.slides, missing: published.missing };
  });
  const cdp = await context.newCDPSession(page);
  const seek = (timeMs: number) =>
    page.evaluate(async (at) => {
      await window.__repoxStoryClock?.seek(at);
      await document.fonts.ready;
    }, timeMs);
  return {
    clock,
    async frameAt(timeMs) {
      await seek(timeMs);
      return page.screenshot({ type: "png", animations: "allow", caret: "initial" });
    },
    async videoFrameAt(timeMs) {
      await seek(timeMs);
      const shot = await cdp.send("Page.captureScreenshot", { format: "jpeg", quality: VIDEO_FRAME_QUALITY, optimizeForSpeed: true });
      return Buffer.from(shot.data, "base64");
    },
    frameKeys(timesMs) {
      return page.evaluate((times) => window.__repoxStoryClock?.frameKeys(times) ?? [], timesMs);
    },
  };
}
