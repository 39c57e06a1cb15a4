// The video ids of YouTube and Vimeo links: the editor turns a pasted URL into the element's id, the server checks the
// two agree.

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);

export const YOUTUBE_ID_PATTERN = YOUTUBE_ID;
export const VIMEO_ID_PATTERN = VIMEO_ID;

function parseHttpUrl(url: string): URL | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed : null;
  } catch {
    return null;
  }
}

/** The 11-character id of a YouTube video link (watch, youtu.be, embed, shorts, live), or null. */
export function youtubeVideoId(url: string): string | null {
  const parsed = parseHttpUrl(url);
  if (!parsed) return null;
  const host = parsed.hostname.toLowerCase();
  const segments = parsed.pathname.split("/").filter(Boolean);
  let id: string | null | undefined;
  if (host === "youtu.be") id = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === "watch") id = parsed.searchParams.get("v");
    else if (segments[0] && ["embed", "shorts", "live", "v"].includes(segments[0])) id = segments[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The numeric id of a Vimeo video link (vimeo.com/{id}, channels, groups, player.vimeo.com/video/{id}), or null. */
export function vimeoVideoId(url: string): string | null {
  const parsed = parseHttpUrl(url);
  if (!parsed || !VIMEO_HOSTS.has(parsed.hostname.toLowerCase())) return null;
  const segments = parsed.pathname.split("/").filter(Boolean);
  const id = segments.find((segment) => VIMEO_ID.test(segment));
  return id ?? null;
}

export const youtubeUrlOf = (id: string) => `https://www.youtube.com/watch?v=${id}`;
export const vimeoUrlOf = (id: string) => `https://vimeo.com/${id}`;
