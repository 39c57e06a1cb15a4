// A byte range cut from a stream read from its start: for small files whose store reads them whole (thumbnails).
import { Readable } from "node:stream";

async function* bytesOf(source: Readable, start: number, end: number): AsyncGenerator<Buffer> {
  let position = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    const from = Math.max(0, start - position);
    const to = Math.min(chunk.length, end + 1 - position);
    if (to > from) yield chunk.subarray(from, to);
    position += chunk.length;
    // Leaving the loop destroys the source: the rest is never read.
    if (position > end) return;
  }
}

/** Bytes `start` to `end` (inclusive) of `source`. */
export function sliceStream(source: Readable, range: { start: number; end: number }): Readable {
  return Readable.from(bytesOf(source, range.start, range.end));
}
