// A real S3-compatible server speaking HTTP on a free port (s3rver, files in a temporary folder) with one bucket, and
// the S3_* settings that point Repox at it. Closed and removed by `close`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { s3ClientConfig } from "../platform/blobs/s3-blob-store.ts";

/** s3rver's built-in account. */
const ACCESS_KEY = "S3RVER";

export type S3Server = {
  endpoint: string;
  bucket: string;
  /** STORAGE=s3 and the S3_* variables for a server process. */
  env: Record<string, string>;
  /** An SDK client on the bucket, for a test to look at or change objects. */
  client: S3Client;
  /** Every key under `prefix`, sorted. */
  keys(prefix: string): Promise<string[]>;
  close(): Promise<void>;
};

export async function startS3Server(bucket = "repox"): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), "repox-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client(
    s3ClientConfig({ bucket, region: "us-east-1", endpoint, accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY, forcePathStyle: true }),
  );
  return {
    endpoint,
    bucket,
    client,
    async keys(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ""));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    env: {
      STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
