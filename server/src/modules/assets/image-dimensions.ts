// The width and height of an uploaded image, read from its first bytes (image-size parses headers only). The whole
// file is never read: a JPEG whose frame header lies past the head answers unknown dimensions instead.
import type { Readable } from "node:stream";
import { imageSize } from "image-size";

/** Enough for the headers of PNG, GIF and BMP, and for the metadata segments (EXIF, ICC) a JPEG puts first. */
export const DIMENSIONS_HEAD_BYTES = 512 * 1024;

export type ImageDimensions = { width: number; height: number };

async function readHead(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= DIMENSIONS_HEAD_BYTES) break;
  }
  stream.destroy();
  return Buffer.concat(chunks);
}

/**
 * The dimensions as a browser shows the image: a JPEG with EXIF orientation 5 to 8 is turned a quarter, so its
 * width and height are swapped. Undefined when the head does not tell.
 */
export async function imageDimensions(head: Readable): Promise<ImageDimensions | undefined> {
  const bytes = await readHead(head);
  try {
    const size = imageSize(bytes);
    if (!size.width || !size.height) return undefined;
    const turned = size.orientation !== undefined && size.orientation >= 5;
    return turned ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
  } catch {
    return undefined;
  }
}
