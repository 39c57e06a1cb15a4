// Media fixtures made on the spot for the media tests: pictures with sharp, PDFs written here, clips with ffmpeg.
import { execFile } from "node:child_process";
import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { crc32, deflateSync } from "node:zlib";
import sharp, { type Sharp } from "sharp";

const run = promisify(execFile);
export const FFMPEG = "/usr/bin/ffmpeg";

/** A picture whose left half is red and right half blue: the halves show where a rotation went. */
export function twoColourImage(width: number, height: number): Sharp {
  const half = Math.floor(width / 2);
  const blue = { create: { width: width - half, height, channels: 3 as const, background: "#0000ff" } };
  return sharp({ create: { width, height, channels: 3, background: "#ff0000" } }).composite([{ input: blue, left: half, top: 0 }]);
}

export function jpeg(width: number, height: number): Promise<Buffer> {
  return twoColourImage(width, height).jpeg().toBuffer();
}

/** Stored sideways with EXIF orientation 6: a viewer turns it 90° clockwise, so red ends up on top. */
export function sidewaysJpeg(width: number, height: number): Promise<Buffer> {
  return twoColourImage(width, height).jpeg().withMetadata({ orientation: 6 }).toBuffer();
}

export function png(width: number, height: number, compressionLevel = 6): Promise<Buffer> {
  return twoColourImage(width, height).png({ compressionLevel }).toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function grayPng(side: number, imageData: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(8, 8);
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    pngChunk("IHDR", header),
    pngChunk("IDAT", imageData),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A few hundred bytes whose header claims `side` × `side` grey pixels: a decompression bomb. */
export function pixelBombPng(side: number): Buffer {
  return grayPng(side, deflateSync(Buffer.alloc(1024)));
}

/** A well-formed PNG header whose image data is not compressed data at all. */
export function corruptPng(): Buffer {
  return grayPng(64, Buffer.from("this is not image data at all".repeat(20)));
}

// PDF 2.0 password hash (ISO 32000-2, algorithm 2.B): SHA-256, then rounds of AES and SHA-2 until the data says stop.
function passwordHash(password: Buffer, salt: Buffer, userKey: Buffer): Buffer {
  let key = createHash("sha256")
    .update(Buffer.concat([password, salt, userKey]))
    .digest();
  let round = 0;
  let encrypted = Buffer.alloc(1);
  while (round < 64 || (encrypted.at(-1) ?? 0) > round - 32) {
    const cipher = createCipheriv("aes-128-cbc", key.subarray(0, 16), key.subarray(16, 32)).setAutoPadding(false);
    const repeated = Buffer.concat(Array(64).fill(Buffer.concat([password, key, userKey])));
    encrypted = Buffer.concat([cipher.update(repeated), cipher.final()]);
    const sum = encrypted.subarray(0, 16).reduce((total, byte) => total + byte, 0);
    key = createHash(["sha256", "sha384", "sha512"][sum % 3] ?? "sha256")
      .update(encrypted)
      .digest();
    round++;
  }
  return key.subarray(0, 32);
}

function aes256(key: Buffer, data: Buffer, iv: Buffer | null, padding: boolean): Buffer {
  const cipher = createCipheriv(iv ? "aes-256-cbc" : "aes-256-ecb", key, iv).setAutoPadding(padding);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** The standard security handler, revision 6 (AES-256): what a reader checks a password against. */
function encryptionDictionary(fileKey: Buffer, userPassword: string, ownerPassword: string): string {
  const hex = (bytes: Buffer) => `<${bytes.toString("hex")}>`;
  const entry = (password: string, userKey: Buffer) => {
    const [validationSalt, keySalt] = [randomBytes(8), randomBytes(8)];
    const secret = Buffer.from(password, "utf8");
    const check = Buffer.concat([passwordHash(secret, validationSalt, userKey), validationSalt, keySalt]);
    return { check, wrappedKey: aes256(passwordHash(secret, keySalt, userKey), fileKey, Buffer.alloc(16), false) };
  };
  const user = entry(userPassword, Buffer.alloc(0));
  const owner = entry(ownerPassword, user.check);
  const permissions = Buffer.concat([Buffer.from("fcffffffffffffff", "hex"), Buffer.from("Tadb"), randomBytes(4)]);
  return [
    "<< /Filter /Standard /V 5 /R 6 /Length 256 /P -4 /StmF /StdCF /StrF /StdCF",
    "/CF << /StdCF << /CFM /AESV3 /AuthEvent /DocOpen /Length 32 >> >>",
    `/U ${hex(user.check)} /UE ${hex(user.wrappedKey)} /O ${hex(owner.check)} /OE ${hex(owner.wrappedKey)}`,
    `/Perms ${hex(aes256(fileKey, permissions, null, false))} >>`,
  ].join("\n");
}

/** A PDF of the given objects (numbered from 1, the first the catalogue), with its cross-reference table. */
function pdfFile(objects: (string | Buffer)[], trailer = ""): Buffer {
  const header = Buffer.from("%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n", "latin1");
  const parts = [header];
  let length = header.length;
  const offsets = objects.map((object, index) => {
    const offset = length;
    const bytes = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), Buffer.from(object), Buffer.from("\nendobj\n")]);
    parts.push(bytes);
    length += bytes.length;
    return offset;
  });
  const xref = offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  const size = objects.length + 1;
  parts.push(Buffer.from(`xref\n0 ${size}\n0000000000 65535 f \n${xref}trailer\n<< /Size ${size} /Root 1 0 R ${trailer}>>\n`));
  parts.push(Buffer.from(`startxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/**
 * An A4 PDF (595 × 842 pt) whose first page has a blue square in the lower left, and a second page. With a user
 * password it is encrypted with AES-256, as a reader asks for the password before showing anything.
 */
export function pdf(options: { userPassword?: string } = {}): Buffer {
  const fileKey = randomBytes(32);
  const stream = (contents: string) => {
    const plain = Buffer.from(contents, "latin1");
    const iv = randomBytes(16);
    const bytes = options.userPassword ? Buffer.concat([iv, aes256(fileKey, plain, iv, true)]) : plain;
    return Buffer.concat([Buffer.from(`<< /Length ${bytes.length} >>\nstream\n`), bytes, Buffer.from("\nendstream")]);
  };
  const page = (contents: number) => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << >> /Contents ${contents} 0 R >>`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>",
    page(4),
    stream("0 0 1 rg 0 0 297 421 re f"),
    page(6),
    stream("1 0 0 rg 0 0 595 842 re f"),
  ];
  if (!options.userPassword) return pdfFile(objects);
  const id = randomBytes(16).toString("hex");
  objects.push(encryptionDictionary(fileKey, options.userPassword, "owner"));
  return pdfFile(objects, `/Encrypt ${objects.length} 0 R /ID [<${id}> <${id}>] `);
}

export function corruptPdf(): Buffer {
  return Buffer.from("%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer garbage\n%%EOF\n", "latin1");
}

/** A clip made by ffmpeg from its built-in sources (`lavfi`), as MP4 bytes. */
export async function video(lavfiSource: string, extraArgs: string[] = []): Promise<Buffer> {
  if (!existsSync(FFMPEG)) throw new Error(`These tests need ${FFMPEG} (Debian package ffmpeg; .ci/run installs it)`);
  const folder = await mkdtemp(join(tmpdir(), "repox-video-"));
  try {
    const out = join(folder, "clip.mp4");
    await run(FFMPEG, ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", lavfiSource, ...extraArgs, "-pix_fmt", "yuv420p", out]);
    return await readFile(out);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The brief's test clip: ffmpeg's test pattern, 320 × 240, two seconds. */
export function testPatternVideo(): Promise<Buffer> {
  return video("testsrc=duration=2:size=320x240:rate=10");
}

/** Black for its first 0.9 s, white after: a poster taken about 1 s in is white. */
export function blackThenWhiteVideo(seconds: number): Promise<Buffer> {
  return video(`color=c=black:size=160x120:rate=10:duration=${seconds}`, [
    "-vf",
    "drawbox=x=0:y=0:w=iw:h=ih:color=white:t=fill:enable='gte(t,0.9)'",
  ]);
}

/** The opening of an MP4 (ftyp box), then noise. */
export function corruptVideo(): Buffer {
  return Buffer.concat([Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex"), Buffer.alloc(4096, 7)]);
}

/** Width, height, format and the colour at a point of an encoded picture. */
export async function inspect(bytes: Buffer, at?: { x: number; y: number }) {
  const image = sharp(bytes);
  const { width, height, format, exif } = await image.metadata();
  if (!at) return { width, height, format, hasExif: exif !== undefined };
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (at.y * info.width + at.x) * info.channels;
  return { width, height, format, hasExif: exif !== undefined, rgb: [data[offset], data[offset + 1], data[offset + 2]] };
}
