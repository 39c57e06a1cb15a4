// Launches Debian's Chromium headless through playwright-core (which downloads nothing when given the executable),
// for renders of pages of this very server: no sandbox (servers often run as root in containers), no GPU, and none of
// Chromium's own traffic (updates, sync, background fetches), so a render only ever talks to the page it opens.
import type { Browser } from "playwright-core";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const LAUNCH_TIMEOUT_MS = 60_000;

/** playwright-core is loaded with the first render: a server that never renders does not pay its start-up and memory. */
export async function launchChromium(executablePath: string): Promise<Browser> {
  const { chromium } = await import("playwright-core");
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS, timeout: LAUNCH_TIMEOUT_MS, handleSIGINT: false, handleSIGTERM: false });
}

/** Runs `work` with a fresh browser and always closes it, whatever `work` does. */
export async function withChromium<T>(executablePath: string, work: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await launchChromium(executablePath);
  try {
    return await work(browser);
  } finally {
    await browser.close().catch(() => undefined);
  }
}
