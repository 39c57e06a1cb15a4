// Picks the blob store the configuration asks for. Both keep unfinished uploads under DATA_DIR/blobs/tmp.
import { join } from "node:path";
import type { Config } from "../../config.ts";
import type { BlobStore } from "./blob-store.ts";
import { createLocalBlobStore } from "./local-blob-store.ts";
import { createS3BlobStore } from "./s3-blob-store.ts";

export function createBlobStore(config: Pick<Config, "dataDir" | "storage" | "s3">): BlobStore {
  const root = join(config.dataDir, "blobs");
  if (config.storage === "local") return createLocalBlobStore(root);
  if (!config.s3) throw new Error("STORAGE=s3 needs the S3_* settings");
  return createS3BlobStore({ settings: config.s3, tempDir: join(root, "tmp") });
}
