// A real S3-compatible server speaking HTTP on a free port (s3rver, files in a temporary folder) with one bucket, and
// the S3_* settings that point Repox at it. Closed and removed by `close`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

/** s3rver's built-in account. */
const ACCESS_KEY = "S3RVER";

export type S3Server = {
  endpoint: string;
  bucket: string;
  /** STORAGE=s3 and the S3_* variables for a server process. */
  env: Record<string, string>;
  close(): Promise<void>;
};

export async function startS3Server(bucket = "repox"): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), "repox-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
