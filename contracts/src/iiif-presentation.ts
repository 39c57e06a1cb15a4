// IIIF Presentation API 3.0 (issue 16, docs/standards.md): where a published container's manifest and a published
// collection container's collection live, the fixed figures that keep their answers bounded, and the shape of the
// documents as far as the API's own description needs it (the rest is the IIIF specification's).
import { z } from "zod";

export const IIIF_PRESENTATION_LIMITS = {
  /** Members (manifests and sub-collections) per collection page; a larger collection lists its pages instead. */
  collectionPageSize: 100,
  /** Canvases and renderings of one manifest: a container holding more lists the first ones in its order. */
  itemsPerManifest: 1000,
  /** Requests per minute from one address to one tenant's IIIF documents and files. */
  requestsPerMinute: 600,
} as const;

export const IIIF_PRESENTATION_CONTEXT = "http://iiif.io/api/presentation/3/context.json";
export const IIIF_PRESENTATION_CONTENT_TYPE = `application/ld+json;profile="${IIIF_PRESENTATION_CONTEXT}"`;

const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const IiifObjectParams = z.object({
  tenant: z.string().max(63),
  uuid: z.string().regex(UUID_PATTERN, { error: "uuid must be a UUID such as 0190d9f2-5b6c-7a3e-8f00-1234567890ab" }),
});
export type IiifObjectParams = z.infer<typeof IiifObjectParams>;

export const IiifCollectionQuery = z.object({
  page: z.coerce
    .number({ error: "page must be a whole number from 0" })
    .int({ error: "page must be a whole number from 0" })
    .min(0, { error: "page must be a whole number from 0" })
    .max(1_000_000, { error: "page must be at most 1000000" })
    .optional()
    .describe("a page of a large collection, from 0; without it a large collection lists its pages"),
});
export type IiifCollectionQuery = z.infer<typeof IiifCollectionQuery>;

/** A Presentation 3.0 document: its fixed head; the rest follows the specification. */
export const IiifDocument = z.looseObject({
  "@context": z.literal(IIIF_PRESENTATION_CONTEXT),
  id: z.string(),
  type: z.enum(["Manifest", "Collection"]),
});
export type IiifDocument = z.infer<typeof IiifDocument>;

export const iiifManifestPath = (tenant: string, uuid: string) => `/${tenant}/iiif/3/manifest/${uuid}`;
export const iiifCollectionPath = (tenant: string, uuid: string) => `/${tenant}/iiif/3/collection/${uuid}`;
/** A published PDF or video as manifests link it (rendering). */
export const iiifFilePath = (tenant: string, uuid: string) => `/${tenant}/iiif/3/file/${uuid}`;
/** The thumbnail (WebP, 320 px) of a published datastream. */
export const iiifThumbnailPath = (tenant: string, uuid: string) => `/${tenant}/iiif/3/thumbnail/${uuid}`;
