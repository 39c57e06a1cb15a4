// A streaming ZIP writer for exports (APPNOTE 6.3.x): entries are written one after the other straight into one
// output stream, file data with a data descriptor after it (sizes and CRC-32 follow the bytes), ZIP64 records where
// sizes, offsets or the entry count need them, UTF-8 names. Only what the central directory needs is kept per entry.
// Written for exports instead of yazl, whose entry queue is scanned from the start for every entry (quadratic in the
// entry count) and whose four piped transforms per file cost more than the copying itself: docs/decisions/0004.
import { once } from "node:events";
import type { Readable, Writable } from "node:stream";
import { crc32, createDeflateRaw } from "node:zlib";

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_EXTRA = 0x0001;

const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const STORED = 0;
const DEFLATED = 8;
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;
/** Entries this large are written as ZIP64 from the start: a deflated entry may grow a little past its input. */
const ZIP64_FROM = MAX_32 - 64 * 1024 * 1024;
/** UNIX in "version made by", so unpackers apply the modes. */
const MADE_BY_UNIX = 3 << 8;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const MS_DOS_DIRECTORY = 0x10;
/** Entries up to this size are written in one chunk with their local header. */
const SMALL_ENTRY_BYTES = 16 * 1024;
const DIRECTORY_CHUNK_BYTES = 64 * 1024;
const EMPTY = Buffer.alloc(0);
/** A local header's fixed part, before the entry's name. */
const LOCAL_HEADER_BYTES = 30;
/** A local header's ZIP64 extra field: tag, length and two sizes. */
const ZIP64_EXTRA_BYTES = 20;

type CentralRecord = {
  name: Buffer;
  flags: number;
  method: number;
  time: number;
  date: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
  externalAttributes: number;
};

/** MS-DOS date and time (local time, 2-second steps), as ZIP stores them; years before 1980 become 1980. */
function dosDateTime(at: Date): { date: number; time: number } {
  const year = Math.max(1980, at.getFullYear());
  return {
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
  };
}

function zip64Extra(values: readonly number[]): Buffer {
  const extra = Buffer.alloc(4 + values.length * 8);
  extra.writeUInt16LE(ZIP64_EXTRA, 0);
  extra.writeUInt16LE(values.length * 8, 2);
  values.forEach((value, index) => {
    extra.writeBigUInt64LE(BigInt(value), 4 + index * 8);
  });
  return extra;
}

export class ZipStream {
  private offset = 0;
  private readonly records: CentralRecord[] = [];

  constructor(private readonly output: Writable) {}

  /** Writes and waits while the output is full, so a slow reader slows the writer instead of filling memory. */
  private async write(chunk: Buffer, signal: AbortSignal): Promise<void> {
    this.offset += chunk.length;
    if (!this.output.write(chunk)) await once(this.output, "drain", { signal });
  }

  /** Bytes an entry's local header takes before its data (`path` stored as UTF-8, no ZIP64 extra). */
  static headerBytes(path: string): number {
    return LOCAL_HEADER_BYTES + Buffer.byteLength(path, "utf8");
  }

  /** The local header of `record`, written at the start of `into`. */
  private writeLocalHeader(record: CentralRecord, isZip64: boolean, into: Buffer): void {
    into.writeUInt32LE(LOCAL_HEADER, 0);
    into.writeUInt16LE(isZip64 ? 45 : 20, 4);
    into.writeUInt16LE(record.flags, 6);
    into.writeUInt16LE(record.method, 8);
    into.writeUInt16LE(record.time, 10);
    into.writeUInt16LE(record.date, 12);
    const hasDescriptor = (record.flags & FLAG_DATA_DESCRIPTOR) !== 0;
    into.writeUInt32LE(hasDescriptor ? 0 : record.crc, 14);
    into.writeUInt32LE(isZip64 ? MAX_32 : hasDescriptor ? 0 : record.compressedSize, 18);
    into.writeUInt32LE(isZip64 ? MAX_32 : hasDescriptor ? 0 : record.size, 22);
    into.writeUInt16LE(record.name.length, 26);
    into.writeUInt16LE(isZip64 ? ZIP64_EXTRA_BYTES : 0, 28);
    record.name.copy(into, 30);
    if (isZip64) zip64Extra([0, 0]).copy(into, 30 + record.name.length);
  }

  /** The local header of `record`, with `room` bytes left after it (for an entry's data written with it). */
  private localHeader(record: CentralRecord, isZip64: boolean, room = 0): Buffer {
    const header = Buffer.allocUnsafe(LOCAL_HEADER_BYTES + record.name.length + (isZip64 ? ZIP64_EXTRA_BYTES : 0) + room);
    this.writeLocalHeader(record, isZip64, header);
    return header;
  }

  private record(path: string, modifiedAt: Date, fields: Partial<CentralRecord> & { externalAttributes: number }): CentralRecord {
    return {
      name: Buffer.from(path, "utf8"),
      flags: FLAG_UTF8,
      method: STORED,
      ...dosDateTime(modifiedAt),
      crc: 0,
      compressedSize: 0,
      size: 0,
      offset: this.offset,
      ...fields,
    };
  }

  /** A folder: `path` ends with "/". */
  async addFolder(path: string, modifiedAt: Date, mode: number, signal: AbortSignal): Promise<void> {
    const record = this.record(path.endsWith("/") ? path : `${path}/`, modifiedAt, {
      externalAttributes: (((S_IFDIR | mode) << 16) | MS_DOS_DIRECTORY) >>> 0,
    });
    this.records.push(record);
    await this.write(this.localHeader(record, false), signal);
  }

  /**
   * An entry held in memory (metadata, notes, a file read whole), stored as it is; `crc` if known already. It goes
   * out in one chunk with its header where it can: in the `headroom` free bytes before `data` in its memory (a file
   * read with room for it, ZipStream.headerBytes), or copied with it up to SMALL_ENTRY_BYTES.
   */
  async addBuffer(
    path: string,
    data: Buffer,
    modifiedAt: Date,
    mode: number,
    signal: AbortSignal,
    crc = crc32(data),
    headroom = 0,
  ): Promise<void> {
    const record = this.record(path, modifiedAt, {
      crc,
      compressedSize: data.length,
      size: data.length,
      externalAttributes: ((S_IFREG | mode) << 16) >>> 0,
    });
    this.records.push(record);
    const headerBytes = LOCAL_HEADER_BYTES + record.name.length;
    if (headroom >= headerBytes && data.byteOffset >= headerBytes) {
      const chunk = Buffer.from(data.buffer, data.byteOffset - headerBytes, headerBytes + data.length);
      this.writeLocalHeader(record, false, chunk);
      return this.write(chunk, signal);
    }
    if (data.length <= SMALL_ENTRY_BYTES) {
      const chunk = this.localHeader(record, false, data.length);
      data.copy(chunk, chunk.length - data.length);
      return this.write(chunk, signal);
    }
    await this.write(this.localHeader(record, false), signal);
    await this.write(data, signal);
  }

  /**
   * A file streamed from `source`: `size` (what the store says) chooses ZIP64 up front and must match the bytes read.
   * With `compress` the bytes are deflated.
   */
  async addStream(
    path: string,
    source: Readable,
    options: { size: number; compress: boolean; modifiedAt: Date; mode: number },
    signal: AbortSignal,
  ): Promise<void> {
    const isZip64 = options.size >= ZIP64_FROM;
    const record = this.record(path, options.modifiedAt, {
      flags: FLAG_UTF8 | FLAG_DATA_DESCRIPTOR,
      method: options.compress ? DEFLATED : STORED,
      externalAttributes: ((S_IFREG | options.mode) << 16) >>> 0,
    });
    await this.write(this.localHeader(record, isZip64), signal);
    let crc = 0;
    let size = 0;
    let compressedSize = 0;
    const count = (chunk: Buffer) => {
      crc = crc32(chunk, crc);
      size += chunk.length;
    };
    if (options.compress) {
      compressedSize = await this.writeDeflated(source, count, signal);
    } else {
      for await (const chunk of source) {
        count(chunk as Buffer);
        compressedSize += (chunk as Buffer).length;
        await this.write(chunk as Buffer, signal);
      }
    }
    if (size !== options.size) throw new Error(`${path}: read ${size} bytes where the store holds ${options.size}`);
    Object.assign(record, { crc, size, compressedSize });
    this.records.push(record);
    const descriptor = Buffer.alloc(isZip64 ? 24 : 16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(crc, 4);
    if (isZip64) {
      descriptor.writeBigUInt64LE(BigInt(compressedSize), 8);
      descriptor.writeBigUInt64LE(BigInt(size), 16);
    } else {
      descriptor.writeUInt32LE(compressedSize, 8);
      descriptor.writeUInt32LE(size, 12);
    }
    await this.write(descriptor, signal);
  }

  /** Deflates `source` into the output; answers the compressed size. */
  private async writeDeflated(source: Readable, count: (chunk: Buffer) => void, signal: AbortSignal): Promise<number> {
    const deflate = createDeflateRaw();
    let compressedSize = 0;
    const feed = async () => {
      for await (const chunk of source) {
        count(chunk as Buffer);
        if (!deflate.write(chunk)) await once(deflate, "drain", { signal });
      }
      deflate.end();
    };
    const drain = async () => {
      for await (const chunk of deflate) {
        compressedSize += (chunk as Buffer).length;
        await this.write(chunk as Buffer, signal);
      }
    };
    try {
      // Together, so a failure on either side is handled whichever comes first.
      await Promise.all([feed(), drain()]);
    } catch (error) {
      deflate.destroy();
      throw error;
    }
    return compressedSize;
  }

  /** The central directory header of `record`, written into `into` at `at`; answers where it ends. */
  private centralHeader(record: CentralRecord, into: Buffer, at: number): number {
    const large = [record.size, record.compressedSize, record.offset].map((value) => value >= MAX_32);
    const zip64Values = [record.size, record.compressedSize, record.offset].filter((_, index) => large[index]);
    const extra = zip64Values.length > 0 ? zip64Extra(zip64Values) : EMPTY;
    into.writeUInt32LE(CENTRAL_HEADER, at);
    into.writeUInt16LE(MADE_BY_UNIX | 45, at + 4);
    into.writeUInt16LE(zip64Values.length > 0 ? 45 : 20, at + 6);
    into.writeUInt16LE(record.flags, at + 8);
    into.writeUInt16LE(record.method, at + 10);
    into.writeUInt16LE(record.time, at + 12);
    into.writeUInt16LE(record.date, at + 14);
    into.writeUInt32LE(record.crc, at + 16);
    into.writeUInt32LE(large[1] ? MAX_32 : record.compressedSize, at + 20);
    into.writeUInt32LE(large[0] ? MAX_32 : record.size, at + 24);
    into.writeUInt16LE(record.name.length, at + 28);
    into.writeUInt16LE(extra.length, at + 30);
    // Comment length, disk number, internal attributes: zero.
    into.fill(0, at + 32, at + 38);
    into.writeUInt32LE(record.externalAttributes, at + 38);
    into.writeUInt32LE(large[2] ? MAX_32 : record.offset, at + 42);
    record.name.copy(into, at + 46);
    extra.copy(into, at + 46 + record.name.length);
    return at + 46 + record.name.length + extra.length;
  }

  /** The central directory, its headers gathered into chunks of about DIRECTORY_CHUNK_BYTES. */
  private async writeDirectory(signal: AbortSignal): Promise<void> {
    // A header takes at most 46 bytes, its name and a ZIP64 extra of three values (28 bytes).
    const most = (record: CentralRecord) => 46 + record.name.length + 28;
    let chunk = Buffer.allocUnsafe(DIRECTORY_CHUNK_BYTES);
    let used = 0;
    for (const record of this.records) {
      if (used + most(record) > chunk.length) {
        await this.write(chunk.subarray(0, used), signal);
        chunk = Buffer.allocUnsafe(Math.max(DIRECTORY_CHUNK_BYTES, most(record)));
        used = 0;
      }
      used = this.centralHeader(record, chunk, used);
    }
    if (used > 0) await this.write(chunk.subarray(0, used), signal);
  }

  /** The central directory and the end records; then the output ends. */
  async finish(signal: AbortSignal): Promise<void> {
    const start = this.offset;
    await this.writeDirectory(signal);
    const directorySize = this.offset - start;
    const count = this.records.length;
    if (count >= MAX_16 || start >= MAX_32 || directorySize >= MAX_32) {
      const zip64End = Buffer.alloc(56);
      zip64End.writeUInt32LE(ZIP64_END_OF_CENTRAL_DIRECTORY, 0);
      zip64End.writeBigUInt64LE(44n, 4);
      zip64End.writeUInt16LE(MADE_BY_UNIX | 45, 12);
      zip64End.writeUInt16LE(45, 14);
      zip64End.writeBigUInt64LE(BigInt(count), 24);
      zip64End.writeBigUInt64LE(BigInt(count), 32);
      zip64End.writeBigUInt64LE(BigInt(directorySize), 40);
      zip64End.writeBigUInt64LE(BigInt(start), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(ZIP64_END_LOCATOR, 0);
      locator.writeBigUInt64LE(BigInt(this.offset), 8);
      locator.writeUInt32LE(1, 16);
      await this.write(Buffer.concat([zip64End, locator]), signal);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(Math.min(count, MAX_16), 8);
    end.writeUInt16LE(Math.min(count, MAX_16), 10);
    end.writeUInt32LE(Math.min(directorySize, MAX_32), 12);
    end.writeUInt32LE(Math.min(start, MAX_32), 16);
    await this.write(end, signal);
    this.output.end();
  }
}
