// Guides: list, read, create, update, delete, publish and unpublish, activity, and the public read of a published
// guide with image links a mobile app opens without sign-in. Logo and cover are sized copies the guide holds (a
// `blobs` row each); onboarding images are the story assets themselves.
import {
  type ActivityItem,
  type ActivityQuery,
  fieldPath,
  type Guide,
  type GuideBody,
  type GuideImageRole,
  type GuideLanguage,
  type GuideListQuery,
  type GuideWelcomeTexts,
  isGuideComplete,
  type Page,
  PERMISSIONS,
  type PublicGuide,
  SIGNED_URL_TENANT_PARAM,
  toPage,
} from "@repox/contracts";
import { listActivity, recordActivity } from "../../platform/activity/activity.ts";
import type { BlobStore, WrittenBlob } from "../../platform/blobs/blob-store.ts";
import { findBlob, lockBlob, recordBlob } from "../../platform/blobs/repository.ts";
import type { Db } from "../../platform/db/database.ts";
import { type Trx, tenantDb } from "../../platform/db/tenant-transaction.ts";
import { BadRequest, Conflict, Forbidden, NotFound } from "../../platform/errors.ts";
import { type RequestContext, type SignedInContext, signedIn } from "../../platform/http/access.ts";
import { type FileContent, storedFileContent } from "../../platform/media/file-content.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import type { TenantResolver } from "../../platform/tenancy.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import { type AssetRef, resolveAssetForTenant } from "../assets/service.ts";
import type { StorageService } from "../storage/service.ts";
import { storeSizedGuideImage } from "./guide-images.ts";
import * as repo from "./repository.ts";

export type GuidesDeps = {
  db: Db;
  tenants: TenantResolver;
  blobs: BlobStore;
  storage: StorageService;
  signedUrls: Pick<UrlSigner, "signUrl">;
  /** In the transaction that let go of sized copies: the trash's purge removes each once nothing holds it. */
  purgeFiles: (trx: Trx, tenantId: string, files: readonly string[]) => Promise<void>;
  /** The server's public address; public image links are absolute when it is known. */
  publicUrl: string | undefined;
};

/** Signed image links live to the end of the next half-hour window, as asset links do (browser caching). */
const LINK_WINDOW_SECONDS = 30 * 60;
const INCOMPLETE =
  "A published guide needs a title, at least one language, a logo, a cover image and a welcome text. Complete it or unpublish it first.";
const NOT_READY = "The guide cannot be published yet: it needs a title, at least one language, a logo, a cover image and a welcome text.";

const notFound = (id: string) => new NotFound(`Guide ${id} not found`);
const iso = (value: Date) => value.toISOString();

type Loaded = { row: repo.GuideRow; onboarding: repo.OnboardingRow[] };

/** A logo or cover as a save wants it: the asset, and the stored copy when it is a new one. */
type ChosenImage = { assetId: string; sha256: string; written?: WrittenBlob } | null;

function languagesOf(row: repo.GuideRow): GuideLanguage[] {
  return Array.isArray(row.languages) ? (row.languages as GuideLanguage[]) : [];
}

function welcomeTextsOf(row: repo.GuideRow): GuideWelcomeTexts {
  return row.welcome_texts && typeof row.welcome_texts === "object" ? (row.welcome_texts as GuideWelcomeTexts) : {};
}

/** The §5 completeness of a stored guide. */
function isRowComplete(row: repo.GuideRow): boolean {
  return isGuideComplete({
    title: row.title,
    languages: languagesOf(row),
    logo: row.logo_asset_id,
    cover: row.cover_asset_id,
    welcomeTexts: welcomeTextsOf(row),
  });
}

/** Every stored file a guide shows: the public image route serves these and nothing else. */
function filesOf({ row, onboarding }: Loaded): Set<string> {
  const files = onboarding.map((image) => image.blob_sha256);
  if (row.logo_sha256) files.push(row.logo_sha256);
  if (row.cover_sha256) files.push(row.cover_sha256);
  return new Set(files);
}

async function load(trx: Trx, id: string, lock = false): Promise<Loaded> {
  const row = lock ? await repo.lockGuide(trx, id) : await repo.findGuide(trx, id);
  if (!row) throw notFound(id);
  return { row, onboarding: await repo.onboardingOf(trx, [id]) };
}

async function requireAsset(trx: Trx, field: string, id: string): Promise<AssetRef> {
  const asset = await resolveAssetForTenant(trx, id);
  if (!asset) throw new BadRequest(`Invalid body: ${field} names no story image (${id})`);
  return asset;
}

export function createGuidesService(deps: GuidesDeps) {
  /** A link to one of the guide's files for staff: signed for the user, checked against repox.stories.show. */
  function staffLink(ctx: SignedInContext, guideId: string, sha256: string): string {
    const seconds = Math.floor(Date.now() / 1000);
    const expires = (Math.floor(seconds / LINK_WINDOW_SECONDS) + 2) * LINK_WINDOW_SECONDS;
    const query = new URLSearchParams({ [SIGNED_URL_TENANT_PARAM]: ctx.tenant.code });
    return deps.signedUrls.signUrl(`/api/guides/${guideId}/images/${sha256}?${query}`, {
      tenant: ctx.tenant.id,
      userId: ctx.user.id,
      expiresInSeconds: expires - seconds,
    });
  }

  /** A link to one of a published guide's files that anyone may open: the tenant travels in the query. */
  function publicLink(ctx: RequestContext, guideId: string, sha256: string): string {
    const query = new URLSearchParams({ tenant: ctx.tenant.code });
    const path = `/api/pub/guides/${guideId}/images/${sha256}?${query}`;
    return deps.publicUrl ? new URL(path, deps.publicUrl).toString() : path;
  }

  function toGuide(ctx: RequestContext, { row, onboarding }: Loaded): Guide {
    const viewer = signedIn(ctx);
    const image = (assetId: string | null, sha256: string | null) =>
      assetId && sha256 ? { asset: assetId, url: staffLink(viewer, row.id, sha256) } : null;
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      languages: languagesOf(row),
      logo: image(row.logo_asset_id, row.logo_sha256),
      cover: image(row.cover_asset_id, row.cover_sha256),
      welcomeTexts: welcomeTextsOf(row),
      onboarding: onboarding.map((item) => ({ asset: item.asset_id, url: staffLink(viewer, row.id, item.blob_sha256) })),
      isPublished: row.published_at !== null,
      publishedAt: row.published_at ? iso(row.published_at) : null,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    };
  }

  /**
   * The logo or cover a save asks for: kept as it is when the guide already holds that asset's copy, otherwise
   * checked and sized from the asset's bytes (outside any transaction) into a stored file recorded by the save.
   */
  async function chooseImage(
    ctx: RequestContext,
    role: GuideImageRole,
    assetId: string | null,
    current: { assetId: string | null; sha256: string | null },
  ): Promise<ChosenImage> {
    if (!assetId) return null;
    if (assetId.toLowerCase() === current.assetId?.toLowerCase() && current.sha256)
      return { assetId: current.assetId, sha256: current.sha256 };
    const asset = await ctx.db.transaction((trx) => requireAsset(trx, role, assetId));
    const written = await storeSizedGuideImage(deps.blobs, ctx.tenant.id, role, asset.sha256);
    return { assetId: asset.id, sha256: written.sha256, written };
  }

  /** Records a sized copy under its blob's lock: a purge of the same bytes either finished or waits for this save. */
  async function recordSizedImage(trx: Trx, ctx: RequestContext, written: WrittenBlob): Promise<void> {
    await lockBlob(trx, ctx.tenant.id, written.sha256);
    if (!(await findBlob(trx, written.sha256)) && !(await deps.blobs.statBlob(ctx.tenant.id, written.sha256))) {
      throw new Conflict("An image was removed from the store while the guide was being saved. Please save again.");
    }
    await recordBlob(trx, ctx.tenant.id, written);
  }

  /** Removes sized copies a failed save wrote, unless some row holds the same bytes. */
  async function discard(ctx: RequestContext, images: ChosenImage[]): Promise<void> {
    for (const image of images) {
      if (!image?.written) continue;
      const { sha256 } = image.written;
      try {
        await ctx.db.transaction(async (trx) => {
          await lockBlob(trx, ctx.tenant.id, sha256);
          if (!(await findBlob(trx, sha256))) await deps.blobs.deleteBlob(ctx.tenant.id, sha256);
        });
      } catch {
        // Bytes without a row are invisible and the orphan sweep takes them; this must not hide why the save failed.
      }
    }
  }

  async function checkOnboarding(trx: Trx, ids: readonly string[]): Promise<void> {
    for (const [index, id] of ids.entries()) await requireAsset(trx, fieldPath(["onboarding", index]), id);
  }

  /** Both images chosen (and sized) before the save's transaction, which then records them with the guide. */
  async function save(ctx: RequestContext, body: GuideBody, guideId: string | undefined): Promise<Guide> {
    const user = signedIn(ctx).user;
    const current = guideId ? await ctx.db.transaction((trx) => load(trx, guideId)) : undefined;
    const logo = await chooseImage(ctx, "logo", body.logo, {
      assetId: current?.row.logo_asset_id ?? null,
      sha256: current?.row.logo_sha256 ?? null,
    });
    let cover: ChosenImage = null;
    try {
      cover = await chooseImage(ctx, "cover", body.cover, {
        assetId: current?.row.cover_asset_id ?? null,
        sha256: current?.row.cover_sha256 ?? null,
      });
      return await ctx.db.transaction(async (trx) => {
        const locked = guideId ? await load(trx, guideId, true) : undefined;
        await checkOnboarding(trx, body.onboarding);
        const written = [logo?.written, cover?.written].filter((file): file is WrittenBlob => file !== undefined);
        if (written.length > 0) await deps.storage.within(trx).reserve(ctx, written);
        for (const file of written) await recordSizedImage(trx, ctx, file);
        const fields: repo.GuideFields = {
          title: body.title,
          description: body.description,
          languages: [...body.languages],
          welcome_texts: body.welcomeTexts as Record<string, string>,
          logo_asset_id: logo?.assetId ?? null,
          logo_sha256: logo?.sha256 ?? null,
          cover_asset_id: cover?.assetId ?? null,
          cover_sha256: cover?.sha256 ?? null,
        };
        const id = guideId ?? uuidv7();
        if (locked) {
          if (locked.row.published_at && !isGuideComplete(body)) throw new BadRequest(INCOMPLETE);
          await repo.updateGuide(trx, id, fields);
          const replaced = [locked.row.logo_sha256, locked.row.cover_sha256].filter(
            (sha256): sha256 is string => sha256 !== null && sha256 !== fields.logo_sha256 && sha256 !== fields.cover_sha256,
          );
          if (replaced.length > 0) await deps.purgeFiles(trx, ctx.tenant.id, replaced);
          const renamed = locked.row.title !== body.title;
          await recordActivity(trx, ctx, {
            objectType: "guide",
            objectId: id,
            action: renamed ? "renamed" : "updated",
            params: renamed ? { what: "renamed", from: locked.row.title, to: body.title } : { what: "guideUpdated" },
          });
        } else {
          await repo.insertGuide(trx, ctx.tenant.id, id, fields, user.id);
          await recordActivity(trx, ctx, {
            objectType: "guide",
            objectId: id,
            action: "created",
            params: { what: "guideCreated", title: body.title },
          });
        }
        await repo.replaceOnboarding(trx, ctx.tenant.id, id, body.onboarding);
        return toGuide(ctx, await load(trx, id));
      });
    } catch (err) {
      await discard(ctx, [logo, cover]);
      throw err;
    }
  }

  async function setPublished(ctx: RequestContext, id: string, isPublished: boolean): Promise<Guide> {
    return ctx.db.transaction(async (trx) => {
      const { row } = await load(trx, id, true);
      if (isPublished && !isRowComplete(row)) throw new BadRequest(NOT_READY);
      if ((row.published_at !== null) !== isPublished) {
        await repo.setPublished(trx, id, isPublished);
        await recordActivity(trx, ctx, {
          objectType: "guide",
          objectId: id,
          action: isPublished ? "published" : "unpublished",
          params: { what: isPublished ? "guidePublished" : "guideUnpublished" },
        });
      }
      return toGuide(ctx, await load(trx, id));
    });
  }

  /** A published guide of the tenant, or NotFound (a draft is not told apart from a guide that does not exist). */
  async function loadPublished(trx: Trx, id: string): Promise<Loaded> {
    const row = await repo.findGuide(trx, id);
    if (!row?.published_at) throw new NotFound(`Guide ${id} not found or not published`);
    return { row, onboarding: await repo.onboardingOf(trx, [id]) };
  }

  return {
    list(ctx: RequestContext, query: GuideListQuery): Promise<Page<Guide>> {
      return ctx.db.transaction(async (trx) => {
        const [rows, total] = await Promise.all([
          repo.listGuides(trx, { offset: query.page * query.size, limit: query.size }),
          repo.countGuides(trx),
        ]);
        const onboarding = await repo.onboardingOf(
          trx,
          rows.map((row) => row.id),
        );
        const guides = rows.map((row) => toGuide(ctx, { row, onboarding: onboarding.filter((item) => item.guide_id === row.id) }));
        return toPage(guides, total, query);
      });
    },

    get(ctx: RequestContext, id: string): Promise<Guide> {
      return ctx.db.transaction(async (trx) => toGuide(ctx, await load(trx, id)));
    },

    create: (ctx: RequestContext, body: GuideBody): Promise<Guide> => save(ctx, body, undefined),

    update: (ctx: RequestContext, id: string, body: GuideBody): Promise<Guide> => save(ctx, body, id),

    /** Deletes the guide for good; its sized copies leave the store unless another guide holds the same bytes. */
    async remove(ctx: RequestContext, id: string): Promise<void> {
      await ctx.db.transaction(async (trx) => {
        const { row } = await load(trx, id, true);
        await repo.deleteGuide(trx, id);
        const files = [row.logo_sha256, row.cover_sha256].filter((sha256): sha256 is string => sha256 !== null);
        if (files.length > 0) await deps.purgeFiles(trx, ctx.tenant.id, files);
        await recordActivity(trx, ctx, { objectType: "guide", objectId: id, action: "deleted", params: { what: "guideDeleted" } });
      });
    },

    publish: (ctx: RequestContext, id: string): Promise<Guide> => setPublished(ctx, id, true),

    unpublish: (ctx: RequestContext, id: string): Promise<Guide> => setPublished(ctx, id, false),

    activity(ctx: RequestContext, id: string, query: ActivityQuery): Promise<Page<ActivityItem>> {
      return ctx.db.transaction(async (trx) => {
        await load(trx, id);
        return listActivity(trx, "guide", id, query);
      });
    },

    /** One of the guide's files for staff (also through a signed link); any other file of the tenant is NotFound. */
    async image(ctx: RequestContext, id: string, sha256: string): Promise<FileContent> {
      // A signed link carries no permission of its own: the user it was made for must still hold it.
      if (!signedIn(ctx).permissions.has(PERMISSIONS.storiesShow)) {
        throw new Forbidden(`You do not have permission to do this (requires ${PERMISSIONS.storiesShow})`);
      }
      const file = await ctx.db.transaction(async (trx) => {
        const loaded = await load(trx, id);
        return filesOf(loaded).has(sha256) ? findBlob(trx, sha256) : undefined;
      });
      if (!file) throw new NotFound(`Guide ${id} has no such image`);
      return storedFileContent(deps.blobs, ctx.tenant.id, { label: "image", mimeType: file.mimeType, size: file.size, sha256 });
    },

    /** GET /api/pub/guides/{id}: a published guide as a mobile app reads it. */
    getPublished(ctx: RequestContext, id: string): Promise<PublicGuide> {
      return ctx.db.transaction(async (trx) => {
        const { row, onboarding } = await loadPublished(trx, id);
        // A published guide is complete (publish and every later save check it), so both images are there.
        if (!row.logo_sha256 || !row.cover_sha256 || !row.published_at) throw new NotFound(`Guide ${id} not found or not published`);
        return {
          id: row.id,
          title: row.title,
          description: row.description,
          languages: languagesOf(row),
          welcomeTexts: welcomeTextsOf(row),
          logoUrl: publicLink(ctx, row.id, row.logo_sha256),
          coverUrl: publicLink(ctx, row.id, row.cover_sha256),
          onboarding: onboarding.map((item) => ({ url: publicLink(ctx, row.id, item.blob_sha256) })),
          publishedAt: iso(row.published_at),
        };
      });
    },

    /** A published guide's image for anyone: the tenant comes from the link's query (an <img> sends no header). */
    async publishedImage(tenantCode: string, id: string, sha256: string): Promise<FileContent> {
      const tenant = await deps.tenants.resolve(tenantCode);
      const db = tenantDb(deps.db, tenant.id);
      const file = await db.transaction(async (trx) => {
        const loaded = await loadPublished(trx, id);
        return filesOf(loaded).has(sha256) ? findBlob(trx, sha256) : undefined;
      });
      if (!file) throw new NotFound(`Guide ${id} has no such image`);
      return storedFileContent(deps.blobs, tenant.id, { label: "image", mimeType: file.mimeType, size: file.size, sha256 });
    },
  };
}

export type GuidesService = ReturnType<typeof createGuidesService>;
