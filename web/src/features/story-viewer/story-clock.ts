// The story clock an exporter drives (video frames, stills): with `clock="external"` the player does not move by
// itself; once every picture and font has settled it publishes `window.__repoxStoryClock`, and a headless browser
// renders any moment it likes:
//
//   await page.waitForFunction(() => window.__repoxStoryClock !== undefined);
//   const { durationMs, slides } = await page.evaluate(() => window.__repoxStoryClock);
//   for (let frame = 0; frame * 1000 / 30 < durationMs; frame++) {
//     await page.evaluate((t) => window.__repoxStoryClock.seek(t), frame * 1000 / 30);
//     await page.screenshot(...);                      // the frame at that time, the same on every machine
//   }
//   // a still of slide n at rest: seek(slides[n].restMs)
//   // frames whose frameKeys(times) are equal show the same picture: render the first, repeat it
//
// `missing` lists what could not be loaded (a picture shows its placeholder, a text the fallback font), so an export
// can refuse to render a blank and name the slide and element instead.
//
// `seek` answers once the frame for that time is committed and painted. Times are milliseconds on the story's time
// axis (timing.ts): slide n starts at slides[n].startMs.
import type { SlideTiming } from "./timing.ts";
import type { MissingMedia } from "./use-story-media.ts";

export type RepoxStoryClock = {
  /** The whole story, in ms: the sum of the slide durations. */
  durationMs: number;
  slides: SlideTiming[];
  /** Pictures ({uuid, from}) and fonts (CSS font queries) that failed to load or timed out. */
  missing: MissingMedia;
  /** Shows the story at `timeMs`; resolves after the frame is painted. */
  seek(timeMs: number): Promise<void>;
  /**
   * The frame key of each time (timing.ts frameKeyAt): equal keys show the same picture, so a video renders a run of
   * frames with one key once and repeats it.
   */
  frameKeys(timesMs: number[]): string[];
};

declare global {
  interface Window {
    __repoxStoryClock?: RepoxStoryClock;
  }
}

/** Two animation frames: the first runs after React's commit is styled, the second after it was painted. */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

export function publishStoryClock(clock: RepoxStoryClock): () => void {
  window.__repoxStoryClock = clock;
  return () => {
    if (window.__repoxStoryClock === clock) delete window.__repoxStoryClock;
  };
}
