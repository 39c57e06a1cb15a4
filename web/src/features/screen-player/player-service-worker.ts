// Registers the player's service worker (web/public/player-sw.js), scoped to this tenant's player page, and hands it
// the files this page already loaded (they arrived before it took control), so a reload offline finds them all; and
// after each switch of story, the media that story uses, so that it keeps those and no others.
export async function registerPlayerServiceWorker(scope: string): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.register("/player-sw.js", { scope });
    const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
    const loaded = performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((url) => new URL(url).origin === location.origin && new URL(url).pathname.startsWith("/assets/"));
    worker?.postMessage({ type: "keep", urls: [location.href, ...loaded] });
  } catch {
    // No service worker (a private window, an old browser): the player plays, only not across an offline reload.
  }
}

/** Tells the service worker the media of the story now playing (none: no story), so it lets every other one go. */
export function keepOnlyPlayerMedia(urls: readonly string[]): void {
  if (!("serviceWorker" in navigator)) return;
  const absolute = urls.map((url) => new URL(url, location.origin).href);
  navigator.serviceWorker.controller?.postMessage({ type: "media", urls: absolute });
}
