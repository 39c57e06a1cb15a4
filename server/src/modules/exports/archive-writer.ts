// Writes archive entries, as a walk yields them, into a ZIP (zip-stream.ts) or a TAR_GZIP (tar-stream + zlib) stream.
// One entry at a time, with a few more prepared (their files opened or read) meanwhile: a file's bytes come from the
// store and every write waits while the archive stream is full, so memory stays flat whatever the export's size. When
// the archive stream is destroyed (the client went away) the open files are closed and the walk is ended: nothing
// keeps running.
import { once } from "node:events";
import { PassThrough, type Readable, type Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { setImmediate as nextMacrotask } from "node:timers/promises";
import { createGzip, constants as zlibConstants } from "node:zlib";
import type { ArchiveFormat } from "@repox/contracts";
import { pack as tarPack } from "tar-stream";
import type { WholeBlob } from "../../platform/blobs/blob-reader.ts";
import { youngGarbageMeter } from "../../platform/memory/young-garbage.ts";
import { ZipStream } from "./zip-stream.ts";

export type ArchiveEntry =
  | { kind: "folder"; path: string; modifiedAt: Date }
  | { kind: "bytes"; path: string; modifiedAt: Date; data: Buffer }
  /** Bytes known only once every entry before it is written (a list of problems met); null writes nothing. */
  | { kind: "lateBytes"; path: string; modifiedAt: Date; data: () => Buffer | null }
  /** `open` answers the file's bytes, or null when the file is to be left out (the walk notes why). */
  | { kind: "file"; path: string; modifiedAt: Date; size: number; compress: boolean; open: () => Promise<Readable | null> }
  /**
   * A small file (`size` bytes) read at once, stored as it is; `read` answers null when it is to be left out, and
   * leaves `headroom` free bytes before the file's (for the archive to put its header there).
   */
  | { kind: "wholeFile"; path: string; modifiedAt: Date; size: number; read: (headroom: number) => Promise<WholeBlob | null> };

type FileEntry = Extract<ArchiveEntry, { kind: "file" }>;
type WholeFileEntry = Extract<ArchiveEntry, { kind: "wholeFile" }>;
/** An entry as the writer takes it: a file already being opened or read. */
type ReadyEntry =
  | Exclude<ArchiveEntry, FileEntry | WholeFileEntry>
  | (FileEntry & { source: Promise<Readable | null> })
  | (WholeFileEntry & { blob: Promise<WholeBlob | null> });

/**
 * Entries prepared ahead of the one being written (files opened or read meanwhile): up to READ_AHEAD_BYTES of files
 * read whole (a file streamed counts as STREAMED_FILE_BYTES) and READ_AHEAD_ENTRIES entries, topped up once half of
 * that is left, so that reads are asked for many at a time (blob-reader.ts sends those of one turn as one message).
 */
const READ_AHEAD_BYTES = 4 * 1024 * 1024;
const READ_AHEAD_ENTRIES = 128;
const STREAMED_FILE_BYTES = 1024 * 1024;
/** Young collections for files read whole: far apart enough that a buffer read ahead dies before its second one. */
const YOUNG_COLLECTION_BYTES = 4 * READ_AHEAD_BYTES;
/** What the archive may hold for a slow client before the writer waits: a few files, not one 16 KiB at a time. */
const OUTPUT_BUFFER_BYTES = 1024 * 1024;

type Writer = {
  /** Free bytes the writer wants before a file read whole (its header goes there). */
  headroom(entry: WholeFileEntry): number;
  add(entry: ReadyEntry, signal: AbortSignal): Promise<void>;
  /** The archive's end; the output ends after it. */
  finish(signal: AbortSignal): Promise<void>;
};

const FILE_MODE = 0o644;
const FOLDER_MODE = 0o755;

/** Closes the source when the export is aborted, whatever it is waiting for (a slow store, say). */
async function withSource(source: Readable, signal: AbortSignal, write: (source: Readable) => Promise<unknown>): Promise<void> {
  const close = () => {
    source.destroy();
  };
  if (signal.aborted) return close();
  signal.addEventListener("abort", close, { once: true });
  try {
    await write(source);
  } finally {
    signal.removeEventListener("abort", close);
  }
}

function zipWriter(output: Writable): Writer {
  const zip = new ZipStream(output);
  // Files read whole arrive as buffers of their own, one per file: freed young, they never add up to a full collection.
  const freeReadBuffers = youngGarbageMeter(YOUNG_COLLECTION_BYTES);
  return {
    headroom: (entry) => ZipStream.headerBytes(entry.path),
    async add(entry, signal) {
      if (entry.kind === "folder") return zip.addFolder(entry.path, entry.modifiedAt, FOLDER_MODE, signal);
      if (entry.kind === "bytes") return zip.addBuffer(entry.path, entry.data, entry.modifiedAt, FILE_MODE, signal);
      if (entry.kind === "lateBytes") {
        const data = entry.data();
        return data ? zip.addBuffer(entry.path, data, entry.modifiedAt, FILE_MODE, signal) : undefined;
      }
      if (entry.kind === "wholeFile") {
        const blob = await entry.blob;
        if (!blob) return;
        freeReadBuffers(blob.bytes.length);
        return zip.addBuffer(entry.path, blob.bytes, entry.modifiedAt, FILE_MODE, signal, blob.crc32, blob.headroom);
      }
      const source = await entry.source;
      if (!source) return;
      const options = { size: entry.size, compress: entry.compress, modifiedAt: entry.modifiedAt, mode: FILE_MODE };
      await withSource(source, signal, (bytes) => zip.addStream(entry.path, bytes, options, signal));
    },
    finish: (signal) => zip.finish(signal),
  };
}

function tarGzipWriter(output: Writable): Writer {
  const tar = tarPack();
  // Level 1: most repository files (pictures, video, PDF, office files) are compressed already; more effort buys
  // little and costs most of the export's time.
  const gzip = createGzip({ level: zlibConstants.Z_BEST_SPEED });
  tar.pipe(gzip).pipe(output);
  tar.on("error", (error: Error) => gzip.destroy(error));
  gzip.on("error", (error: Error) => output.destroy(error));
  const entryDone = (header: Parameters<typeof tar.entry>[0], data?: Buffer) =>
    new Promise<void>((resolve, reject) => {
      const done = (error?: Error | null) => (error ? reject(error) : resolve());
      if (data) tar.entry(header, data, done);
      else tar.entry(header, done);
    });
  /** Waits while gzip has more queued than it wants; tar-stream's own queue empties into it meanwhile. */
  async function room(signal: AbortSignal) {
    await nextMacrotask();
    if (gzip.writableNeedDrain && !signal.aborted) await once(gzip, "drain", { signal });
  }
  async function write(entry: ReadyEntry, signal: AbortSignal) {
    const mtime = entry.modifiedAt;
    if (entry.kind === "folder") return entryDone({ name: entry.path, type: "directory", mode: FOLDER_MODE, mtime });
    if (entry.kind === "bytes") return entryDone({ name: entry.path, type: "file", mode: FILE_MODE, mtime }, entry.data);
    const data = entry.kind === "lateBytes" ? entry.data() : entry.kind === "wholeFile" ? (await entry.blob)?.bytes : undefined;
    if (entry.kind !== "file") return data ? entryDone({ name: entry.path, type: "file", mode: FILE_MODE, mtime }, data) : undefined;
    const source = await entry.source;
    if (!source) return;
    let sink: NodeJS.WritableStream | undefined;
    const written = new Promise<void>((resolve, reject) => {
      const header = { name: entry.path, type: "file" as const, mode: FILE_MODE, mtime, size: entry.size };
      sink = tar.entry(header, (error?: Error | null) => (error ? reject(error) : resolve()));
      // Its failures reach the callback above; the event would otherwise go unhandled once the archive is gone.
      sink.on("error", () => {});
    });
    const copied = withSource(source, signal, async (bytes) => {
      if (sink) bytes.pipe(sink);
      await finished(bytes, { writable: false });
    });
    // Both at once, so a failure of either is handled whichever comes first.
    await Promise.all([copied, written]);
  }
  return {
    headroom: () => 0,
    async add(entry, signal) {
      await write(entry, signal);
      await room(signal);
    },
    async finish() {
      tar.finalize();
    },
  };
}

/** Starts opening or reading a file as soon as its entry is known. */
function ready(entry: ArchiveEntry, writer: Writer): ReadyEntry {
  // Awaited when the entry is written; a failure before that must not count as unhandled.
  if (entry.kind === "wholeFile") {
    const blob = entry.read(writer.headroom(entry));
    blob.catch(() => {});
    return { ...entry, blob };
  }
  if (entry.kind !== "file") return entry;
  const source = entry.open();
  source.catch(() => {});
  return { ...entry, source };
}

/** What a prepared entry counts for in the read-ahead. */
function heldBytes(entry: ReadyEntry): number {
  if (entry.kind === "wholeFile") return entry.size;
  if (entry.kind === "file") return STREAMED_FILE_BYTES;
  return entry.kind === "bytes" ? entry.data.length : 0;
}

/** Closes the file of an entry that will not be written (the export stopped first). */
async function discard(entry: ReadyEntry | null): Promise<void> {
  if (entry?.kind === "file") (await entry.source.catch(() => null))?.destroy();
  if (entry?.kind === "wholeFile") await entry.blob.catch(() => null);
}

/**
 * The walk's entries, prepared ahead of the writing: the walk's reads and the store's overlap the copying instead of
 * waiting their turn. Entries come out in the walk's order; a failure of the walk comes out after the entries before it.
 */
class ReadAhead {
  private readonly queue: ReadyEntry[] = [];
  private queuedBytes = 0;
  private ended = false;
  private failure: { error: unknown } | null = null;
  private stopped = false;
  private wakeWriter: (() => void) | null = null;
  private wakeReader: (() => void) | null = null;
  private readonly reading: Promise<void>;
  private readonly iterator: AsyncIterator<ArchiveEntry>;

  constructor(
    entries: AsyncIterable<ArchiveEntry>,
    private readonly writer: Writer,
  ) {
    this.iterator = entries[Symbol.asyncIterator]();
    this.reading = this.read();
  }

  private full(): boolean {
    return this.queuedBytes >= READ_AHEAD_BYTES || this.queue.length >= READ_AHEAD_ENTRIES;
  }

  private halfEmpty(): boolean {
    return this.queuedBytes < READ_AHEAD_BYTES / 2 && this.queue.length < READ_AHEAD_ENTRIES / 2;
  }

  private async read(): Promise<void> {
    try {
      while (!this.stopped) {
        if (this.full()) await new Promise<void>((resolve) => (this.wakeReader = resolve));
        if (this.stopped) break;
        const next = await this.iterator.next();
        if (next.done) break;
        const entry = ready(next.value, this.writer);
        this.queue.push(entry);
        this.queuedBytes += heldBytes(entry);
        this.wakeWriter?.();
      }
    } catch (error) {
      this.failure = { error };
    } finally {
      this.ended = true;
      this.wakeWriter?.();
    }
  }

  /** The next entry, or null after the last. */
  async next(): Promise<ReadyEntry | null> {
    while (this.queue.length === 0) {
      if (this.failure) throw this.failure.error;
      if (this.ended) return null;
      await new Promise<void>((resolve) => (this.wakeWriter = resolve));
      this.wakeWriter = null;
    }
    const entry = this.queue.shift() as ReadyEntry;
    this.queuedBytes -= heldBytes(entry);
    if (this.wakeReader && this.halfEmpty()) {
      this.wakeReader();
      this.wakeReader = null;
    }
    return entry;
  }

  /** Stops reading ahead, closes the files of the entries not written and ends the walk. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeReader?.();
    await this.reading;
    for (const entry of this.queue.splice(0)) await discard(entry);
    await this.iterator.return?.();
  }
}

/**
 * Answers the archive's bytes at once and writes `entries` into them in the background. `beforeEnd` runs once every
 * entry is written, before the archive's closing records: a client that has the whole archive finds its effects done,
 * and a walk that stopped early or failed never runs it.
 */
export function writeArchive(format: ArchiveFormat, entries: AsyncIterable<ArchiveEntry>, beforeEnd: () => Promise<void>): Readable {
  // What the route sends; once it is destroyed (the client went away) the walk stops. After the end it changes nothing.
  const output = new PassThrough({ highWaterMark: OUTPUT_BUFFER_BYTES });
  const writer = format === "ZIP" ? zipWriter(output) : tarGzipWriter(output);
  const abort = new AbortController();
  output.once("close", () => abort.abort());

  void (async () => {
    const ahead = new ReadAhead(entries, writer);
    try {
      for (;;) {
        const current = await ahead.next();
        if (abort.signal.aborted) await discard(current);
        if (!current || abort.signal.aborted) break;
        await writer.add(current, abort.signal);
      }
      if (!abort.signal.aborted) await beforeEnd();
      if (!abort.signal.aborted) await writer.finish(abort.signal);
    } catch (error) {
      if (!abort.signal.aborted) output.destroy(error instanceof Error ? error : new Error(String(error)));
    } finally {
      await ahead.stop();
    }
  })();
  return output;
}
