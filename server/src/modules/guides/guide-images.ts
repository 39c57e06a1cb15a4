// A guide's logo and cover from a story asset (spec 3 §9 Guide): the picture must be at least the expected size and of
// its shape (width/height within 2 %); the guide keeps a copy resized to exactly that size, PNG for the logo (it may be
// transparent), JPEG for the cover. Runs before the save's transaction: never hold one open while libvips works.
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { fitsGuideImage, GUIDE_IMAGE_SIZES, type GuideImageRole } from "@repox/contracts";
import type { BlobStore, WrittenBlob } from "../../platform/blobs/blob-store.ts";
import { BadRequest } from "../../platform/errors.ts";
import { MAX_INPUT_PIXELS } from "../../platform/media/image-derivatives.ts";
import { loadSharp } from "../../platform/media/sharp.ts";

const TIMEOUT_SECONDS = 60;
/** A resized 1920×1200 JPEG or 1148×249 PNG stays far below this. */
const SIZED_MAX_BYTES = 32 * 1024 * 1024;

const expectedSize = (role: GuideImageRole) => `${GUIDE_IMAGE_SIZES[role].width}×${GUIDE_IMAGE_SIZES[role].height}`;

/** The upright width and height of an image, or BadRequest naming the field when it cannot be read. */
async function uprightSize(role: GuideImageRole, bytes: Buffer): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).metadata();
    if (!meta.width || !meta.height) throw new Error("no size");
    // EXIF orientations 5 to 8 turn the picture a quarter: its upright width is the stored height.
    const isTurned = (meta.orientation ?? 1) >= 5;
    return isTurned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch {
    throw new BadRequest(`Invalid body: ${role} cannot be read as an image; choose a PNG or JPEG of ${expectedSize(role)} pixels`);
  }
}

/** Checks the asset's bytes for `role` and stores the copy sized to it; answers the stored file (not yet recorded). */
export async function storeSizedGuideImage(
  blobs: Pick<BlobStore, "openBlob" | "writeBlob">,
  tenantId: string,
  role: GuideImageRole,
  sourceSha256: string,
): Promise<WrittenBlob> {
  const source = await buffer(await blobs.openBlob(tenantId, sourceSha256));
  const { width, height } = await uprightSize(role, source);
  if (!fitsGuideImage(role, width, height)) {
    throw new BadRequest(
      `Invalid body: ${role} must be ${expectedSize(role)} pixels (or larger in the same shape, within 2 %); this image is ${width}×${height}`,
    );
  }
  const target = GUIDE_IMAGE_SIZES[role];
  const sharp = await loadSharp();
  const pipeline = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
    .timeout({ seconds: TIMEOUT_SECONDS })
    .autoOrient()
    .resize({ width: target.width, height: target.height, fit: "fill" });
  const sized = await (role === "logo" ? pipeline.png() : pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 85 })).toBuffer();
  return blobs.writeBlob(tenantId, Readable.from([sized]), { maxBytes: SIZED_MAX_BYTES });
}
