// A stored file as a path for libvips, which then reads only the parts a render needs instead of the whole file in
// the JS heap. The local store lends its own file. Any other store (S3) is copied once to scratch space, streamed,
// and the copy kept for the next renders of the same file (a viewer's session asks for dozens of tiles) until the
// copies pass their byte budget, when the least recently used ones not in use are removed. A failing store fails the
// copy, and with it the request.
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { BlobStore } from "../../../platform/blobs/blob-store.ts";
import { BlobStoreUnavailable } from "../../../platform/blobs/errors.ts";

type Copy = { path: string; size: number; users: number; lastUsed: number; ready: Promise<void> };
export type BlobFiles = {
  withFile<T>(store: BlobStore, tenantId: string, sha256: string, work: (path: string) => Promise<T>): Promise<T>;
};

/** Folders of copies that a process which ended without cleaning up left behind, removed when this long untouched. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

export function createBlobFiles(options: { workDir: string; maxBytes: number }): BlobFiles {
  const root = join(options.workDir, "iiif-copies");
  const folder = join(root, randomUUID());
  const copies = new Map<string, Copy>();
  let isSwept = false;

  /** Once per process: clears the folders of copies that ended processes left behind. */
  async function sweepAbandoned() {
    if (isSwept) return;
    isSwept = true;
    for (const name of await readdir(root).catch(() => [])) {
      const path = join(root, name);
      const info = await stat(path).catch(() => undefined);
      if (path !== folder && info && Date.now() - info.mtimeMs > ABANDONED_AFTER_MS) await rm(path, { recursive: true, force: true });
    }
  }

  async function copy(store: BlobStore, tenantId: string, sha256: string, entry: Copy) {
    await sweepAbandoned();
    // Made each time: another process may have taken this folder for abandoned after a quiet day.
    await mkdir(folder, { recursive: true });
    const source = await store.openBlob(tenantId, sha256);
    // A connection lost mid-file (or a full scratch disk) is the store's trouble, answered 503 like a failed open.
    await pipeline(source, createWriteStream(entry.path, { flags: "wx", mode: 0o600 })).catch((err: unknown) => {
      throw new BlobStoreUnavailable(err);
    });
    entry.size = (await stat(entry.path)).size;
  }

  function forget(key: string, entry: Copy) {
    if (copies.get(key) === entry) copies.delete(key);
    return rm(entry.path, { force: true });
  }

  async function evict() {
    let total = [...copies.values()].reduce((sum, entry) => sum + entry.size, 0);
    const idle = [...copies.entries()].filter(([, entry]) => entry.users === 0 && entry.size > 0);
    idle.sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
    for (const [key, entry] of idle) {
      if (total <= options.maxBytes) return;
      total -= entry.size;
      await forget(key, entry);
    }
  }

  return {
    async withFile(store, tenantId, sha256, work) {
      if (store.localPath) return work(await store.localPath(tenantId, sha256));
      const key = `${tenantId}/${sha256}`;
      let entry = copies.get(key);
      // A copy removed behind this process's back (scratch space cleaned) is made again.
      if (entry && entry.size > 0 && !(await stat(entry.path).catch(() => undefined))) {
        await forget(key, entry);
        entry = undefined;
      }
      if (!entry) {
        const made: Copy = { path: join(folder, randomUUID()), size: 0, users: 0, lastUsed: 0, ready: Promise.resolve() };
        made.ready = copy(store, tenantId, sha256, made);
        made.ready.catch(() => forget(key, made));
        copies.set(key, made);
        entry = made;
      }
      entry.users++;
      try {
        await entry.ready;
        entry.lastUsed = Date.now();
        return await work(entry.path);
      } finally {
        entry.users--;
        await evict();
      }
    },
  };
}
