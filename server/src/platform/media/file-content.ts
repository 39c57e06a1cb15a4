// A stored file, or its thumbnail, as a route sends it: validator and size first, bytes opened only when wanted (a
// range of them for a partial request).
import type { Readable } from "node:stream";
import { type BlobStore, type ByteRange, resolveRange } from "../blobs/blob-store.ts";
import { sliceStream } from "../blobs/stream-slice.ts";
import { NotFound } from "../errors.ts";
import type { DerivativeKind } from "./image-derivatives.ts";
import type { MediaService } from "./media-service.ts";

export type FileContent = {
  label: string;
  mimeType: string;
  size: number;
  /** Strong ETag: the content's sha-256, quoted. */
  etag: string;
  open(range?: ByteRange): Promise<Readable>;
  discard?(): void;
};

/** A file as its row records it: the label it is downloaded under and its content's blob. */
export type StoredFile = { label: string; mimeType: string; size: number; sha256: string };

/** Why a thumbnail cannot be sent, by its state, in the words of the area that asks. */
export type ThumbnailMissing = Record<"pending" | "unsupported" | "failed" | "unavailable", string>;

export function storedFileContent(blobs: Pick<BlobStore, "openBlob">, tenantId: string, file: StoredFile): FileContent {
  return {
    label: file.label,
    mimeType: file.mimeType,
    size: file.size,
    etag: `"${file.sha256}"`,
    open: (range) => blobs.openBlob(tenantId, file.sha256, range),
  };
}

/** The thumbnail (or preview) WebP of a stored file, or NotFound saying why there is none (yet). */
export async function thumbnailContent(
  media: Pick<MediaService, "openDerivative">,
  tenantId: string,
  file: Pick<StoredFile, "label" | "sha256">,
  missing: ThumbnailMissing,
  kind: DerivativeKind = "thumb",
): Promise<FileContent> {
  const derivative = await media.openDerivative(tenantId, file.sha256, kind);
  if (!derivative.ready) throw new NotFound(missing[derivative.status]);
  return {
    label: file.label,
    mimeType: derivative.mimeType,
    size: derivative.size,
    etag: derivative.etag,
    open: async (range) => (range ? sliceStream(derivative.stream, resolveRange(range, derivative.size)) : derivative.stream),
    discard: () => derivative.stream.destroy(),
  };
}
