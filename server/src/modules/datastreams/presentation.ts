// How a stored file is served from the app's origin (ARCHITECTURE §4 "Files"): which kinds a browser may show inline,
// under which Content-Type, and the file name a download is saved under. The type is the one the blob store sniffed.
import { extension } from "mime-types";

/** Raster pictures browsers draw without running anything; SVG is left out, it can carry script. */
const INLINE_IMAGES = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/bmp",
  "image/x-icon",
  "image/vnd.microsoft.icon",
  "image/tiff",
]);

/** Text kinds shown as plain text: with nosniff, text/plain never renders as markup or runs. */
const PLAIN_TEXT = new Set(["text/plain", "text/csv", "text/tab-separated-values", "application/json"]);

const TEXT_PLAIN = "text/plain; charset=utf-8";

export type Presentation = { contentType: string; inline: boolean };

/** The preview: pictures, PDF, video, audio and plain text inline; everything else (HTML, SVG, XML, ...) is a download. */
export function previewPresentation(mimeType: string): Presentation {
  if (INLINE_IMAGES.has(mimeType) || mimeType === "application/pdf") return { contentType: mimeType, inline: true };
  if (mimeType.startsWith("video/") || mimeType.startsWith("audio/")) return { contentType: mimeType, inline: true };
  if (PLAIN_TEXT.has(mimeType)) return { contentType: TEXT_PLAIN, inline: true };
  return downloadPresentation(mimeType);
}

/** A download keeps the file's type; Content-Disposition attachment makes every browser save it. */
export function downloadPresentation(mimeType: string): Presentation {
  return { contentType: mimeType, inline: false };
}

const UNSAFE_IN_NAMES = /[\p{Cc}/\\]/gu;
const MAX_NAME_LENGTH = 255;

/**
 * The name a download is saved under: the label without path separators or control characters, with the extension
 * of its type added when the label has none (a file renamed "Budget" still opens as a spreadsheet).
 */
export function downloadFileName(label: string, mimeType: string): string {
  const name = label.replace(UNSAFE_IN_NAMES, "_").trim() || "download";
  const known = mimeType === "application/octet-stream" ? false : extension(mimeType);
  const hasExtension = /\.[\p{L}\p{N}]{1,10}$/u.test(name);
  const full = known && !hasExtension ? `${name}.${known}` : name;
  return full.slice(0, MAX_NAME_LENGTH);
}
