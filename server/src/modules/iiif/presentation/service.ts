// IIIF Presentation API 3.0 for a tenant's published content (issue 16, docs/standards.md): the Manifest of a
// published container, the Collection of a published collection container (paged when large), and the published
// files and derivatives those documents link. Public: only published, live things answer; anything else is 404.
import { type DublinCoreElement, IIIF_PRESENTATION_LIMITS, type PropertyTypeCode } from "@repox/contracts";
import type { BlobStore } from "../../../platform/blobs/blob-store.ts";
import type { Db } from "../../../platform/db/database.ts";
import { type Trx, tenantDb } from "../../../platform/db/tenant-transaction.ts";
import { NotFound } from "../../../platform/errors.ts";
import type { RequestContext } from "../../../platform/http/access.ts";
import { type FileContent, storedFileContent, thumbnailContent } from "../../../platform/media/file-content.ts";
import type { DerivativeKind } from "../../../platform/media/image-derivatives.ts";
import { mediaKindOf } from "../../../platform/media/media-kinds.ts";
import type { MediaService } from "../../../platform/media/media-service.ts";
import type { TenantResolver } from "../../../platform/tenancy.ts";
import { languageOf, valueTexts } from "../../oai/value-texts.ts";
import { termLabels } from "../../vocabularies/repository.ts";
import { servesImage } from "../image/service.ts";
import { collectionOf, type LabelValue, languageMap, manifestOf, manifestUrl, type Site } from "./documents.ts";
import * as repo from "./repository.ts";

export type IiifPresentationDeps = {
  db: Db;
  tenants: TenantResolver;
  blobs: Pick<BlobStore, "openBlob">;
  media: Pick<MediaService, "openDerivative">;
  /** The properties a Dublin Core element is mapped to (the OAI settings): rights become the requiredStatement. */
  mappedProperties(trx: Trx, element: DublinCoreElement): Promise<string[]>;
  defaultLanguage(ctx: RequestContext, trx: Trx): Promise<string>;
  /** The server's public address; without it the request's own origin is used. */
  publicUrl: string | undefined;
};

const DERIVATIVE_MISSING = {
  pending: "This picture is not ready yet.",
  unsupported: "There is no picture of this kind of file.",
  failed: "No picture could be made of this file.",
  unavailable: "Pictures of this kind of file cannot be made on this server at the moment.",
};

function detailsOf(row: repo.ValueRow): { vocabularyId?: string } {
  try {
    return JSON.parse(row.property_details) as { vocabularyId?: string };
  } catch {
    return {};
  }
}

export function createIiifPresentationService(deps: IiifPresentationDeps) {
  async function contextOf(tenantCode: string): Promise<RequestContext> {
    const tenant = await deps.tenants.resolve(tenantCode);
    return { tenant, user: null, permissions: new Set(), db: tenantDb(deps.db, tenant.id) };
  }

  async function siteOf(ctx: RequestContext, trx: Trx, requestOrigin: string): Promise<Site> {
    const origin = (deps.publicUrl ?? requestOrigin).replace(/\/+$/, "");
    return { origin, tenant: ctx.tenant.code, language: await deps.defaultLanguage(ctx, trx) };
  }

  async function requirePublished(trx: Trx, uuid: string, what: string): Promise<repo.ContainerRow> {
    const container = await repo.publishedContainer(trx, uuid.toLowerCase());
    if (!container) throw new NotFound(`There is no published ${what} ${uuid}.`);
    return container;
  }

  /** One entry per property in the type's order, each value under its own language (a qualifier) or the tenant's. */
  async function propertiesOf(trx: Trx, site: Site, containerId: string): Promise<{ key: string; entry: LabelValue }[]> {
    const rows = await repo.valuesOf(trx, containerId);
    const terms = rows.flatMap((row) => {
      const vocabularyId = row.property_type === "vocabulary-flat" ? detailsOf(row).vocabularyId : undefined;
      const ids = Array.isArray(row.value.values) ? row.value.values.map(String) : [];
      return vocabularyId ? ids.map((termId) => ({ vocabularyId, termId })) : [];
    });
    const labels = await termLabels(trx, terms);
    const context = {
      termLabel: (vocabularyId: string, termId: string) => labels.get(`${vocabularyId}\n${termId}`),
      identifierOf: (uuid: string) => manifestUrl(site, uuid),
    };
    const entries = new Map<string, LabelValue>();
    for (const row of rows) {
      const texts = valueTexts(row.property_type as PropertyTypeCode, detailsOf(row), row.value.values, context);
      if (texts.length === 0) continue;
      const language = languageOf(row.value.qualifiers) ?? site.language;
      const entry = entries.get(row.property_key) ?? { label: languageMap(site, [row.display_name]), value: {} };
      entry.value[language] = [...(entry.value[language] ?? []), ...texts];
      entries.set(row.property_key, entry);
    }
    return [...entries].map(([key, entry]) => ({ key, entry }));
  }

  /** The mapped rights properties as one statement, under the first one's name; undefined without values. */
  function rightsOf(properties: { key: string; entry: LabelValue }[], rightsKeys: readonly string[]): LabelValue | undefined {
    const rights = properties.filter(({ key }) => rightsKeys.includes(key));
    const [first] = rights;
    if (!first) return undefined;
    const value: Record<string, string[]> = {};
    for (const { entry } of rights) {
      for (const [language, texts] of Object.entries(entry.value)) value[language] = [...(value[language] ?? []), ...texts];
    }
    return { label: first.entry.label, value };
  }

  async function fileOf(tenantCode: string, uuid: string): Promise<{ ctx: RequestContext; file: repo.PublishedFileRow }> {
    const ctx = await contextOf(tenantCode);
    const file = await ctx.db.transaction((trx) => repo.publishedFile(trx, uuid.toLowerCase()));
    if (!file) throw new NotFound(`There is no published file ${uuid}.`);
    return { ctx, file };
  }

  return {
    async manifest(tenantCode: string, uuid: string, requestOrigin: string): Promise<Record<string, unknown>> {
      const ctx = await contextOf(tenantCode);
      return ctx.db.transaction(async (trx) => {
        const container = await requirePublished(trx, uuid, "container");
        const site = await siteOf(ctx, trx, requestOrigin);
        const [properties, rightsKeys, files] = await Promise.all([
          propertiesOf(trx, site, container.id),
          deps.mappedProperties(trx, "rights"),
          repo.filesOf(trx, container.id, IIIF_PRESENTATION_LIMITS.itemsPerManifest),
        ]);
        return manifestOf(site, {
          container,
          metadata: properties.filter(({ key }) => !rightsKeys.includes(key)).map(({ entry }) => entry),
          requiredStatement: rightsOf(properties, rightsKeys),
          files: files.map((file) => ({ ...file, isServedImage: servesImage(file.mime_type, Number(file.filesize)) })),
        });
      });
    },

    async collection(tenantCode: string, uuid: string, page: number | undefined, requestOrigin: string) {
      const ctx = await contextOf(tenantCode);
      return ctx.db.transaction(async (trx) => {
        const container = await requirePublished(trx, uuid, "collection");
        if (!container.collection) throw new NotFound(`There is no published collection ${uuid}; it is a container of another type.`);
        const site = await siteOf(ctx, trx, requestOrigin);
        const pageSize = IIIF_PRESENTATION_LIMITS.collectionPageSize;
        const total = await repo.countMembers(trx, container.id);
        if (page === undefined) {
          const members = total <= pageSize ? await repo.membersOf(trx, container.id, 0, pageSize) : undefined;
          return collectionOf(site, { container, total, pageSize, members });
        }
        const pages = Math.max(1, Math.ceil(total / pageSize));
        if (page >= pages)
          throw new NotFound(`The collection ${uuid} has ${pages} page${pages === 1 ? "" : "s"} (from 0); there is no page ${page}.`);
        const members = await repo.membersOf(trx, container.id, page * pageSize, pageSize);
        return collectionOf(site, { container, total, pageSize, page: { number: page, members } });
      });
    },

    /** A published PDF, video or sound, as manifests link it; pictures are served by the Image API. */
    async file(tenantCode: string, uuid: string): Promise<FileContent> {
      const { ctx, file } = await fileOf(tenantCode, uuid);
      const kind = mediaKindOf(file.mime_type);
      if (kind !== "pdf" && kind !== "video" && !file.mime_type.startsWith("audio/")) {
        throw new NotFound(`The file ${uuid} is not a document or medium a manifest links.`);
      }
      return storedFileContent(deps.blobs, ctx.tenant.id, {
        label: file.label,
        mimeType: file.mime_type,
        size: Number(file.filesize),
        sha256: file.sha256,
      });
    },

    /** The thumbnail or preview (WebP) of a published file. */
    async derivative(tenantCode: string, uuid: string, kind: DerivativeKind): Promise<FileContent> {
      const { ctx, file } = await fileOf(tenantCode, uuid);
      return thumbnailContent(deps.media, ctx.tenant.id, file, DERIVATIVE_MISSING, kind);
    },
  };
}

export type IiifPresentationService = ReturnType<typeof createIiifPresentationService>;
