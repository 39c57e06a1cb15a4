// The website embed code (spec 3 §2, §5, §9): an iframe of /{tenant}/story-embed/{websiteId} at the chosen size
// (640×480 by default, at least 640×300, steps of 10), or with Responsive a wrapper that keeps that proportion at
// any width.
import { WEBSITE_EMBED, websiteEmbedPath } from "@repox/contracts";

export type EmbedSize = { width: number; height: number };

export const DEFAULT_EMBED_SIZE: EmbedSize = { width: WEBSITE_EMBED.defaultWidth, height: WEBSITE_EMBED.defaultHeight };

export function embedUrl(origin: string, tenant: string, websiteId: string): string {
  return `${origin}${websiteEmbedPath(tenant, websiteId)}`;
}

/** A size field's value, kept at its minimum and on its step (a cleared or odd value becomes the nearest allowed). */
export function embedDimension(value: number | string, minimum: number): number {
  const number = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(number)) return minimum;
  return Math.max(minimum, Math.round(number / WEBSITE_EMBED.step) * WEBSITE_EMBED.step);
}

const escapeAttribute = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

export function embedCode({
  url,
  title,
  size,
  isResponsive,
}: {
  url: string;
  title: string;
  size: EmbedSize;
  isResponsive: boolean;
}): string {
  const source = escapeAttribute(url);
  const name = escapeAttribute(title);
  const allow = 'allow="fullscreen; autoplay" allowfullscreen';
  if (!isResponsive) {
    return `<iframe src="${source}" title="${name}" width="${size.width}" height="${size.height}" style="border:0" ${allow}></iframe>`;
  }
  const ratio = Number(((size.height / size.width) * 100).toFixed(4));
  return [
    `<div style="position:relative;width:100%;max-width:100%;padding-top:${ratio}%;overflow:hidden">`,
    `  <iframe src="${source}" title="${name}" style="position:absolute;inset:0;width:100%;height:100%;border:0" ${allow}></iframe>`,
    "</div>",
  ].join("\n");
}
