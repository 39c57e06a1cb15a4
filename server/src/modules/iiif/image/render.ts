// Cuts an answer from a stored image with sharp (libvips), in the order the specification applies the parameters
// (§4): region, size, mirroring, rotation, quality, format. Images are read from files (source-files.ts) in sequential
// mode, so libvips holds strips of lines rather than the decoded image, and never the file's bytes in the JS heap.
// Sources past sharp's pixel limit are refused from their header.
import { UnprocessableEntity } from "../../../platform/errors.ts";
import { MAX_INPUT_PIXELS } from "../../../platform/media/image-derivatives.ts";
import { loadSharp } from "../../../platform/media/sharp.ts";
import type { Level } from "./levels.ts";
import type { Dimensions, Format, RenderPlan } from "./parameters.ts";

export const MIME_TYPES: Record<Format, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" };
/** What JPEG, which has no transparency, shows outside an arbitrarily rotated image. */
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

export type ProbedImage = { width: number; height: number; error: null } | { width: null; height: null; error: string };

/** sharp's message when its own timeout stopped a render. */
export const isSharpTimeout = (err: unknown) => /timeout/i.test(String(err));

const unreadable = (err: unknown) =>
  new UnprocessableEntity(`The stored image could not be read: ${(err instanceof Error ? err.message : String(err)).split("\n")[0]}`);

/** The image's upright size (EXIF orientation applied), or why it cannot be served. */
export async function probeImage(path: string): Promise<ProbedImage> {
  const sharp = await loadSharp();
  try {
    const metadata = await sharp(path, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const { width, height } = metadata.autoOrient;
    return { width, height, error: null };
  } catch (err) {
    // sharp reads the header only and refuses a size past the limit before decoding a pixel.
    const error = /pixel limit/i.test(String(err))
      ? `The image has more than ${Math.round(MAX_INPUT_PIXELS / 1e6)} million pixels.`
      : unreadable(err).message;
    return { width: null, height: null, error };
  }
}

/**
 * Writes the upright source shrunk to a level's size into `target` as a tiled TIFF (256-pixel tiles): a render then
 * decodes only the tiles its region touches, where a JPEG or PNG level would be decoded from its top down to the
 * region (measured on a 4000 × 3000 level: 34 ms and 11 MiB for four tiles against 331 ms and 48 MiB from JPEG,
 * docs/performance.md). Tiles are JPEG at quality 95, whose loss stays below that of the answers cut from them (JPEG
 * or WebP at 85); a source with transparency gets lossless deflate tiles instead. Resizing straight from the file
 * lets libvips shrink JPEG on load. Answers the level's MIME type.
 */
export async function writeLevel(sourcePath: string, level: Level, target: string, timeoutSeconds: number): Promise<string> {
  const sharp = await loadSharp();
  const source = sharp(sourcePath, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true });
  try {
    const { hasAlpha } = await source.metadata();
    await source
      .timeout({ seconds: timeoutSeconds })
      .resize(level.width, level.height, { fit: "fill" })
      .tiff({
        tile: true,
        tileWidth: 256,
        tileHeight: 256,
        ...(hasAlpha ? { compression: "deflate" } : { compression: "jpeg", quality: 95 }),
      })
      .toFile(target);
    return "image/tiff";
  } catch (err) {
    if (isSharpTimeout(err)) throw err;
    throw unreadable(err);
  }
}

/** The answer's bytes, from a file whose upright size is `image` (the source, or a level with the plan mapped onto it). */
export async function renderImage(path: string, image: Dimensions, plan: RenderPlan, timeoutSeconds: number): Promise<Buffer> {
  const { region, format } = plan;
  const sharp = await loadSharp();
  let pipeline = sharp(path, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true }).timeout({
    seconds: timeoutSeconds,
  });
  if (region.w !== image.width || region.h !== image.height) {
    pipeline = pipeline.extract({ left: region.x, top: region.y, width: region.w, height: region.h });
  }
  if (plan.width !== region.w || plan.height !== region.h) pipeline = pipeline.resize(plan.width, plan.height, { fit: "fill" });
  // sharp mirrors before it rotates, as the specification asks.
  if (plan.mirror) pipeline = pipeline.flop();
  if (plan.degrees % 360 !== 0) pipeline = pipeline.rotate(plan.degrees, { background: format === "jpg" ? WHITE : TRANSPARENT });
  if (plan.quality === "gray") pipeline = pipeline.greyscale();
  if (plan.quality === "bitonal") pipeline = pipeline.threshold(128);
  if (format === "jpg") pipeline = pipeline.flatten({ background: WHITE }).jpeg({ quality: 85, mozjpeg: false });
  else if (format === "png") pipeline = pipeline.png();
  else pipeline = pipeline.webp({ quality: 85 });
  try {
    return await pipeline.toBuffer();
  } catch (err) {
    if (isSharpTimeout(err)) throw err;
    throw unreadable(err);
  }
}
