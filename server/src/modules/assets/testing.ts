// Test helpers for the assets API: images of every accepted kind made on the spot, multipart bodies as a browser's
// FormData sends them, and uploads through HTTP that fail loudly.
import type { Asset, AssetUploadDataInput } from "@repox/contracts";
import sharp from "sharp";
import { jpeg, png, twoColourImage } from "../../platform/media/test-media.ts";
import { multipart, type UploadFile } from "../../test/multipart.ts";
import type { Caller } from "../../test/test-app.ts";

export type AssetFile = UploadFile;

export function gif(width: number, height: number): Promise<Buffer> {
  return twoColourImage(width, height).gif().toBuffer();
}

/** A 24-bit BMP (sharp writes no BMP): a BITMAPINFOHEADER, rows bottom-up padded to 4 bytes, every pixel green. */
export function bmp(width: number, height: number): Buffer {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const pixels = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels.writeUInt8(0xc0, y * rowBytes + x * 3 + 1);
  const header = Buffer.alloc(54);
  header.write("BM", 0, "latin1");
  header.writeUInt32LE(54 + pixels.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(pixels.length, 34);
  return Buffer.concat([header, pixels]);
}

/** One image of each accepted extension, with the dimensions it was made with. */
export async function imagesOfEveryKind(): Promise<{ file: AssetFile; mimeType: string; width: number; height: number }[]> {
  return [
    { file: { name: "a.png", content: await png(40, 30), type: "image/png" }, mimeType: "image/png", width: 40, height: 30 },
    { file: { name: "b.jpeg", content: await jpeg(50, 20), type: "image/jpeg" }, mimeType: "image/jpeg", width: 50, height: 20 },
    { file: { name: "C.JPG", content: await jpeg(21, 33), type: "image/jpeg" }, mimeType: "image/jpeg", width: 21, height: 33 },
    { file: { name: "d.gif", content: await gif(16, 12), type: "image/gif" }, mimeType: "image/gif", width: 16, height: 12 },
    { file: { name: "e.bmp", content: bmp(7, 5), type: "image/bmp" }, mimeType: "image/bmp", width: 7, height: 5 },
  ];
}

export const imageData = (label?: string): AssetUploadDataInput => ({ type: "IMAGE", ...(label ? { label } : {}), properties: [] });

export async function uploadAssetRequest(caller: Caller, files: AssetFile[], data: unknown, options: Parameters<typeof multipart>[2] = {}) {
  const body = await multipart(files, data, options);
  return caller.request("POST", "/api/assets", body.payload, { "content-type": body.contentType });
}

/** Uploads one image and answers the asset; throws on anything but 201. */
export async function uploadAsset(caller: Caller, file: AssetFile, data: unknown = imageData()): Promise<Asset> {
  const answer = await uploadAssetRequest(caller, [file], data);
  if (answer.statusCode !== 201) throw new Error(`asset upload answered ${answer.statusCode}: ${answer.body}`);
  return answer.json() as Asset;
}

/** A small distinct PNG per call (a different colour each time), so uploads do not share content. */
let shade = 0;
export function distinctPng(): Promise<Buffer> {
  shade = (shade + 1) % 256;
  return sharp({ create: { width: 8, height: 8, channels: 3, background: { r: shade, g: 100, b: 50 } } })
    .png()
    .toBuffer();
}
