// Cuts an answer from a stored image with sharp (libvips), in the order the specification applies the parameters
// (§4): region, size, mirroring, rotation, quality, format. The source is read from the store into memory first, as
// sharp would buffer a stream anyway; a failure of the store then fails the request instead of leaving sharp waiting
// for the end of a stream that never comes. Sources past sharp's pixel limit are refused from their header.
import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { IIIF_IMAGE_LIMITS } from "@repox/contracts";
import sharp from "sharp";
import { UnprocessableEntity } from "../../../platform/errors.ts";
import { MAX_INPUT_PIXELS } from "../../../platform/media/image-derivatives.ts";
import type { Dimensions, Format, RenderPlan } from "./parameters.ts";

export const MIME_TYPES: Record<Format, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" };
/** What JPEG, which has no transparency, shows outside an arbitrarily rotated image. */
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

export type ProbedImage = { width: number; height: number; error: null } | { width: null; height: null; error: string };

const unreadable = (err: unknown) =>
  new UnprocessableEntity(`The stored image could not be read: ${(err instanceof Error ? err.message : String(err)).split("\n")[0]}`);

/** The image's upright size (EXIF orientation applied), or why it cannot be served. */
export async function probeImage(source: Readable): Promise<ProbedImage> {
  // A failure of the store throws: it is no verdict on the image, so nothing is remembered of it.
  const bytes = await buffer(source);
  try {
    const metadata = await sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS }).metadata();
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

/** The answer's bytes. */
export async function renderImage(source: Readable, image: Dimensions, plan: RenderPlan): Promise<Buffer> {
  const { region, format } = plan;
  const bytes = await buffer(source);
  let pipeline = sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true }).timeout({
    seconds: IIIF_IMAGE_LIMITS.renderTimeoutSeconds,
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
    throw unreadable(err);
  }
}
