// The viewer's picture cache (spec 3 §4, §9): before a story plays, every picture it shows is fetched into Cache
// Storage 'story-cache' and kept for max-age 50000 s, then shown from memory (an object URL of the cached bytes), so
// no slide waits for the network. Entries are keyed by tenant, source and uuid rather than by the signed link, whose
// signature changes every half-hour. Each picture has a time limit: one that fails or hangs settles as missing and
// the slide shows its placeholder; the story still plays. Where Cache Storage is unavailable (a file:// page, a
// private window) the bytes are fetched the same way without keeping them.
import { STORY_CACHE } from "@repox/contracts";
import { readLinkedFile } from "../../api/media-links.ts";

export type MediaRequest = { key: string; url: string };

/** Stored beside each cached response: when it was fetched. */
const FETCHED_AT = "X-Story-Fetched-At";

export const MEDIA_TIMEOUT_MS = 20_000;

async function openCache(): Promise<Cache | null> {
  try {
    return typeof caches === "undefined" ? null : await caches.open(STORY_CACHE.name);
  } catch {
    return null;
  }
}

/** A same-origin address standing for the picture in the cache, whatever link it was fetched through. */
function cacheAddress(key: string): string {
  return new URL(`/story-cache/${encodeURIComponent(key)}`, location.origin).toString();
}

function isFresh(response: Response, now: number): boolean {
  const fetchedAt = Number(response.headers.get(FETCHED_AT));
  return Number.isFinite(fetchedAt) && now - fetchedAt < STORY_CACHE.maxAgeSeconds * 1000;
}

async function cachedBlob(cache: Cache | null, request: MediaRequest, signal: AbortSignal): Promise<Blob> {
  if (!cache) return readLinkedFile(request.url, signal);
  const address = cacheAddress(request.key);
  const cached = await cache.match(address);
  if (cached && isFresh(cached, Date.now())) return cached.blob();
  const blob = await readLinkedFile(request.url, signal);
  const headers = {
    "Content-Type": blob.type || "application/octet-stream",
    "Cache-Control": `max-age=${STORY_CACHE.maxAgeSeconds}`,
    [FETCHED_AT]: String(Date.now()),
  };
  await cache.put(address, new Response(blob, { headers })).catch(() => undefined);
  return blob;
}

/** Decoded before the first slide shows, so a picture never pops in half-drawn. */
async function decoded(objectUrl: string): Promise<void> {
  const image = new Image();
  image.src = objectUrl;
  await image.decode();
}

function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, timeoutMs: number): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      controller.abort();
      reject(new Error("timeout"));
    }, timeoutMs);
    work(controller.signal).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Whether the browser can show the picture straight from its address (a file:// page, where fetch cannot go). */
async function shownDirectly(url: string): Promise<string> {
  await decoded(url);
  return url;
}

/**
 * Loads every picture; answers key → object URL (the address itself when only an <img> could load it, null for one
 * that failed), once all have settled. `onSettled` is
 * told after each one. The caller revokes the object URLs when it no longer shows them.
 */
export async function preloadStoryMedia(
  requests: readonly MediaRequest[],
  { timeoutMs = MEDIA_TIMEOUT_MS, onSettled }: { timeoutMs?: number; onSettled?: () => void } = {},
): Promise<Map<string, string | null>> {
  const cache = await openCache();
  const loaded = new Map<string, string | null>();
  await Promise.all(
    requests.map(async (request) => {
      let objectUrl: string | null = null;
      try {
        objectUrl = await withTimeout(async (signal) => {
          const blob = await cachedBlob(cache, request, signal).catch(() => null);
          if (signal.aborted) throw new Error("timeout");
          if (!blob) return shownDirectly(request.url);
          const url = URL.createObjectURL(blob);
          try {
            await decoded(url);
          } catch (error) {
            URL.revokeObjectURL(url);
            throw error;
          }
          // Past the time limit nobody will show it.
          if (signal.aborted) URL.revokeObjectURL(url);
          return url;
        }, timeoutMs);
      } catch {
        objectUrl = null;
      }
      loaded.set(request.key, objectUrl);
      onSettled?.();
    }),
  );
  return loaded;
}

/**
 * Loads the fonts the story's texts use, each with the same time limit; answers the queries of those that could not
 * be loaded (the text then shows in the fallback font).
 */
export async function preloadFonts(
  faces: readonly { query: string; characters: string }[],
  { timeoutMs = MEDIA_TIMEOUT_MS, onSettled }: { timeoutMs?: number; onSettled?: () => void } = {},
): Promise<string[]> {
  const failed: string[] = [];
  await Promise.all(
    faces.map(async (face) => {
      const loaded = await withTimeout(() => document.fonts.load(face.query, face.characters || "A"), timeoutMs).catch(() => null);
      if (!loaded || loaded.length === 0 || loaded.some((font) => font.status === "error")) failed.push(face.query);
      onSettled?.();
    }),
  );
  return failed;
}
