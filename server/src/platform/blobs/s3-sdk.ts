// The AWS SDK, imported on first use: a server on local storage never loads it (with lib-storage about 30 MiB of a
// bare process's resident memory; docs/performance.md, `footprint`).
import type * as ClientS3 from "@aws-sdk/client-s3";
import type * as LibStorage from "@aws-sdk/lib-storage";
import { onFirstUse } from "../first-use.ts";

export type S3Sdk = typeof ClientS3 & Pick<typeof LibStorage, "Upload">;

export const s3Sdk: () => Promise<S3Sdk> = onFirstUse(() =>
  Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]).then(([client, storage]) => ({
    ...client,
    Upload: storage.Upload,
  })),
);
