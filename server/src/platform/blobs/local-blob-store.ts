// The default blob store: files under DATA_DIR/blobs/<tenant>/<aa>/<bb>/<sha256>, published by an atomic rename
// from DATA_DIR/blobs/tmp once complete, so a reader never sees half a file.
import { mkdir, open, readdir, rename, rm, stat, utimes } from "node:fs/promises";
import { dirname, join } from "node:path";
import { readWholeFile } from "./blob-reader.ts";
import { assertTenantId, type BlobStore, blobKey, isSha256, resolveRange, type StoredFile } from "./blob-store.ts";
import { BlobNotFound } from "./errors.ts";
import { spoolToTempFile, sweepTempDir } from "./spool.ts";

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === "ENOENT";
}

/**
 * Whether the file exists, marking it written now when it does: a blob written again starts the orphan sweep's grace
 * period afresh, so the sweep leaves it to the upload whose row is about to commit.
 */
async function touchIfExists(path: string): Promise<boolean> {
  try {
    const now = new Date();
    await utimes(path, now, now);
    return true;
  } catch (err) {
    if (isMissing(err)) return false;
    // A file this process may read but not touch (restored from a backup by another user) is there all the same.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EPERM" || code === "EACCES") return true;
    throw err;
  }
}

/** Makes a rename durable: the new directory entry reaches the disk, not only the file's data. */
async function syncDirectory(path: string): Promise<void> {
  const directory = await open(path, "r");
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

/** Names in a folder; none when it does not exist (a tenant that never stored a file, a file deleted meanwhile). */
async function namesIn(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (err) {
    if (isMissing(err) || (err as NodeJS.ErrnoException).code === "ENOTDIR") return [];
    throw err;
  }
}

/** The files of the <aa>/<bb>/<sha256> layout below a tenant's folder; anything else found there is left out. */
async function* filesBelow(tenantDir: string): AsyncGenerator<StoredFile> {
  for (const first of await namesIn(tenantDir)) {
    for (const second of await namesIn(join(tenantDir, first))) {
      for (const name of await namesIn(join(tenantDir, first, second))) {
        if (!isSha256(name) || name.slice(0, 2) !== first || name.slice(2, 4) !== second) continue;
        const info = await stat(join(tenantDir, first, second, name)).catch((err: unknown) => {
          if (isMissing(err)) return undefined;
          throw err;
        });
        if (info?.isFile()) yield { sha256: name, modifiedAt: info.mtime };
      }
    }
  }
}

export function createLocalBlobStore(rootDir: string): BlobStore {
  const tempDir = join(rootDir, "tmp");
  const pathOf = (tenantId: string, sha256: string) => join(rootDir, blobKey(tenantId, sha256));

  return {
    async writeBlob(tenantId, source, { maxBytes }) {
      assertTenantId(tenantId);
      const { tempPath, ...blob } = await spoolToTempFile(tempDir, source, maxBytes);
      const target = pathOf(tenantId, blob.sha256);
      // Whatever happens below, the temporary file does not outlive this call.
      try {
        if (await touchIfExists(target)) return blob;
        await mkdir(dirname(target), { recursive: true });
        await rename(tempPath, target);
        await syncDirectory(dirname(target));
        return blob;
      } finally {
        await rm(tempPath, { force: true });
      }
    },

    async openBlob(tenantId, sha256, range) {
      if (!isSha256(sha256)) throw new BlobNotFound(sha256);
      const handle = await open(pathOf(tenantId, sha256), "r").catch((err: unknown) => {
        throw isMissing(err) ? new BlobNotFound(sha256) : err;
      });
      try {
        if (!range) return handle.createReadStream();
        const { size } = await handle.stat();
        return handle.createReadStream(resolveRange(range, size));
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    readWholeBlob(tenantId, sha256, size, options) {
      if (!isSha256(sha256)) return Promise.reject(new BlobNotFound(sha256));
      return readWholeFile(pathOf(tenantId, sha256), size, sha256, options);
    },

    async localPath(tenantId, sha256) {
      if (!isSha256(sha256)) throw new BlobNotFound(sha256);
      const path = pathOf(tenantId, sha256);
      await stat(path).catch((err: unknown) => {
        throw isMissing(err) ? new BlobNotFound(sha256) : err;
      });
      return path;
    },

    async statBlob(tenantId, sha256) {
      if (!isSha256(sha256)) return undefined;
      try {
        const { size } = await stat(pathOf(tenantId, sha256));
        return { size };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },

    async deleteBlob(tenantId, sha256) {
      if (!isSha256(sha256)) return;
      await rm(pathOf(tenantId, sha256), { force: true });
    },

    listBlobs(tenantId) {
      assertTenantId(tenantId);
      return filesBelow(join(rootDir, tenantId));
    },

    sweepTempFiles(options) {
      return sweepTempDir(tempDir, options?.olderThanMs);
    },
  };
}
