import { randomBytes, randomFillSync } from "node:crypto";
import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readZip } from "./testing.ts";
import { ZipStream } from "./zip-stream.ts";

async function zipOf(write: (zip: ZipStream, signal: AbortSignal) => Promise<void>, chunks: Buffer[] = []): Promise<Buffer> {
  const output = new PassThrough();
  output.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => output.on("end", resolve));
  const zip = new ZipStream(output);
  const signal = new AbortController().signal;
  await write(zip, signal);
  await zip.finish(signal);
  await ended;
  return Buffer.concat(chunks);
}

describe("ZipStream", () => {
  it("writes folders, small entries, stored and deflated files that unzip to the same bytes", async () => {
    const stored = randomBytes(300_000);
    // Read whole: above the size written in one chunk with its header.
    const wholeFile = randomBytes(40_000);
    const text = Buffer.from("λόγος and words\n".repeat(10_000));
    const at = new Date(2024, 4, 17, 13, 45, 30);
    const archive = await zipOf(async (zip, signal) => {
      await zip.addFolder("Φάκελος", at, 0o755, signal);
      await zip.addBuffer("Φάκελος/meta.json", Buffer.from("{}"), at, 0o644, signal);
      await zip.addBuffer("Φάκελος/whole.bin", wholeFile, at, 0o644, signal);
      await zip.addStream(
        "Φάκελος/photo.jpg",
        Readable.from([stored.subarray(0, 1000), stored.subarray(1000)]),
        { size: stored.length, compress: false, modifiedAt: at, mode: 0o644 },
        signal,
      );
      await zip.addStream("notes.txt", Readable.from([text]), { size: text.length, compress: true, modifiedAt: at, mode: 0o644 }, signal);
      await zip.addStream("empty.bin", Readable.from([]), { size: 0, compress: false, modifiedAt: at, mode: 0o644 }, signal);
    });
    const entries = new Map((await readZip(archive)).map((entry) => [entry.path, entry.data]));
    expect([...entries.keys()]).toEqual([
      "Φάκελος/",
      "Φάκελος/meta.json",
      "Φάκελος/whole.bin",
      "Φάκελος/photo.jpg",
      "notes.txt",
      "empty.bin",
    ]);
    expect(entries.get("Φάκελος/meta.json")?.toString()).toBe("{}");
    expect(entries.get("Φάκελος/whole.bin")?.equals(wholeFile)).toBe(true);
    expect(entries.get("Φάκελος/photo.jpg")?.equals(stored)).toBe(true);
    expect(entries.get("notes.txt")?.equals(text)).toBe(true);
    expect(entries.get("empty.bin")?.length).toBe(0);
    // Deflated: the text shrinks; stored: the photo is there byte for byte.
    expect(archive.length).toBeLessThan(wholeFile.length + stored.length + text.length / 4);
  });

  it("writes a file read with room before it as one chunk, its header in that room", async () => {
    const path = "Φάκελος/photo.jpg";
    const headerBytes = ZipStream.headerBytes(path);
    const memory = Buffer.alloc(headerBytes + 50_000);
    const photo = memory.subarray(headerBytes);
    randomFillSync(photo);
    const expected = Buffer.from(photo);
    const chunks: Buffer[] = [];
    const archive = await zipOf(async (zip, signal) => {
      await zip.addBuffer(path, photo, new Date(), 0o644, signal, undefined, headerBytes);
    }, chunks);
    expect(chunks[0]?.length).toBe(headerBytes + photo.length);
    expect(chunks[0]?.buffer).toBe(memory.buffer);
    expect(await readZip(archive)).toEqual([{ path, data: expected }]);
  });

  it("writes ZIP64 end records past 65 535 entries", async () => {
    const count = 70_000;
    const archive = await zipOf(async (zip, signal) => {
      for (let index = 0; index < count; index++) await zip.addBuffer(`f${index}`, Buffer.from(String(index)), new Date(), 0o644, signal);
    });
    const entries = await readZip(archive);
    expect(entries).toHaveLength(count);
    expect(entries[count - 1]).toEqual({ path: `f${count - 1}`, data: Buffer.from(String(count - 1)) });
  }, 60_000);

  it("refuses a file whose bytes are not as many as announced", async () => {
    const output = new PassThrough();
    output.resume();
    const zip = new ZipStream(output);
    const signal = new AbortController().signal;
    await expect(
      zip.addStream(
        "short.bin",
        Readable.from([Buffer.alloc(10)]),
        { size: 11, compress: false, modifiedAt: new Date(), mode: 0o644 },
        signal,
      ),
    ).rejects.toThrow("short.bin: read 10 bytes where the store holds 11");
  });
});
