// Where derivatives are kept: a blob store of their own, content-addressed like the user's files but apart from them
// (DATA_DIR/derivatives/<tenant>/…, or the bucket's derivatives/<tenant>/… keys), so they never count as storage used.
import { join } from "node:path";
import type { Config } from "../../config.ts";
import type { BlobStore } from "../blobs/blob-store.ts";
import { createLocalBlobStore } from "../blobs/local-blob-store.ts";
import { createS3BlobStore } from "../blobs/s3-blob-store.ts";

export type DerivativeStorage = {
  derivatives: BlobStore;
  /** Local scratch space where a source is copied for the renderers (ffmpeg needs a seekable file). */
  workDir: string;
};

export function createDerivativeStorage(config: Pick<Config, "dataDir" | "storage" | "s3">): DerivativeStorage {
  const root = join(config.dataDir, "derivatives");
  const workDir = join(root, "work");
  if (config.storage === "local") return { derivatives: createLocalBlobStore(root), workDir };
  if (!config.s3) throw new Error("STORAGE=s3 needs the S3_* settings");
  return { derivatives: createS3BlobStore({ settings: config.s3, tempDir: join(root, "tmp"), keyPrefix: "derivatives/" }), workDir };
}
