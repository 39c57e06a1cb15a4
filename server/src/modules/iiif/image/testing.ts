// Test helpers for the IIIF Image API: a picture with four coloured quadrants, a PNG header that claims more pixels
// than sharp accepts, and an answer's pixels read back.
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

export type Rgb = [number, number, number];
export const RED: Rgb = [255, 0, 0];
export const GREEN: Rgb = [0, 255, 0];
export const BLUE: Rgb = [0, 0, 255];
export const YELLOW: Rgb = [255, 255, 0];

/** A `width × height` PNG: top left `corners[0]`, top right `[1]`, bottom left `[2]`, bottom right `[3]`. */
export async function quadrantPng(width: number, height: number, corners: [Rgb, Rgb, Rgb, Rgb] = [RED, GREEN, BLUE, YELLOW]) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const corner = corners[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)] as Rgb;
      pixels.set(corner, (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header says `width × height` pixels, with one short row of data: a decompression bomb's calling card. */
export function claimedPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1 + width * 3))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export type Pixels = { width: number; height: number; channels: number; at(x: number, y: number): number[] };

/** The decoded pixels of an answer (any format sharp reads). */
export async function pixelsOf(bytes: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  return {
    width,
    height,
    channels,
    at: (x, y) => [...data.subarray((y * width + x) * channels, (y * width + x + 1) * channels)],
  };
}

/** Whether a pixel is within `tolerance` of a colour in each of its first three channels (JPEG moves colours a little). */
export const isNear = (pixel: number[], colour: Rgb, tolerance = 40) =>
  colour.every((value, i) => Math.abs((pixel[i] ?? -999) - value) <= tolerance);

/** A `width × height` PNG of coloured noise: detail that does not compress, as in a photograph. */
export function noisePng(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
}
