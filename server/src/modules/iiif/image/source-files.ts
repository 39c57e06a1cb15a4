// A stored file as a path for libvips, which then reads only the parts a render needs instead of the whole file in
// the JS heap. The local store lends its own file; any other store (S3) is copied once per use to scratch space,
// streamed, and the copy removed afterwards. A failing store fails the copy, and with it the request.
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { BlobStore } from "../../../platform/blobs/blob-store.ts";
import { BlobStoreUnavailable } from "../../../platform/blobs/errors.ts";

export async function withBlobFile<T>(
  store: BlobStore,
  workDir: string,
  tenantId: string,
  sha256: string,
  work: (path: string) => Promise<T>,
): Promise<T> {
  if (store.localPath) return work(await store.localPath(tenantId, sha256));
  await mkdir(workDir, { recursive: true });
  const folder = await mkdtemp(join(workDir, "iiif-"));
  try {
    const path = join(folder, "source");
    const source = await store.openBlob(tenantId, sha256);
    // A connection lost mid-file (or a full scratch disk) is the store's trouble, answered 503 like a failed open.
    await pipeline(source, createWriteStream(path, { flags: "wx", mode: 0o600 })).catch((err: unknown) => {
      throw new BlobStoreUnavailable(err);
    });
    return await work(path);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
