// Which files get thumbnails and previews, and from which renderer. Everything else keeps the generic icon.

export type MediaKind = "image" | "pdf" | "video";

/** What sharp's prebuilt libvips decodes (HEIC needs a patent-encumbered codec it leaves out). */
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/tiff", "image/avif", "image/svg+xml"]);

/** The mime type is the one the blob store sniffed from the bytes, never the client's claim. */
export function mediaKindOf(mimeType: string): MediaKind | undefined {
  if (IMAGE_TYPES.has(mimeType)) return "image";
  if (mimeType === "application/pdf") return "pdf";
  if (mimeType.startsWith("video/")) return "video";
  return undefined;
}
