// Thumbnail and preview of a picture through sharp (libvips): turned upright by its EXIF orientation, fitted inside a
// square box without enlarging, written as WebP without the source's metadata (no camera serials, no GPS position).
import type { OutputInfo } from "sharp";
import { UnreadableMedia } from "./errors.ts";
import { loadSharp } from "./sharp.ts";

export type DerivativeKind = "thumb" | "preview";

/** The longest side of each kind, in pixels. */
export const DERIVATIVE_SIZES: Record<DerivativeKind, number> = { thumb: 320, preview: 1600 };
export const DERIVATIVE_KINDS: readonly DerivativeKind[] = ["thumb", "preview"];
export const DERIVATIVE_MIME_TYPE = "image/webp";

/** sharp's own ceiling (16383 × 16383 pixels): a header claiming more is a decompression bomb, refused unread. */
export const MAX_INPUT_PIXELS = 16383 * 16383;
const TIMEOUT_SECONDS = 60;
const QUALITY: Record<DerivativeKind, number> = { thumb: 75, preview: 82 };

export type RenderedDerivative = { kind: DerivativeKind; bytes: Buffer; mimeType: string; width: number; height: number };

function unreadable(err: unknown): UnreadableMedia {
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) {
    return new UnreadableMedia(`The image has more than ${Math.round(MAX_INPUT_PIXELS / 1e6)} million pixels; no preview is made of it.`);
  }
  return new UnreadableMedia(`The image could not be read: ${message.split("\n")[0]}`);
}

/**
 * Both derivatives of one picture (a file path, or encoded bytes such as a rendered PDF page). The source is decoded
 * once into pixels at preview size; the two WebP files are encoded from those.
 */
export async function renderImageDerivatives(
  input: string | Buffer,
  options: { maxInputPixels?: number } = {},
): Promise<RenderedDerivative[]> {
  const box = DERIVATIVE_SIZES.preview;
  const sharp = await loadSharp();
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(input, { limitInputPixels: options.maxInputPixels ?? MAX_INPUT_PIXELS, failOn: "error" })
      .timeout({ seconds: TIMEOUT_SECONDS })
      .autoOrient()
      .resize({ width: box, height: box, fit: "inside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw unreadable(err);
  }
  const { width, height, channels } = pixels.info;
  return Promise.all(
    DERIVATIVE_KINDS.map(async (kind) => {
      const size = DERIVATIVE_SIZES[kind];
      const { data, info } = await sharp(pixels.data, { raw: { width, height, channels } })
        .resize({ width: size, height: size, fit: "inside", withoutEnlargement: true })
        .webp({ quality: QUALITY[kind] })
        .toBuffer({ resolveWithObject: true });
      return { kind, bytes: data, mimeType: DERIVATIVE_MIME_TYPE, width: info.width, height: info.height };
    }),
  );
}
