// Uploads: every file is streamed into the blob store (hashed, counted, sniffed, never held in memory) with no
// transaction open; then one short transaction checks the rules again and makes the files visible: blob rows,
// datastreams, memberships, property values, activity and the thumbnail job. Files an upload stored but never
// recorded (a rule refused it, the sender stopped) are removed again. Multipart and resumable (tus) uploads share it.
import type { Readable } from "node:stream";
import { CONTENT_LIMITS, type Datastream, type DatastreamType, DatastreamUploadData, type Destination, ROOT } from "@repox/contracts";
import { recordActivity } from "../../platform/activity/activity.ts";
import type { WrittenBlob } from "../../platform/blobs/blob-store.ts";
import { BlobTooLarge } from "../../platform/blobs/errors.ts";
import { findBlob, lockBlob, recordBlob } from "../../platform/blobs/repository.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { BadRequest, Conflict, NotFound } from "../../platform/errors.ts";
import { type RequestContext, signedIn } from "../../platform/http/access.ts";
import { parseDataPart } from "../../platform/http/json-part.ts";
import type { UploadPart } from "../../platform/http/multipart-parts.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import * as values from "../containers/property-values.repository.ts";
import { type CheckedValues, checkPropertyValues } from "../containers/property-values.ts";
import type { ContainerRow } from "../containers/repository.ts";
import type { DatastreamsDeps } from "./deps.ts";
import * as repo from "./repository.ts";

type ReceivedFile = WrittenBlob & { filename: string };

type Checked = { container: ContainerRow; type: DatastreamType; values: CheckedValues };

const TOP_LEVEL_REFUSED = "Select a different destination: files cannot be uploaded to the top level";
const UNTITLED = "Untitled";

/** A label from a file name as browsers send it: the last path segment, no control characters, at most 255 long. */
export function labelFromFileName(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? "";
  const clean = base.replace(/\p{Cc}/gu, "").trim();
  if (!clean) return UNTITLED;
  if (clean.length <= CONTENT_LIMITS.labelMaxLength) return clean;
  const dot = clean.lastIndexOf(".");
  const extension = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : "";
  return `${clean.slice(0, CONTENT_LIMITS.labelMaxLength - extension.length).trimEnd()}${extension}`;
}

/** The `data` part: JSON text, or already parsed when the part was sent as application/json. */
export const parseUploadData = (value: unknown): DatastreamUploadData => parseDataPart(value, DatastreamUploadData);

export function createUploads(deps: DatastreamsDeps, answer: (trx: Trx, ctx: RequestContext, ids: string[]) => Promise<Datastream[]>) {
  const graph = (trx: Trx) => deps.containers.within(trx);

  async function requireTarget(trx: Trx, to: Destination): Promise<ContainerRow> {
    if (to === ROOT) throw new BadRequest(TOP_LEVEL_REFUSED);
    return graph(trx).requireContainer(to);
  }

  /** The rules that do not depend on the bytes: container, type, acceptance, property values. */
  async function checkData(trx: Trx, to: Destination, data: DatastreamUploadData): Promise<Checked> {
    const container = await requireTarget(trx, to);
    const type = await deps.contentModel.within(trx).getDatastreamType(data.type);
    if (!type) throw new BadRequest(`type: no datastream type with code '${data.type}'`);
    await graph(trx).assertAcceptsDatastream(container, type, "created");
    const checked = await checkPropertyValues(trx, deps, {
      subject: `datastream type '${type.code}'`,
      properties: type.properties,
      inputs: data.properties,
    });
    return { container, type, values: checked };
  }

  async function liveDatastream(trx: Trx, id: string): Promise<repo.DatastreamRow> {
    const row = await repo.findDatastream(trx, id);
    if (!row) throw new NotFound(`Datastream ${id} not found`);
    return row;
  }

  /** Records the blobs under their locks: a purge of the same content either finished (the bytes are gone) or waits. */
  async function recordBlobs(trx: Trx, ctx: RequestContext, files: readonly ReceivedFile[]): Promise<void> {
    const distinct = [...new Map(files.map((file) => [file.sha256, file])).values()].sort((a, b) => a.sha256.localeCompare(b.sha256));
    for (const blob of distinct) {
      await lockBlob(trx, ctx.tenant.id, blob.sha256);
      if (!(await findBlob(trx, blob.sha256)) && !(await deps.blobs.statBlob(ctx.tenant.id, blob.sha256))) {
        throw new Conflict("The file was removed from the store while it was being uploaded. Please upload it again.");
      }
      await recordBlob(trx, ctx.tenant.id, blob);
      await deps.media.enqueueDerivatives(trx, ctx.tenant.id, blob);
    }
  }

  async function commit(ctx: RequestContext, to: Destination, data: DatastreamUploadData, files: readonly ReceivedFile[]) {
    const user = signedIn(ctx).user;
    return ctx.db.transaction(async (trx) => {
      // Locked before the container is read, so a move or removal of it cannot slip in between.
      await graph(trx).lockGraph(ctx.tenant.id);
      const { container, type, values: checked } = await checkData(trx, to, data);
      await deps.storage.within(trx).reserve(ctx, files);
      await recordBlobs(trx, ctx, files);
      const rows = files.map((file) => ({
        tenant_id: ctx.tenant.id,
        id: uuidv7(),
        label: files.length === 1 && data.label ? data.label : labelFromFileName(file.filename),
        type_id: type.id,
        blob_sha256: file.sha256,
        mime_type: file.mimeType,
        filesize: file.size,
        created_by: user.id,
      }));
      await repo.insertDatastreams(trx, rows);
      const ids = rows.map((row) => row.id);
      await repo.insertMemberships(trx, ctx.tenant.id, container.id, ids);
      for (const id of ids) {
        await values.replaceValues(trx, ctx.tenant.id, "datastream", id, checked.keys, checked.rows);
        const params = { what: "uploaded", container: container.label } as const;
        await recordActivity(trx, ctx, { objectType: "datastream", objectId: id, action: "created", params });
      }
      return answer(trx, ctx, ids);
    });
  }

  /** Removes stored files no row refers to, each under its lock; a file another upload recorded meanwhile stays. */
  async function discard(ctx: RequestContext, files: readonly ReceivedFile[]): Promise<void> {
    for (const sha256 of new Set(files.map((file) => file.sha256))) {
      try {
        await ctx.db.transaction(async (trx) => {
          await lockBlob(trx, ctx.tenant.id, sha256);
          if (!(await findBlob(trx, sha256))) await deps.blobs.deleteBlob(ctx.tenant.id, sha256);
        });
      } catch {
        // Bytes without a row are invisible and count nowhere; failing here must not hide why the upload failed.
      }
    }
  }

  /** Streams one file into the store, then commits it; on any failure nothing of it stays. */
  async function storeAndCommit(
    ctx: RequestContext,
    to: Destination,
    receive: (store: (filename: string, stream: Readable) => Promise<void>) => Promise<DatastreamUploadData | undefined>,
  ): Promise<Datastream[]> {
    const maxBytes = await deps.settings.uploadSizeLimit(ctx);
    const received: ReceivedFile[] = [];
    try {
      const data = await receive(async (filename, stream) => {
        received.push({ ...(await deps.blobs.writeBlob(ctx.tenant.id, stream, { maxBytes })), filename });
      });
      if (!data) throw new BadRequest("The upload needs a 'data' part: JSON with the datastream type, label and properties");
      if (received.length === 0) throw new BadRequest("Choose at least one file to upload");
      return await commit(ctx, to, data, received);
    } catch (err) {
      await discard(ctx, received);
      throw err;
    }
  }

  return {
    /** The largest file one upload may carry, in bytes (the upload size setting). */
    uploadLimit: (ctx: RequestContext): Promise<number> => deps.settings.uploadSizeLimit(ctx),

    /**
     * A multipart upload: the `data` part and the files in any order. When `data` comes first its rules are checked
     * before any file is read, so a refused upload stores nothing at all.
     */
    async upload(ctx: RequestContext, to: Destination, parts: AsyncIterable<UploadPart>): Promise<Datastream[]> {
      await ctx.db.transaction((trx) => requireTarget(trx, to));
      return storeAndCommit(ctx, to, async (store) => {
        let data: DatastreamUploadData | undefined;
        for await (const part of parts) {
          if (part.kind === "file") {
            await store(part.filename, part.stream);
            continue;
          }
          if (data) throw new BadRequest("The upload holds more than one 'data' part");
          const parsed = parseUploadData(part.value);
          await ctx.db.transaction((trx) => checkData(trx, to, parsed));
          data = parsed;
        }
        return data;
      });
    },

    /** Before a resumable upload starts: everything that can be checked with its announced size. */
    async checkResumable(ctx: RequestContext, to: Destination, data: DatastreamUploadData, size: number): Promise<void> {
      const maxBytes = await deps.settings.uploadSizeLimit(ctx);
      if (size > maxBytes) throw new BlobTooLarge(maxBytes);
      await ctx.db.transaction((trx) => checkData(trx, to, data));
      await deps.storage.assertRoomFor(ctx, [{ size }]);
    },

    /**
     * New bytes for an existing datastream (WebDAV's PUT to a file's name): streamed into the store like an upload,
     * then one transaction points the datastream at them; the file it held is purged if nothing else holds it.
     */
    async replaceContent(ctx: RequestContext, id: string, stream: Readable): Promise<Datastream> {
      const user = signedIn(ctx).user;
      const maxBytes = await deps.settings.uploadSizeLimit(ctx);
      await ctx.db.transaction((trx) => liveDatastream(trx, id));
      const received: ReceivedFile[] = [];
      try {
        received.push({ ...(await deps.blobs.writeBlob(ctx.tenant.id, stream, { maxBytes })), filename: "" });
        return await ctx.db.transaction(async (trx) => {
          await graph(trx).lockGraph(ctx.tenant.id);
          const row = await liveDatastream(trx, id);
          const [file] = received;
          if (!file) throw new Error("A stored replacement made no file");
          if (file.sha256 !== row.blob_sha256) {
            await deps.storage.within(trx).reserve(ctx, [{ size: Math.max(0, file.size - Number(row.filesize)) }]);
            await recordBlobs(trx, ctx, received);
            await repo.replaceDatastreamFile(trx, id, user.id, { blob_sha256: file.sha256, mime_type: file.mimeType, filesize: file.size });
            await deps.purgeFiles(trx, ctx.tenant.id, [row.blob_sha256]);
            await recordActivity(trx, ctx, { objectType: "datastream", objectId: id, action: "updated", params: { what: "fileReplaced" } });
          }
          const [replaced] = await answer(trx, ctx, [id]);
          if (!replaced) throw new Error("A replaced datastream could not be read");
          return replaced;
        });
      } catch (err) {
        await discard(ctx, received);
        throw err;
      }
    },

    /** A finished resumable upload: its bytes go into the blob store, then the datastream is made as for multipart. */
    async storeResumable(
      ctx: RequestContext,
      to: Destination,
      data: DatastreamUploadData,
      file: { filename: string; stream: Readable },
    ): Promise<Datastream> {
      const [created] = await storeAndCommit(ctx, to, async (store) => {
        await store(file.filename, file.stream);
        return data;
      });
      if (!created) throw new Error("A stored resumable upload made no datastream");
      return created;
    },
  };
}
