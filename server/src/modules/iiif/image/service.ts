// IIIF Image API 3.0, compliance level 2 (issue 16, docs/standards.md): info.json and image requests for the images
// of published containers, without sign-in. A datastream counts as published while a published container that is not
// in the trash holds it; anything else is 404, as is another tenant's uuid. Answers carry no metadata of the source.
// The tiles and sizes info.json describes are cached in the derivative store, keyed by the canonical request, and so
// are the reduced levels (levels.ts) that downscaled answers are cut from. Renders read files, never whole sources in
// the JS heap; at most `renders.concurrent` run at once, which bounds their memory (docs/performance.md).
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
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
import { type Level, levelFor, levelKey, regionOnLevel } from "./levels.ts";
import { type Dimensions, parseImageRequest, resolveImageRequest } from "./parameters.ts";
import { isSharpTimeout, MIME_TYPES, probeImage, renderImage, writeLevel } from "./render.ts";
import * as repo from "./repository.ts";
import { createBlobFiles } from "./source-files.ts";
import { isDescribed, preferredSizes, scaleFactors } from "./tiles.ts";

export type IiifImageDeps = {
  db: Db;
  tenants: TenantResolver;
  blobs: BlobStore;
  /** The derivative store (platform/media/derivative-storage.ts), where cached tiles live. */
  derivatives: BlobStore;
  /** The server's public address; without it the request's own origin is used. */
  publicUrl: string | undefined;
  /** Scratch space where sources and levels of a store without local files (S3) are copied for renders. */
  workDir: string;
  /** Bytes those copies may take before the least recently used are removed (COPY_BUDGET_BYTES unless set). */
  copyBudgetBytes?: number | undefined;
  /** Renders one process runs at once (more wait their turn), and renders it lets wait: past that, 503. */
  renders?: { concurrent: number; waiting: number } | undefined;
  /** A render taking longer is answered 503 (IIIF_IMAGE_LIMITS.renderTimeoutSeconds unless set; tests set less). */
  renderTimeoutMs?: number | undefined;
  /** Larger sources are not served (IIIF_IMAGE_LIMITS.maxSourceBytes unless set). */
  maxSourceBytes?: number | undefined;
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
type Plan = ReturnType<typeof resolveImageRequest>;

/** Twice the largest source served: the copies of a session's source and its levels stay while it is viewed. */
const COPY_BUDGET_BYTES = 2 * IIIF_IMAGE_LIMITS.maxSourceBytes;
/** A level is a fraction of its source; far more means something went wrong. */
const MAX_LEVEL_BYTES = 256 * 1024 * 1024;

const sizeText = (bytes: number) => (bytes >= 1024 ** 2 ? `${Math.round(bytes / 1024 ** 2)} MB` : `${bytes} bytes`);
const durationText = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

export function createIiifImageService(deps: IiifImageDeps) {
  const renders = deps.renders ?? { concurrent: 4, waiting: 64 };
  const slots = createRenderSlots(renders.concurrent);
  const timeoutMs = deps.renderTimeoutMs ?? IIIF_IMAGE_LIMITS.renderTimeoutSeconds * 1000;
  // sharp's own timeout stops libvips itself shortly after the answer gave up on it.
  const sharpTimeoutSeconds = Math.ceil(timeoutMs / 1000);
  const maxSourceBytes = deps.maxSourceBytes ?? IIIF_IMAGE_LIMITS.maxSourceBytes;
  const tooSlow = () => new ServiceUnavailable(`The image took longer than ${durationText(timeoutMs)} to render; try a smaller size.`);
  /** Levels being made, so that a screenful of tiles asking for the same one makes it once. */
  const levelsInMaking = new Map<string, Promise<string>>();
  const files = createBlobFiles({ workDir: deps.workDir, maxBytes: deps.copyBudgetBytes ?? COPY_BUDGET_BYTES });
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
    if (Number(found.image.filesize) > maxSourceBytes) {
      throw new NotFound(`Image ${uuid} cannot be served: its file is larger than ${sizeText(maxSourceBytes)}.`);
    }
    const { sha256 } = found.image;
    let dimensions = found.dimensions;
    if (!dimensions) {
      dimensions = await inSlot(() => withSource(tenant, sha256, probeImage));
      const outcome = dimensions;
      await db.transaction((trx) => repo.saveDimensions(trx, tenant.id, sha256, outcome));
    }
    if (dimensions.error !== null || dimensions.width === null || dimensions.height === null) {
      throw new NotFound(`Image ${uuid} cannot be served. ${dimensions.error ?? ""}`.trim());
    }
    return { tenant, sha256, image: { width: dimensions.width, height: dimensions.height } };
  }

  async function withSource<T>(tenant: TenantRef, sha256: string, work: (path: string) => Promise<T>): Promise<T> {
    try {
      return await files.withFile(deps.blobs, tenant.id, sha256, work);
    } catch (err) {
      if (err instanceof BlobNotFound) throw new NotFound("The image's file is missing from the store.");
      throw err;
    }
  }

  /**
   * Reads of sources (probes, renders) take turns: a viewer asks for a screenful of tiles at once, and they wait for a
   * slot; a flood past the queue is refused. With `deadline`, the caller is answered 503 once the work has run that
   * long, while the work keeps its slot until sharp's own timeout ends it, so the slots still bound memory.
   */
  function inSlot<T>(work: () => Promise<T>, deadline?: number): Promise<T> {
    if (admitted >= renders.concurrent + renders.waiting) {
      return Promise.reject(new ServiceUnavailable("The image server is busy; try again in a moment."));
    }
    admitted++;
    return new Promise<T>((resolve, reject) => {
      slots
        .run(async () => {
          const timer = deadline === undefined ? undefined : setTimeout(() => reject(tooSlow()), deadline);
          try {
            resolve(await work());
          } catch (err) {
            reject(isSharpTimeout(err) ? tooSlow() : err);
          } finally {
            clearTimeout(timer);
          }
        })
        .finally(() => {
          admitted--;
        });
    });
  }

  /** The derivative holding a level of the source, made from the source unless it is kept already. */
  async function levelBlob(located: Located, level: Level): Promise<string> {
    const { tenant, sha256 } = located;
    const key = `${tenant.id}/${sha256}/${levelKey(level)}`;
    const row = await tenantDb(deps.db, tenant.id).transaction((trx) => repo.findTile(trx, sha256, levelKey(level)));
    if (row && (await deps.derivatives.statBlob(tenant.id, row.sha256))) return row.sha256;
    let making = levelsInMaking.get(key);
    if (!making) {
      making = makeLevel(located, level).finally(() => levelsInMaking.delete(key));
      levelsInMaking.set(key, making);
    }
    return making;
  }

  async function makeLevel(located: Located, level: Level): Promise<string> {
    const { tenant, sha256 } = located;
    await mkdir(deps.workDir, { recursive: true });
    const folder = await mkdtemp(join(deps.workDir, "iiif-level-"));
    try {
      const target = join(folder, "level");
      const mimeType = await withSource(tenant, sha256, (path) => writeLevel(path, level, target, sharpTimeoutSeconds));
      const written = await deps.derivatives.writeBlob(tenant.id, createReadStream(target), { maxBytes: MAX_LEVEL_BYTES });
      const row = { sha256: written.sha256, mime_type: mimeType, size: written.size };
      await tenantDb(deps.db, tenant.id).transaction((trx) => repo.saveLevel(trx, tenant.id, sha256, levelKey(level), row));
      return written.sha256;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** Cuts the answer from the smallest level that has the pixels it needs, or from the source. */
  async function renderFromBest(located: Located, plan: Plan): Promise<Buffer> {
    const level = levelFor(plan, located.image, IIIF_IMAGE_LIMITS.tileSize);
    if (!level) return withSource(located.tenant, located.sha256, (path) => renderImage(path, located.image, plan, sharpTimeoutSeconds));
    const levelSha256 = await levelBlob(located, level);
    const onLevel = { ...plan, region: regionOnLevel(plan.region, located.image, level) };
    return files.withFile(deps.derivatives, located.tenant.id, levelSha256, (path) =>
      renderImage(path, level, onLevel, sharpTimeoutSeconds),
    );
  }

  const render = (located: Located, plan: Plan) => inSlot(() => renderFromBest(located, plan), timeoutMs);

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

  async function renderAndCache(located: Located, plan: Plan) {
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
