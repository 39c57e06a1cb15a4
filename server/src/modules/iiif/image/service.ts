// IIIF Image API 3.0, compliance level 2 (issue 16, docs/standards.md): info.json and image requests for the images
// of published containers, without sign-in. A datastream counts as published while a published container that is not
// in the trash holds it; anything else is 404, as is another tenant's uuid. Answers carry no metadata of the source.
// The tiles and sizes info.json describes are cached in the derivative store, keyed by the canonical request.
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import {
  IIIF_IMAGE_CONTEXT,
  IIIF_IMAGE_LIMITS,
  IIIF_IMAGE_PROTOCOL,
  type IiifImageInformation,
  iiifImageServicePath,
} from "@repox/contracts";
import type { BlobStore } from "../../../platform/blobs/blob-store.ts";
import { BlobNotFound } from "../../../platform/blobs/errors.ts";
import type { Db } from "../../../platform/db/database.ts";
import { tenantDb } from "../../../platform/db/tenant-transaction.ts";
import { NotFound, ServiceUnavailable } from "../../../platform/errors.ts";
import { createRenderSlots } from "../../../platform/render/render-slots.ts";
import type { TenantRef, TenantResolver } from "../../../platform/tenancy.ts";
import { type Dimensions, parseImageRequest, resolveImageRequest } from "./parameters.ts";
import { MIME_TYPES, probeImage, renderImage } from "./render.ts";
import * as repo from "./repository.ts";
import { isDescribed, preferredSizes, scaleFactors } from "./tiles.ts";

export type IiifImageDeps = {
  db: Db;
  tenants: TenantResolver;
  blobs: BlobStore;
  /** The derivative store (platform/media/derivative-storage.ts), where cached tiles live. */
  derivatives: BlobStore;
  /** The server's public address; without it the request's own origin is used. */
  publicUrl: string | undefined;
  /** Renders one process runs at once (more wait their turn), and renders it lets wait: past that, 503. */
  renders?: { concurrent: number; waiting: number };
};

/** The image request's four path segments after the identifier. */
export type ImageParameters = { region: string; size: string; rotation: string; qualityFormat: string };

/** An answer ready to send: validators first, bytes only when wanted (not for a 304). */
export type ImageAnswer = {
  etag: string;
  mimeType: string;
  canonicalUrl: string;
  open(): Promise<{ body: Readable | Buffer; size: number }>;
};

/** What sharp decodes safely; SVG is left out (it may reference other resources). */
const SERVED_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/tiff", "image/avif"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LIMITS = { maxWidth: IIIF_IMAGE_LIMITS.maxWidth, maxHeight: IIIF_IMAGE_LIMITS.maxHeight, maxArea: IIIF_IMAGE_LIMITS.maxArea };

export const EXTRA_QUALITIES = ["gray", "bitonal"];
export const EXTRA_FORMATS = ["webp"];
export const EXTRA_FEATURES = ["mirroring", "rotationArbitrary", "sizeUpscaling", "profileLinkHeader", "canonicalLinkHeader"];

/** The image service's id (base URI) of a datastream, as manifests name it. */
/** Whether the service serves a file of this type and size (for Presentation manifests, which paint only those). */
export function servesImage(mimeType: string, filesize: number): boolean {
  return SERVED_TYPES.has(mimeType) && filesize <= IIIF_IMAGE_LIMITS.maxSourceBytes;
}

export function imageServiceId(origin: string, tenantCode: string, datastreamUuid: string): string {
  return `${origin.replace(/\/+$/, "")}${iiifImageServicePath(tenantCode, datastreamUuid)}`;
}

type Located = { tenant: TenantRef; sha256: string; image: Dimensions };

export function createIiifImageService(deps: IiifImageDeps) {
  const renders = deps.renders ?? { concurrent: 4, waiting: 64 };
  const slots = createRenderSlots(renders.concurrent);
  let admitted = 0;

  const originOf = (requestOrigin: string) => deps.publicUrl ?? requestOrigin;
  const unknown = (uuid: string) => new NotFound(`There is no published image ${uuid.slice(0, 40)}.`);

  /** The published image a uuid names in a tenant, with its upright size (read from the file once, then kept). */
  async function locate(tenantCode: string, uuid: string): Promise<Located> {
    const tenant = await deps.tenants.resolve(tenantCode);
    if (!UUID.test(uuid)) throw unknown(uuid);
    const db = tenantDb(deps.db, tenant.id);
    const found = await db.transaction(async (trx) => {
      const image = await repo.publishedImage(trx, uuid);
      return image && { image, dimensions: await repo.findDimensions(trx, image.sha256) };
    });
    if (!found || !SERVED_TYPES.has(found.image.mime_type)) throw unknown(uuid);
    if (Number(found.image.filesize) > IIIF_IMAGE_LIMITS.maxSourceBytes) {
      throw new NotFound(`Image ${uuid} cannot be served: its file is larger than ${IIIF_IMAGE_LIMITS.maxSourceBytes / 1024 ** 2} MB.`);
    }
    const { sha256 } = found.image;
    let dimensions = found.dimensions;
    if (!dimensions) {
      dimensions = await inSlot(async () => probeImage(await openSource(tenant, sha256)));
      const outcome = dimensions;
      await db.transaction((trx) => repo.saveDimensions(trx, tenant.id, sha256, outcome));
    }
    if (dimensions.error !== null || dimensions.width === null || dimensions.height === null) {
      throw new NotFound(`Image ${uuid} cannot be served. ${dimensions.error ?? ""}`.trim());
    }
    return { tenant, sha256, image: { width: dimensions.width, height: dimensions.height } };
  }

  async function openSource(tenant: TenantRef, sha256: string): Promise<Readable> {
    try {
      return await deps.blobs.openBlob(tenant.id, sha256);
    } catch (err) {
      if (err instanceof BlobNotFound) throw new NotFound("The image's file is missing from the store.");
      throw err;
    }
  }

  /** Reads of sources (probes, renders) take turns: a viewer asks for a screenful of tiles at once, and they wait for a
   * slot; a flood past the queue is refused. */
  async function inSlot<T>(work: () => Promise<T>): Promise<T> {
    if (admitted >= renders.concurrent + renders.waiting) throw new ServiceUnavailable("The image server is busy; try again in a moment.");
    admitted++;
    try {
      return await slots.run(work);
    } finally {
      admitted--;
    }
  }

  const render = (located: Located, plan: ReturnType<typeof resolveImageRequest>) =>
    inSlot(async () => renderImage(await openSource(located.tenant, located.sha256), located.image, plan));

  /** A cached tile's bytes, or undefined when it is not cached (or its file went missing). */
  async function cachedTile(located: Located, canonical: string) {
    const row = await tenantDb(deps.db, located.tenant.id).transaction((trx) => repo.findTile(trx, located.sha256, canonical));
    if (!row) return undefined;
    try {
      return { body: await deps.derivatives.openBlob(located.tenant.id, row.sha256), size: row.size };
    } catch (err) {
      if (err instanceof BlobNotFound) return undefined;
      throw err;
    }
  }

  async function renderAndCache(located: Located, plan: ReturnType<typeof resolveImageRequest>) {
    const bytes = await render(located, plan);
    const { tenant, sha256 } = located;
    const written = await deps.derivatives.writeBlob(tenant.id, Readable.from([bytes]), { maxBytes: bytes.length });
    const tile = { sha256: written.sha256, mime_type: MIME_TYPES[plan.format], size: bytes.length };
    await tenantDb(deps.db, tenant.id).transaction((trx) => repo.saveTile(trx, tenant.id, sha256, plan.canonical, tile));
    return { body: bytes, size: bytes.length };
  }

  return {
    async information(tenantCode: string, uuid: string, requestOrigin: string): Promise<IiifImageInformation> {
      const { image } = await locate(tenantCode, uuid);
      const tileSize = IIIF_IMAGE_LIMITS.tileSize;
      return {
        "@context": IIIF_IMAGE_CONTEXT,
        id: imageServiceId(originOf(requestOrigin), tenantCode, uuid),
        type: "ImageService3",
        protocol: IIIF_IMAGE_PROTOCOL,
        profile: "level2",
        width: image.width,
        height: image.height,
        ...LIMITS,
        sizes: preferredSizes(image, tileSize, LIMITS),
        tiles: [{ width: tileSize, height: tileSize, scaleFactors: scaleFactors(image, tileSize) }],
        extraQualities: EXTRA_QUALITIES,
        extraFormats: EXTRA_FORMATS,
        extraFeatures: EXTRA_FEATURES,
      };
    },

    /** 400 for bad parameters before anything is looked up; 404 for an unknown or unpublished image. */
    async image(tenantCode: string, uuid: string, parameters: ImageParameters, requestOrigin: string): Promise<ImageAnswer> {
      const request = parseImageRequest(parameters.region, parameters.size, parameters.rotation, parameters.qualityFormat);
      const located = await locate(tenantCode, uuid);
      const plan = resolveImageRequest(request, located.image, LIMITS);
      // The same source and canonical request always render the same bytes.
      const etag = `"${createHash("sha256").update(`${located.sha256}/${plan.canonical}`).digest("hex")}"`;
      const cacheable = isDescribed(plan, located.image, IIIF_IMAGE_LIMITS.tileSize, LIMITS);
      return {
        etag,
        mimeType: MIME_TYPES[plan.format],
        canonicalUrl: `${imageServiceId(originOf(requestOrigin), tenantCode, uuid)}/${plan.canonical}`,
        async open() {
          if (!cacheable) {
            const bytes = await render(located, plan);
            return { body: bytes, size: bytes.length };
          }
          return (await cachedTile(located, plan.canonical)) ?? (await renderAndCache(located, plan));
        },
      };
    },

    /** A published image's width and height (for Presentation manifests); undefined when there is none to serve. */
    async publishedImageSize(tenantCode: string, uuid: string): Promise<Dimensions | undefined> {
      try {
        return (await locate(tenantCode, uuid)).image;
      } catch (err) {
        if (err instanceof NotFound) return undefined;
        throw err;
      }
    },
  };
}

export type IiifImageService = ReturnType<typeof createIiifImageService>;
