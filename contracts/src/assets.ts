// Story assets (spec 3 §3 "Other story entities", §5, §7): images uploaded for stories (covers, slide backgrounds,
// IMAGE elements with `from: 'stories'`), kept apart from the content store. Listed and searched as pages, uploaded as
// multipart (one `file` part and a `data` part), downloaded, with a thumbnail made by the media job.
import { z } from "zod";
import { LIMITS, PageQuery, Uuid } from "./common.ts";
import { ContentLabel, ContentUser, ThumbnailStatus } from "./content.ts";

export const ASSET_TYPES = ["IMAGE"] as const;
export const AssetType = z.enum(ASSET_TYPES, { error: "must be IMAGE" });
export type AssetType = z.infer<typeof AssetType>;

/** Spec 3 §5: the image upload accepts these names, one file; the kind is checked from the bytes. */
export const ASSET_IMAGE_EXTENSIONS = [".png", ".jpeg", ".jpg", ".gif", ".bmp"] as const;

/** The content type the bytes of a file with each accepted extension must be sniffed as. */
export const ASSET_IMAGE_KINDS: Readonly<Record<(typeof ASSET_IMAGE_EXTENSIONS)[number], string>> = {
  ".png": "image/png",
  ".jpeg": "image/jpeg",
  ".jpg": "image/jpeg",
  ".gif": "image/gif",
  ".bmp": "image/bmp",
};

/** For a file input's `accept` and a drop zone: the names and the types together. */
export const ASSET_IMAGE_ACCEPT = [...ASSET_IMAGE_EXTENSIONS, ...new Set(Object.values(ASSET_IMAGE_KINDS))].join(",");

export const ASSET_LIMITS = {
  labelMaxLength: 255,
  searchMaxLength: 255,
  pageSize: LIMITS.defaultPageSize,
  /** The `data` part: a few fields of JSON. */
  dataPartMaxBytes: 16 * 1024,
} as const;

/** The multipart part holding the image and the one holding `{type, label, properties}`. */
export const ASSET_FILE_PART = "file";
export const ASSET_DATA_PART = "data";

/**
 * The `data` part of POST /api/assets: `{type: 'IMAGE', label, properties: []}` (spec 3 §7). Without a label the
 * asset is named after its file. Assets have no properties: the list must be empty.
 */
export const AssetUploadData = z.strictObject(
  {
    type: AssetType,
    label: ContentLabel.optional(),
    properties: z.array(z.unknown()).max(0, { error: "must be an empty list" }).default([]),
  },
  { error: (issue) => (issue.code === "invalid_type" ? "must be a JSON object {type, label, properties}" : undefined) },
);
export type AssetUploadData = z.infer<typeof AssetUploadData>;
export type AssetUploadDataInput = z.input<typeof AssetUploadData>;

/** POST /api/assets as multipart/form-data, for the API document (the server reads the parts as a stream). */
export const AssetUploadForm = z.object({ [ASSET_FILE_PART]: z.file(), [ASSET_DATA_PART]: AssetUploadData });

export const AssetThumbnail = z.object({ status: ThumbnailStatus, url: z.string().nullable() });
export type AssetThumbnail = z.infer<typeof AssetThumbnail>;

/**
 * An asset as every asset route answers it. `downloadUrl` and `thumbnail.url` are short-lived signed links (30 to 60
 * minutes) for <img> elements, which cannot send the bearer token; `thumbnail.url` is null until the thumbnail is ready.
 */
export const Asset = z.object({
  uuid: Uuid,
  label: z.string(),
  type: AssetType,
  properties: z.array(z.unknown()),
  /** The type sniffed from the bytes: image/png, image/jpeg, image/gif or image/bmp. */
  mimeType: z.string(),
  filesize: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdBy: ContentUser.nullable(),
  createdAt: z.string(),
  downloadUrl: z.string(),
  thumbnail: AssetThumbnail,
});
export type Asset = z.infer<typeof Asset>;

export const AssetParams = z.object({ uuid: Uuid });
export type AssetParams = z.infer<typeof AssetParams>;

/** GET /api/assets?page={n}: oldest first, so a new upload is on the last page (spec 3 §4). */
export const AssetListQuery = PageQuery;
export type AssetListQuery = z.infer<typeof AssetListQuery>;

/**
 * GET /api/search_assets?q=image&page={n}&label={text}: `q` names the asset type (any case, empty for any; every
 * asset is an IMAGE today), `label` matches anywhere in the label ignoring case and accents. Same order as the list.
 */
export const AssetSearchQuery = PageQuery.extend({
  q: z
    .string()
    .trim()
    .toUpperCase()
    .transform((value) => value || undefined)
    .pipe(AssetType.optional())
    .optional(),
  label: z.string().trim().max(ASSET_LIMITS.searchMaxLength).optional(),
});
export type AssetSearchQuery = z.infer<typeof AssetSearchQuery>;
export type AssetSearchQueryInput = z.input<typeof AssetSearchQuery>;

/** Whether a file name ends with an accepted extension (any case); the bytes are checked on the server. */
export function hasAssetImageExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return ASSET_IMAGE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}
