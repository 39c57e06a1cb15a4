// Datastreams (spec 1 §3, §5, §7): files in containers. Uploads (multipart, or resumable with tus), reading, editing,
// renaming, colour, move, link, removal from a container (the last removal puts the file in the trash), activity, and
// the file's bytes: preview, thumbnail and download, also through short-lived signed links for <img>, <video> and
// iframes, which cannot send the bearer token.
import { z } from "zod";
import { Uuid } from "./common.ts";
import {
  ContentLabel,
  ContentNode,
  ContentProperty,
  ContentUser,
  DatastreamSummary,
  Destination,
  PropertyValueInputs,
  ThumbnailStatus,
} from "./content.ts";
import { idOrReference, readOnlyFields, WRITE_TIMESTAMPS } from "./read-back.ts";

export const DATASTREAM_LIMITS = {
  /** Files in one multipart upload. */
  maxFilesPerUpload: 100,
  /** The `data` part of a multipart upload (JSON with the type, label and property values). */
  dataPartMaxBytes: 1024 * 1024,
  /** A resumable (tus) upload left unfinished this long is deleted with its bytes. */
  resumableUploadHours: 24,
} as const;

/** The multipart part holding the JSON `{type, label, properties}`; every other file part is a file to store. */
export const UPLOAD_DATA_PART = "data";

/** Where resumable uploads are created (POST) and continued (HEAD, PATCH, DELETE on `{base}/{id}`). */
export const TUS_UPLOADS_PATH = "/api/uploads/tus";

/** The query parameter naming the tenant in a signed media link; the signature covers it. */
export const SIGNED_URL_TENANT_PARAM = "tenant";

/** A datastream type code, lowercased as the content model stores codes. */
const TypeCodeInput = z.string({ error: "must be a datastream type code" }).trim().toLowerCase().min(1, { error: "is required" }).max(100);

/** POST /api/datastreams?to={containerUuid}: the container the files go into (never the top level). */
export const DatastreamUploadQuery = z.object({ to: Destination });
export type DatastreamUploadQuery = z.infer<typeof DatastreamUploadQuery>;

/**
 * The `data` part of an upload. `label` names a single file (default: the file's name); with several files each
 * is named after its file. The same type and property values apply to every file of the upload.
 */
export const DatastreamUploadData = z.object({ type: TypeCodeInput, label: ContentLabel.optional(), properties: PropertyValueInputs });
export type DatastreamUploadData = z.infer<typeof DatastreamUploadData>;

/**
 * POST /api/datastreams as multipart/form-data, for the API document (the server reads the parts as a stream): the
 * `data` part and one or more file parts. Any part name other than `data` is a file; `files` is the one documented.
 */
export const DatastreamUploadForm = z.object({
  [UPLOAD_DATA_PART]: DatastreamUploadData,
  files: z.array(z.file()).min(1).max(DATASTREAM_LIMITS.maxFilesPerUpload),
});

/**
 * Upload-Metadata of a resumable upload (each value base64 as the tus protocol has it). `datastreamType` rather than
 * `type`, which tus clients such as Uppy fill with the file's media type; `properties` is JSON text of
 * `[{key, value}]`; `label` defaults to `filename`.
 */
export const TusUploadMetadata = z.object({
  container: Uuid,
  datastreamType: TypeCodeInput,
  label: ContentLabel.optional(),
  filename: z.string().max(1000).optional(),
  properties: z.string().max(DATASTREAM_LIMITS.dataPartMaxBytes).optional(),
});
export type TusUploadMetadata = z.infer<typeof TusUploadMetadata>;

/**
 * PUT /api/datastreams/{uuid}: a full replacement of label and property values. The type is fixed at upload (when
 * sent it must be the current one); `id`, when sent, must be the path's uuid.
 */
export const DatastreamUpdateBody = z.object({
  id: Uuid.optional(),
  label: ContentLabel,
  type: idOrReference(TypeCodeInput, "code", "must be a datastream type code").optional(),
  properties: PropertyValueInputs,
});
export type DatastreamUpdateBody = z.infer<typeof DatastreamUpdateBody>;
export type DatastreamUpdateBodyInput = z.input<typeof DatastreamUpdateBody>;

export const DatastreamLabelBody = z.object({ label: ContentLabel });
export type DatastreamLabelBody = z.infer<typeof DatastreamLabelBody>;

/** Checked by the service so the answer reads exactly `Invalid hex color value: {value}`; null clears. */
export const DatastreamColorBody = z.object({ color: z.string({ error: "must be a hex colour or null" }).trim().max(50).nullable() });
export type DatastreamColorBody = z.infer<typeof DatastreamColorBody>;

/** POST /api/datastreams/{uuid}/move: from one of its containers to another (ROOT is refused: files live in containers). */
export const DatastreamMoveBody = z.object({ from: Destination, to: Destination });
export type DatastreamMoveBody = z.infer<typeof DatastreamMoveBody>;

/** POST /api/datastreams/{uuid}/link?to=: one more container, keeping the others. */
export const DatastreamLinkQuery = z.object({ to: Destination });
export type DatastreamLinkQuery = z.infer<typeof DatastreamLinkQuery>;

/**
 * POST /api/datastreams/{uuid}/remove?from={containerUuid}: takes the file out of that container. Without `from` it
 * leaves every container. A file left in no container goes to the trash.
 */
export const DatastreamRemoveQuery = z.object({ from: Uuid.optional() });
export type DatastreamRemoveQuery = z.infer<typeof DatastreamRemoveQuery>;

export const DatastreamRemoval = z.object({
  uuid: z.string(),
  /** Whether the file went to the trash (it is in no container any more). */
  trashed: z.boolean(),
  /** The live containers still holding it. */
  membership: z.array(ContentNode),
});
export type DatastreamRemoval = z.infer<typeof DatastreamRemoval>;

/** The thumbnail as the media job recorded it; `url` is a signed link while it is ready, else null. */
export const DatastreamThumbnail = z.object({ status: ThumbnailStatus, url: z.string().nullable() });
export type DatastreamThumbnail = z.infer<typeof DatastreamThumbnail>;

export const Datastream = DatastreamSummary.extend({
  /** The file's sha-256 (hex), also its ETag. */
  sha256: z.string(),
  modifiedBy: ContentUser.nullable(),
  /** The live containers holding the file, by label. */
  membership: z.array(ContentNode),
  properties: z.array(ContentProperty),
  thumbnail: DatastreamThumbnail,
});
export type Datastream = z.infer<typeof Datastream>;
/**
 * What PUT /api/datastreams/{uuid} compares when sent. Not the modifier and time (stamped by every write) nor the
 * thumbnail (its job finishes on its own time, its link expires).
 */
export const DATASTREAM_READ_ONLY_FIELDS = readOnlyFields(Datastream, DatastreamUpdateBody, [
  ...WRITE_TIMESTAMPS,
  "modifiedBy",
  "thumbnail",
  "thumbnailStatus",
]);

export const DatastreamList = z.array(Datastream);

/**
 * POST /api/datastreams/{uuid}/urls: links that work without the bearer token until `expiresAt`, for the signed-in
 * caller only. `thumbnail` is null while no thumbnail is ready.
 */
export const DatastreamMediaUrls = z.object({
  preview: z.string(),
  download: z.string(),
  thumbnail: z.string().nullable(),
  expiresAt: z.string(),
});
export type DatastreamMediaUrls = z.infer<typeof DatastreamMediaUrls>;
