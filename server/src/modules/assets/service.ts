import {
  ASSET_LIMITS,
  type Asset,
  type AssetListQuery,
  type AssetSearchQuery,
  AssetUploadData,
  type Page,
  PERMISSIONS,
  toPage,
} from "@repox/contracts";
import type { WrittenBlob } from "../../platform/blobs/blob-store.ts";
import { findBlob, lockBlob, recordBlob } from "../../platform/blobs/repository.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { BadRequest, Conflict, Forbidden, NotFound } from "../../platform/errors.ts";
import { type RequestContext, type SignedInContext, signedIn } from "../../platform/http/access.ts";
import { parseDataPart } from "../../platform/http/json-part.ts";
import {
  type FileContent,
  type StoredFile,
  storedFileContent,
  type ThumbnailMissing,
  thumbnailContent,
} from "../../platform/media/file-content.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import { createAssetLinks } from "./asset-links.ts";
import type { AssetsDeps } from "./deps.ts";
import { DIMENSIONS_HEAD_BYTES, type ImageDimensions, imageDimensions } from "./image-dimensions.ts";
import { checkImageFileName, checkImageKind, labelFromFileName } from "./image-rules.ts";
import * as repo from "./repository.ts";
import { type AssetUploadPart, ONE_FILE_ONLY } from "./upload-parts.ts";
import { toAsset } from "./views.ts";

/** A stored asset's bytes ready to send: validator and size, opened only when wanted. */
export type AssetContent = FileContent;

/** What another area learns of an asset of the caller's tenant: enough to check it and to read its bytes. */
export type AssetRef = { id: string; label: string; type: string; mimeType: string; sha256: string; size: number };

type ReceivedImage = WrittenBlob & { filename: string };

const NO_FILE = "Choose an image to upload: the request holds no 'file' part";
const NO_DATA = "The upload needs a 'data' part: JSON {type: 'IMAGE', label, properties: []}";

const THUMBNAIL_MISSING: ThumbnailMissing = {
  pending: "The thumbnail is not ready yet.",
  unsupported: "There is no thumbnail for this kind of image.",
  failed: "No thumbnail could be made for this image.",
  unavailable: "Thumbnails cannot be made on this server at the moment.",
};

const storedFileOf = (row: repo.AssetRow): StoredFile => ({
  label: row.label,
  mimeType: row.mime_type,
  size: Number(row.filesize),
  sha256: row.blob_sha256,
});

const notFound = (id: string) => new NotFound(`Asset ${id} not found`);

/**
 * The asset `id` if it exists in the tenant of `trx` (row-level security hides every other tenant's), else undefined.
 * For other areas inside their own transaction: a story saving an IMAGE element or cover page with `from: 'stories'`.
 */
export async function resolveAssetForTenant(trx: Trx, id: string): Promise<AssetRef | undefined> {
  const row = await repo.findAsset(trx, id);
  if (!row) return undefined;
  return { id: row.id, label: row.label, type: row.type, mimeType: row.mime_type, sha256: row.blob_sha256, size: Number(row.filesize) };
}

/** The `data` part: JSON text, or already parsed when the part was sent as application/json. */
export const parseAssetData = (value: unknown): AssetUploadData => parseDataPart(value, AssetUploadData);

/** The bytes and thumbnail routes also answer signed links, which carry no permission of their own. */
function requireStoriesShow(ctx: RequestContext): SignedInContext {
  const viewer = signedIn(ctx);
  if (!viewer.permissions.has(PERMISSIONS.storiesShow)) {
    throw new Forbidden(`You do not have permission to do this (requires ${PERMISSIONS.storiesShow})`);
  }
  return viewer;
}

export function createAssetsService(deps: AssetsDeps) {
  const links = createAssetLinks(deps.signedUrls);

  async function requireAssetView(trx: Trx, id: string): Promise<repo.AssetViewRow> {
    const row = await repo.findAssetView(trx, id);
    if (!row) throw notFound(id);
    return row;
  }

  async function requireAsset(trx: Trx, id: string): Promise<repo.AssetRow> {
    const row = await repo.findAsset(trx, id);
    if (!row) throw notFound(id);
    return row;
  }

  function answer(ctx: RequestContext, row: repo.AssetViewRow): Asset {
    return toAsset(row, links.linksFor(signedIn(ctx), row.id));
  }

  async function pageOf(ctx: RequestContext, query: AssetListQuery, filter: { type?: string; label?: string }): Promise<Page<Asset>> {
    return ctx.db.transaction(async (trx) => {
      const paging = { ...filter, offset: query.page * query.size, limit: query.size };
      const [rows, total] = await Promise.all([repo.listAssets(trx, paging), repo.countAssets(trx, filter)]);
      return toPage(
        rows.map((row) => answer(ctx, row)),
        total,
        query,
      );
    });
  }

  /** Width and height from the stored file's head; unknown when its header does not tell. */
  async function dimensionsOf(ctx: RequestContext, image: ReceivedImage): Promise<ImageDimensions | undefined> {
    if (image.size === 0) return undefined;
    const end = Math.min(image.size, DIMENSIONS_HEAD_BYTES) - 1;
    return imageDimensions(await deps.blobs.openBlob(ctx.tenant.id, image.sha256, { start: 0, end }));
  }

  /** Records the blob under its lock: a purge of the same content either finished (the bytes are gone) or waits. */
  async function recordImageBlob(trx: Trx, ctx: RequestContext, image: ReceivedImage): Promise<void> {
    await lockBlob(trx, ctx.tenant.id, image.sha256);
    if (!(await findBlob(trx, image.sha256)) && !(await deps.blobs.statBlob(ctx.tenant.id, image.sha256))) {
      throw new Conflict("The file was removed from the store while it was being uploaded. Please upload it again.");
    }
    await recordBlob(trx, ctx.tenant.id, image);
    await deps.media.enqueueDerivatives(trx, ctx.tenant.id, image);
  }

  async function commit(ctx: RequestContext, data: AssetUploadData, image: ReceivedImage): Promise<Asset> {
    const user = signedIn(ctx).user;
    const dimensions = await dimensionsOf(ctx, image);
    return ctx.db.transaction(async (trx) => {
      await deps.storage.within(trx).reserve(ctx, [image]);
      await recordImageBlob(trx, ctx, image);
      const id = uuidv7();
      await repo.insertAsset(trx, ctx.tenant.id, {
        id,
        label: data.label ?? labelFromFileName(image.filename, ASSET_LIMITS.labelMaxLength),
        type: data.type,
        blob_sha256: image.sha256,
        mime_type: image.mimeType,
        filesize: image.size,
        width: dimensions?.width ?? null,
        height: dimensions?.height ?? null,
        created_by: user.id,
      });
      return answer(ctx, await requireAssetView(trx, id));
    });
  }

  /** Removes stored bytes no row refers to, under the blob's lock; a file another upload recorded meanwhile stays. */
  async function discard(ctx: RequestContext, image: ReceivedImage): Promise<void> {
    try {
      await ctx.db.transaction(async (trx) => {
        await lockBlob(trx, ctx.tenant.id, image.sha256);
        if (!(await findBlob(trx, image.sha256))) await deps.blobs.deleteBlob(ctx.tenant.id, image.sha256);
      });
    } catch {
      // Bytes without a row are invisible and count nowhere; failing here must not hide why the upload failed.
    }
  }

  return {
    /** The largest image one upload may carry, in bytes (the upload size setting). */
    uploadLimit: (ctx: RequestContext): Promise<number> => deps.settings.uploadSizeLimit(ctx),

    list(ctx: RequestContext, query: AssetListQuery): Promise<Page<Asset>> {
      return pageOf(ctx, query, {});
    },

    search(ctx: RequestContext, query: AssetSearchQuery): Promise<Page<Asset>> {
      return pageOf(ctx, query, { ...(query.q ? { type: query.q } : {}), ...(query.label ? { label: query.label } : {}) });
    },

    get(ctx: RequestContext, id: string): Promise<Asset> {
      return ctx.db.transaction(async (trx) => answer(ctx, await requireAssetView(trx, id)));
    },

    /**
     * A multipart upload: the `data` part and one `file` part in either order. When `data` comes first it is checked
     * before the image is read, and the file name before its bytes, so such refusals store nothing at all.
     */
    async upload(ctx: RequestContext, parts: AsyncIterable<AssetUploadPart>): Promise<Asset> {
      const maxBytes = await deps.settings.uploadSizeLimit(ctx);
      let image: ReceivedImage | undefined;
      try {
        let data: AssetUploadData | undefined;
        for await (const part of parts) {
          if (part.kind === "data") {
            if (data) throw new BadRequest("The upload holds more than one 'data' part");
            data = parseAssetData(part.value);
            continue;
          }
          if (image) throw new BadRequest(ONE_FILE_ONLY);
          checkImageFileName(part.filename);
          image = { ...(await deps.blobs.writeBlob(ctx.tenant.id, part.stream, { maxBytes })), filename: part.filename };
          checkImageKind(image.filename, image.mimeType);
        }
        if (!image) throw new BadRequest(NO_FILE);
        if (!data) throw new BadRequest(NO_DATA);
        return await commit(ctx, data, image);
      } catch (err) {
        if (image) await discard(ctx, image);
        throw err;
      }
    },

    /** The image itself, for download (also through a signed link). */
    async file(ctx: RequestContext, id: string): Promise<AssetContent> {
      requireStoriesShow(ctx);
      const row = await ctx.db.transaction((trx) => requireAsset(trx, id));
      return storedFileContent(deps.blobs, ctx.tenant.id, storedFileOf(row));
    },

    /**
     * The bytes of an image a story shows, for a player without a signed-in user (a website embed, a paired screen):
     * the caller has checked the story is published there and shows this image.
     */
    async fileOfPlayedStory(ctx: RequestContext, id: string): Promise<AssetContent> {
      const row = await ctx.db.transaction((trx) => requireAsset(trx, id));
      return storedFileContent(deps.blobs, ctx.tenant.id, storedFileOf(row));
    },

    /** The thumbnail (WebP), or NotFound saying why there is none (yet). */
    async thumbnail(ctx: RequestContext, id: string): Promise<AssetContent> {
      requireStoriesShow(ctx);
      const row = await ctx.db.transaction((trx) => requireAsset(trx, id));
      return thumbnailContent(deps.media, ctx.tenant.id, storedFileOf(row), THUMBNAIL_MISSING);
    },
  };
}

export type AssetsService = ReturnType<typeof createAssetsService>;
