// The default blob store: files under DATA_DIR/blobs/<tenant>/<aa>/<bb>/<sha256>, published by an atomic rename
// from DATA_DIR/blobs/tmp once complete, so a reader never sees half a file.
import { access, mkdir, open, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { assertTenantId, type BlobStore, blobKey, isSha256, resolveRange } from "./blob-store.ts";
import { BlobNotFound } from "./errors.ts";
import { spoolToTempFile, sweepTempDir } from "./spool.ts";

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === "ENOENT";
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch (err) {
    if (isMissing(err)) return false;
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
        if (await exists(target)) return blob;
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

    sweepTempFiles(options) {
      return sweepTempDir(tempDir, options?.olderThanMs);
    },
  };
}
