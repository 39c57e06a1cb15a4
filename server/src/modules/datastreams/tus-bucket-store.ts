// Partial tus uploads kept in the S3 bucket (STORAGE=s3) instead of one instance's disk, so that any instance behind a
// load balancer can resume an upload another one began. Under tus/<id>/: `info` (size, metadata, creation date) and
// one object per PATCH named by the offset it starts at; the upload's offset is the run of chunks that follow each
// other from 0. Why not @tus/s3-store: docs/decisions/0010.

import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Client } from "@aws-sdk/client-s3";
import { DataStore, ERRORS, Upload } from "@tus/utils";
import type { S3Settings } from "../../config.ts";
import { s3ClientConfig } from "../../platform/blobs/s3-blob-store.ts";
import { type S3Sdk, s3Sdk } from "../../platform/blobs/s3-sdk.ts";

const PREFIX = "tus/";
const INFO = "info";
/** Offsets as fixed-width decimal names, so that listing order is offset order. */
const OFFSET_DIGITS = 16;
const PART_BYTES = 8 * 1024 * 1024;

type Chunk = { key: string; offset: number; size: number };
type UploadInfo = { size?: number; metadata?: Upload["metadata"]; creation_date?: string };

const isNotFound = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404 || (err as Error).name === "NoSuchKey";

export class BucketTusStore extends DataStore {
  private client: S3Client | undefined;
  private readonly bucket: string;

  /** `scratchDir`: where a PATCH's bytes are spooled before they go to the bucket (its length must be known). */
  constructor(
    private readonly settings: S3Settings,
    private readonly scratchDir: string,
    private readonly expirationMs: number,
  ) {
    super();
    this.bucket = settings.bucket;
    this.extensions = ["creation", "creation-with-upload", "creation-defer-length", "termination", "expiration"];
  }

  /** The SDK (imported on first use) and the client, made then. */
  private async s3(): Promise<{ sdk: S3Sdk; client: S3Client }> {
    const sdk = await s3Sdk();
    this.client ??= new sdk.S3Client(s3ClientConfig(this.settings));
    return { sdk, client: this.client };
  }

  private infoKey(id: string): string {
    return `${PREFIX}${id}/${INFO}`;
  }

  private async putInfo(id: string, info: UploadInfo): Promise<void> {
    const { sdk, client } = await this.s3();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.bucket, Key: this.infoKey(id), Body: JSON.stringify(info), ContentType: "application/json" }),
    );
  }

  private async readInfo(id: string): Promise<UploadInfo> {
    const { sdk, client } = await this.s3();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.infoKey(id) }));
      return JSON.parse((await answer.Body?.transformToString()) ?? "{}");
    } catch (err) {
      if (isNotFound(err)) throw ERRORS.FILE_NOT_FOUND;
      throw err;
    }
  }

  private async *keysUnder(prefix: string): AsyncGenerator<{ key: string; size: number; modifiedAt?: Date }> {
    const { sdk, client } = await this.s3();
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** The chunks that follow each other from offset 0; anything else (a write that lost a race) is left out. */
  private async chunks(id: string): Promise<Chunk[]> {
    const found: Chunk[] = [];
    for await (const { key, size } of this.keysUnder(`${PREFIX}${id}/`)) {
      const name = key.slice(key.lastIndexOf("/") + 1);
      if (/^\d+$/.test(name)) found.push({ key, offset: Number(name), size });
    }
    found.sort((x, y) => x.offset - y.offset);
    const run: Chunk[] = [];
    let next = 0;
    for (const chunk of found) {
      if (chunk.offset !== next || chunk.size === 0) continue;
      run.push(chunk);
      next += chunk.size;
    }
    return run;
  }

  override async create(upload: Upload): Promise<Upload> {
    await this.putInfo(upload.id, { size: upload.size, metadata: upload.metadata, creation_date: upload.creation_date });
    upload.storage = { type: "s3", path: `${PREFIX}${upload.id}`, bucket: this.bucket };
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const info = await this.readInfo(id);
    const offset = (await this.chunks(id)).reduce((sum, chunk) => sum + chunk.size, 0);
    return new Upload({ id, size: info.size, offset, metadata: info.metadata, creation_date: info.creation_date });
  }

  /**
   * Spools the request's bytes, then stores them as the chunk at `offset`. Bytes received before the client went are
   * kept too, so the upload resumes after them as with a file store.
   */
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    await mkdir(this.scratchDir, { recursive: true });
    const scratch = join(this.scratchDir, `${id}-${randomUUID()}.part`);
    let failure: unknown;
    try {
      await pipeline(readable, createWriteStream(scratch)).catch((err: unknown) => {
        failure = err;
      });
      const size = (await stat(scratch)).size;
      if (size > 0) {
        const key = `${PREFIX}${id}/${String(offset).padStart(OFFSET_DIGITS, "0")}`;
        const { sdk, client } = await this.s3();
        const upload = new sdk.Upload({
          client,
          params: { Bucket: this.bucket, Key: key, Body: createReadStream(scratch), ContentLength: size },
          partSize: PART_BYTES,
          queueSize: 2,
        });
        await upload.done();
      }
      if (failure) throw ERRORS.FILE_WRITE_ERROR;
      return offset + size;
    } finally {
      await rm(scratch, { force: true });
    }
  }

  /** The whole upload's bytes, chunk after chunk. */
  read(id: string): Readable {
    const store = this;
    return Readable.from(
      (async function* () {
        const { sdk, client } = await store.s3();
        for (const chunk of await store.chunks(id)) {
          const answer = await client.send(new sdk.GetObjectCommand({ Bucket: store.bucket, Key: chunk.key }));
          if (!(answer.Body instanceof Readable)) throw new Error("S3 answered without a readable body");
          yield* answer.Body;
        }
      })(),
    );
  }

  override async remove(id: string): Promise<void> {
    const { sdk, client } = await this.s3();
    for await (const { key } of this.keysUnder(`${PREFIX}${id}/`)) {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    }
  }

  override async declareUploadLength(id: string, size: number): Promise<void> {
    await this.putInfo(id, { ...(await this.readInfo(id)), size });
  }

  /** Removes uploads begun longer ago than the expiry, as the tus server judges it (their creation date). */
  override async deleteExpired(): Promise<number> {
    const before = Date.now() - this.expirationMs;
    const ids: string[] = [];
    for await (const { key } of this.keysUnder(PREFIX)) {
      if (key.endsWith(`/${INFO}`)) ids.push(key.slice(PREFIX.length, -INFO.length - 1));
    }
    let removed = 0;
    for (const id of ids) {
      const created = (await this.readInfo(id).catch(() => undefined))?.creation_date;
      if (!created || new Date(created).getTime() >= before) continue;
      await this.remove(id);
      removed++;
    }
    return removed;
  }

  override getExpiration(): number {
    return this.expirationMs;
  }
}
