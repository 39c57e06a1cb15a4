import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readWholeFile } from "./blob-reader.ts";
import { BlobNotFound } from "./errors.ts";
import { WHOLE_READ_MAX_BYTES } from "./whole-reads.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "repox-reader-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const sha = "ab".repeat(32);

describe("readWholeFile", () => {
  it("answers a file's bytes and their CRC-32, read in a worker thread", async () => {
    const bytes = randomBytes(300 * 1024 + 7);
    const path = join(dir, "a");
    await writeFile(path, bytes);
    const blob = await readWholeFile(path, bytes.length, sha);
    expect(blob.bytes.equals(bytes)).toBe(true);
    expect(blob.crc32).toBe(crc32(bytes));
  });

  it("reads many files at once, each whole and apart", async () => {
    const files = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const bytes = randomBytes(1000 + index * 997);
        const path = join(dir, `f${index}`);
        await writeFile(path, bytes);
        return { path, bytes };
      }),
    );
    const blobs = await Promise.all(files.map((one) => readWholeFile(one.path, one.bytes.length, sha)));
    expect(blobs.map((blob) => blob.bytes.toString("hex"))).toEqual(files.map((one) => one.bytes.toString("hex")));
  });

  it("answers the CRC-32 it is given (the blob keeps it) instead of computing it", async () => {
    const bytes = randomBytes(5000);
    const path = join(dir, "known");
    await writeFile(path, bytes);
    expect((await readWholeFile(path, bytes.length, sha, { crc32: 12345 })).crc32).toBe(12345);
    expect((await readWholeFile(path, bytes.length, sha)).crc32).toBe(crc32(bytes));
  });

  it("leaves the free bytes asked for before the file's, in the same memory", async () => {
    const bytes = randomBytes(2000);
    const path = join(dir, "roomy");
    await writeFile(path, bytes);
    const blob = await readWholeFile(path, bytes.length, sha, { headroom: 46 });
    expect(blob.bytes.equals(bytes)).toBe(true);
    expect(blob).toMatchObject({ headroom: 46 });
    expect(blob.bytes.byteOffset).toBe(46);
    expect(blob.bytes.buffer.byteLength).toBe(46 + bytes.length);
  });

  it("answers an empty file", async () => {
    const path = join(dir, "empty");
    await writeFile(path, "");
    expect(await readWholeFile(path, 0, sha)).toEqual({ bytes: Buffer.alloc(0), crc32: 0, headroom: 0 });
  });

  it("throws BlobNotFound naming the blob when the file is gone", async () => {
    const failure = readWholeFile(join(dir, "gone"), 10, sha);
    await expect(failure).rejects.toBeInstanceOf(BlobNotFound);
    await expect(failure).rejects.toMatchObject({ sha256: sha });
  });

  it("refuses a file shorter than the size recorded for it", async () => {
    const path = join(dir, "short");
    await writeFile(path, randomBytes(100));
    await expect(readWholeFile(path, 200, sha)).rejects.toThrow("the file holds 100 bytes, not 200");
  });

  it("refuses sizes past the whole-read limit without reading", async () => {
    await expect(readWholeFile(join(dir, "big"), WHOLE_READ_MAX_BYTES + 1, sha)).rejects.toThrow("more than a whole read may take");
  });
});
