import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { open, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashFileBehindWriter } from "./file-hasher.ts";
import { WHOLE_READ_MAX_BYTES } from "./whole-reads.ts";

const MB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
/** What the hasher answers: the CRC-32 too for files an export reads whole. */
const sums = (bytes: Buffer) =>
  bytes.length <= WHOLE_READ_MAX_BYTES ? { sha256: sha256(bytes), crc32: crc32(bytes) } : { sha256: sha256(bytes) };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "repox-hasher-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Writes `bytes` in pieces of `piece`, telling the hasher after each write, as the spool does. */
async function writeWhileHashing(path: string, bytes: Buffer, piece: number): Promise<{ sha256: string; crc32?: number }> {
  const file = await open(path, "wx");
  const hasher = hashFileBehindWriter(path);
  let written = 0;
  while (written < bytes.length) {
    const { bytesWritten } = await file.write(bytes, written, Math.min(piece, bytes.length - written));
    written += bytesWritten;
    hasher.written(written);
  }
  await file.close();
  return hasher.digest(bytes.length);
}

describe("hashFileBehindWriter", () => {
  it("answers the SHA-256 of a file hashed while it is written, and no CRC-32 past the whole-read size", async () => {
    const bytes = randomBytes(5 * MB + 123);
    const answer = await writeWhileHashing(join(dir, "a.part"), bytes, 300 * 1024);
    expect(answer).toEqual({ sha256: sha256(bytes) });
    expect("crc32" in answer).toBe(false);
  });

  it("answers the CRC-32 too of a file up to the whole-read size", async () => {
    const bytes = randomBytes(WHOLE_READ_MAX_BYTES);
    expect(await writeWhileHashing(join(dir, "small.part"), bytes, 300 * 1024)).toEqual({ sha256: sha256(bytes), crc32: crc32(bytes) });
  });

  it("hashes only the first `size` bytes, so bytes written later are not counted", async () => {
    const bytes = randomBytes(3 * MB);
    const path = join(dir, "b.part");
    await writeFile(path, bytes);
    expect(await hashFileBehindWriter(path).digest(MB)).toEqual(sums(bytes.subarray(0, MB)));
  });

  it("answers an empty file's hash", async () => {
    const path = join(dir, "empty.part");
    await writeFile(path, "");
    expect(await hashFileBehindWriter(path).digest(0)).toEqual(sums(Buffer.alloc(0)));
  });

  it("keeps many files apart when they are hashed at once", async () => {
    const files = Array.from({ length: 12 }, (_, index) => ({ path: join(dir, `${index}.part`), bytes: randomBytes(MB + index * 4099) }));
    const digests = await Promise.all(files.map((one) => writeWhileHashing(one.path, one.bytes, 64 * 1024)));
    expect(digests).toEqual(files.map((one) => sums(one.bytes)));
  });

  it("refuses a file shorter than the size it is asked for, and goes on hashing others", async () => {
    const path = join(dir, "short.part");
    await writeFile(path, randomBytes(1000));
    await expect(hashFileBehindWriter(path).digest(2000)).rejects.toThrow("the file ends at 1000 bytes, before 2000");
    const bytes = randomBytes(2 * MB);
    expect(await writeWhileHashing(join(dir, "next.part"), bytes, MB)).toEqual(sums(bytes));
  });

  it("refuses a file that does not exist", async () => {
    await expect(hashFileBehindWriter(join(dir, "missing.part")).digest(10)).rejects.toThrow(/ENOENT|could not be hashed/);
  });

  it("lets a cancelled file go without answering and hashes the next one", async () => {
    const path = join(dir, "cancelled.part");
    await writeFile(path, randomBytes(2 * MB));
    const hasher = hashFileBehindWriter(path);
    hasher.written(2 * MB);
    hasher.cancel();
    const bytes = randomBytes(MB);
    expect(await writeWhileHashing(join(dir, "after.part"), bytes, MB)).toEqual(sums(bytes));
  });
});
