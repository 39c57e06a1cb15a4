// IIIF Image API 3.0 (issue 16, docs/standards.md): the service's address, the limits info.json announces and the
// server enforces, and the shape of info.json.
import { z } from "zod";

export const IIIF_IMAGE_LIMITS = {
  /** Widest and tallest image an answer may have (info.json maxWidth/maxHeight). */
  maxWidth: 4096,
  maxHeight: 4096,
  /** Most pixels an answer may have (info.json maxArea). */
  maxArea: 4096 * 4096,
  /** Tiles are this many pixels square at every scale factor. */
  tileSize: 512,
  /** Requests per minute from one address (a viewer asks for many tiles at once). */
  requestsPerMinute: 1200,
  /** Larger sources are not served (a store without local files, S3, has them copied to scratch space to render). */
  maxSourceBytes: 256 * 1024 * 1024,
  /** A render taking longer is abandoned. */
  renderTimeoutSeconds: 30,
} as const;

export const IIIF_IMAGE_CONTEXT = "http://iiif.io/api/image/3/context.json";
export const IIIF_IMAGE_PROTOCOL = "http://iiif.io/api/image";
export const IIIF_IMAGE_LEVEL2_PROFILE = "http://iiif.io/api/image/3/level2.json";
/** What a client asking for JSON-LD gets as the info.json content type. */
export const IIIF_IMAGE_JSON_LD = `application/ld+json;profile="${IIIF_IMAGE_CONTEXT}"`;

/** The image service of a datastream: its base URI below the server's origin. */
export const iiifImageServicePath = (tenant: string, datastreamUuid: string) => `/${tenant}/iiif/3/${datastreamUuid}`;

const Size = z.object({ width: z.number().int().positive(), height: z.number().int().positive() });

/** info.json (Image API 3.0 §5). */
export const IiifImageInformation = z.object({
  "@context": z.literal(IIIF_IMAGE_CONTEXT),
  id: z.string(),
  type: z.literal("ImageService3"),
  protocol: z.literal(IIIF_IMAGE_PROTOCOL),
  profile: z.literal("level2"),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maxWidth: z.number().int().positive(),
  maxHeight: z.number().int().positive(),
  maxArea: z.number().int().positive(),
  sizes: z.array(Size),
  tiles: z.array(
    z.object({
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      scaleFactors: z.array(z.number().int().positive()),
    }),
  ),
  extraQualities: z.array(z.string()),
  extraFormats: z.array(z.string()),
  extraFeatures: z.array(z.string()),
});
export type IiifImageInformation = z.infer<typeof IiifImageInformation>;
