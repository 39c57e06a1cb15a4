// The first step of every upload: stream the source into a temporary file while counting and keeping the first bytes
// for sniffing, and hashing it in a worker thread (file-hasher.ts). Memory stays constant whatever the file's size;
// a failure leaves no temporary file.
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import type { WriteStream } from "node:fs";
import { type FileHandle, mkdir, open, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { youngGarbageMeter } from "../memory/young-garbage.ts";
import { TEMP_FILE_MAX_AGE_MS, type WrittenBlob } from "./blob-store.ts";
import { BlobStoreUnavailable, BlobTooLarge, BlobUploadAborted } from "./errors.ts";
import { hashFileBehindWriter } from "./file-hasher.ts";
import { SNIFF_BYTES, sniffMimeType } from "./sniff.ts";

export type SpooledFile = WrittenBlob & { tempPath: string };

const TEMP_SUFFIX = ".part";
/**
 * Bytes each stage may hold before the sender is paused. With the default 16 KiB the disk is written one socket read
 * at a time and the request waits on each write; with 1 MiB the reads that arrive meanwhile go down in one writev.
 */
const SPOOL_BUFFER_BYTES = 1024 * 1024;
/**
 * While a large file arrives, what is written so far is synced every this many bytes, in the background: the disk
 * flushes while the network delivers, and the sync before the rename finds little left to write.
 */
const BACKGROUND_SYNC_BYTES = 64 * 1024 * 1024;

/** Starts a datasync of `handle` each time BACKGROUND_SYNC_BYTES more have been written through `file`. */
function syncInBackground(handle: FileHandle, file: WriteStream): () => void {
  let syncedUpTo = 0;
  let isSyncing = false;
  return () => {
    if (isSyncing || file.bytesWritten - syncedUpTo < BACKGROUND_SYNC_BYTES) return;
    isSyncing = true;
    syncedUpTo = file.bytesWritten;
    // Only an early start of the final sync: a failure here (the file closed meanwhile) changes nothing.
    handle
      .datasync()
      .catch(() => {})
      .finally(() => {
        isSyncing = false;
      });
  };
}

export async function spoolToTempFile(tempDir: string, source: Readable, maxBytes: number): Promise<SpooledFile> {
  // NaN would compare false against every size and let any file through.
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw new Error(`maxBytes must be a whole number of bytes, not ${maxBytes}`);
  await mkdir(tempDir, { recursive: true });
  const tempPath = join(tempDir, `${randomUUID()}${TEMP_SUFFIX}`);
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const freeReadBuffers = youngGarbageMeter();

  const meter = new Transform({
    highWaterMark: SPOOL_BUFFER_BYTES,
    transform(chunk: Buffer | string, _encoding, callback) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > maxBytes) {
        callback(new BlobTooLarge(maxBytes));
        return;
      }
      hasher.written(file.bytesWritten);
      syncSoFar();
      freeReadBuffers(bytes.length);
      if (headLength < SNIFF_BYTES) {
        const part = Buffer.from(bytes.subarray(0, SNIFF_BYTES - headLength));
        head.push(part);
        headLength += part.length;
      }
      callback(null, bytes);
    },
  });

  // `flush` fsyncs before close, so the rename that publishes the file never points at unwritten data.
  const handle = await open(tempPath, "wx", 0o600).catch((err: unknown) => {
    throw new BlobStoreUnavailable(err);
  });
  const file = handle.createWriteStream({ flush: true, highWaterMark: SPOOL_BUFFER_BYTES });
  const syncSoFar = syncInBackground(handle, file);
  const hasher = hashFileBehindWriter(tempPath);
  // Pipeline passes the first error on to every stream, so only the first one to fail tells whose fault it was.
  let failedFirst: "source" | "file" | undefined;
  source.once("error", () => {
    failedFirst ??= "source";
  });
  file.once("error", (err: NodeJS.ErrnoException) => {
    // Only the file system's own failures (disk full, no permission) carry a syscall; an error the pipeline passed on
    // from the source (a multipart parser ending a part early) reaches the file first but is the sender's.
    if (err.syscall) failedFirst ??= "file";
  });
  try {
    await pipeline(source, meter, file);
    const headBytes = Buffer.concat(head);
    const digest = hasher.digest(size).catch((err: unknown) => {
      throw new BlobStoreUnavailable(err);
    });
    const [sums, mimeType] = await Promise.all([digest, sniffMimeType(headBytes, size === headBytes.length)]);
    return { tempPath, ...sums, size, mimeType };
  } catch (err) {
    hasher.cancel();
    // The file may still be opening when the source fails; removing it before it closes could leave it behind.
    if (!file.closed) await once(file, "close");
    await rm(tempPath, { force: true });
    if (err instanceof BlobTooLarge || err instanceof BlobStoreUnavailable) throw err;
    // Disk full or not writable is the store's fault; anything else means the sender stopped.
    if (failedFirst === "file") throw new BlobStoreUnavailable(err);
    throw new BlobUploadAborted(err);
  }
}

/** Removes temporary files last written before `olderThanMs` ago; answers how many. */
export async function sweepTempDir(tempDir: string, olderThanMs = TEMP_FILE_MAX_AGE_MS, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(tempDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw err;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(TEMP_SUFFIX)) continue;
    const path = join(tempDir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info || now - info.mtimeMs < olderThanMs) continue;
    await rm(path, { force: true });
    removed++;
  }
  return removed;
}
