// The screen player's service worker (registered by /{tenant}/player with that page as its scope): keeps the app
// shell (the page and its /assets files) and the media of the story it plays (only those: the page names them after
// each switch), so a reload or a reboot with the network down keeps playing. Pages and API calls go to the network first and fall back to what was kept; hashed
// /assets files are kept forever once fetched. Other pages of the app are outside its scope and never see it.
const SHELL = "repox-player-shell-v1";
const MEDIA = "repox-player-media-v1";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Lets go of every kept medium the current story does not use (an earlier story's, an earlier pairing's links). */
async function keepOnlyMedia(urls) {
  const current = new Set(urls);
  const cache = await caches.open(MEDIA);
  const kept = await cache.keys();
  await Promise.all(kept.filter((request) => !current.has(request.url)).map((request) => cache.delete(request)));
}

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data?.type === "media" && Array.isArray(data.urls)) {
    event.waitUntil(keepOnlyMedia(data.urls));
    return;
  }
  if (data?.type === "keep" && Array.isArray(data.urls)) {
    event.waitUntil(
      caches.open(SHELL).then((cache) =>
        Promise.all(
          data.urls.map((url) =>
            fetch(url, { cache: "no-cache" })
              .then((r) => (r.ok ? cache.put(url, r) : undefined))
              .catch(() => undefined),
          ),
        ),
      ),
    );
  }
});

async function networkFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(networkFirst(request, SHELL));
  else if (url.pathname.startsWith("/assets/") || url.pathname === "/favicon.svg") event.respondWith(cacheFirst(request));
  else if (url.pathname.startsWith("/api/str/player/media/")) event.respondWith(networkFirst(request, MEDIA));
});
