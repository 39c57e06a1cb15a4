// Registers the player's service worker (web/public/player-sw.js), scoped to this tenant's player page, and hands it
// the files this page already loaded (they arrived before it took control), so a reload offline finds them all.
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
