// The AWS SDK, imported on first use: a server on local storage never loads it (with lib-storage about 30 MiB of a
// bare process's resident memory; docs/performance.md, `footprint`).
import type * as ClientS3 from "@aws-sdk/client-s3";
import type * as LibStorage from "@aws-sdk/lib-storage";

export type S3Sdk = typeof ClientS3 & Pick<typeof LibStorage, "Upload">;

let loading: Promise<S3Sdk> | undefined;

export function s3Sdk(): Promise<S3Sdk> {
  loading ??= Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]).then(([client, storage]) => ({
    ...client,
    Upload: storage.Upload,
  }));
  return loading;
}
