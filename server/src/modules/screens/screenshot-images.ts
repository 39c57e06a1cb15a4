// A player's capture (PNG or JPEG, at most 5 MB) becomes the screen's preview (at most 1280 px, JPEG) and the list
// card's thumbnail (480 px wide, JPEG). The bytes must be the image they claim: sharp decodes them or they are refused.
import { BadRequest } from "../../platform/errors.ts";
import { loadSharp } from "../../platform/media/sharp.ts";

const NOT_AN_IMAGE = "The screenshot must be a PNG or JPEG image";
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

export async function screenshotImages(bytes: Buffer): Promise<{ preview: Buffer; thumb: Buffer }> {
  const isPng = bytes.subarray(0, PNG.length).equals(PNG);
  const isJpeg = bytes.subarray(0, JPEG.length).equals(JPEG);
  if (!isPng && !isJpeg) throw new BadRequest(NOT_AN_IMAGE);
  const sharp = await loadSharp();
  try {
    // Bounded decode: a tiny file claiming a gigantic canvas is refused by sharp's pixel limit.
    const image = sharp(bytes, { limitInputPixels: 8192 * 8192, failOn: "error" });
    const preview = await image
      .clone()
      .resize({ width: 1280, height: 1280, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
    const thumb = await image.clone().resize({ width: 480, withoutEnlargement: true }).jpeg({ quality: 70 }).toBuffer();
    return { preview, thumb };
  } catch {
    throw new BadRequest(NOT_AN_IMAGE);
  }
}

/** PGlite answers bytea as a Uint8Array, node-postgres as a Buffer: both become base64 through Buffer.from. */
export const jpegDataUrl = (bytes: Uint8Array | null) => (bytes ? `data:image/jpeg;base64,${Buffer.from(bytes).toString("base64")}` : null);
