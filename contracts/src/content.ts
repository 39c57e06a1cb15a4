// Shapes the whole content area shares (containers, datastreams, recent, starred, trash, tags, search, import,
// export): labels, destinations, people and types as content shows them, property values, and the limits of spec 1 §9.
import { z } from "zod";
import { PageQuery } from "./common.ts";
import { TypeLayout } from "./content-model.ts";
import { PropertyTypeCode } from "./property-types.ts";

export const CONTENT_LIMITS = {
  labelMaxLength: 255,
  /** GET /containers/{uuid} embeds at most this many children, datastreams and siblings; the paged lists give the rest. */
  embeddedListSize: 50,
  /** At most this many paths (ways down from the top level) are answered for one container. */
  maxPaths: 50,
  /** Deeper paths than this are not followed. */
  maxDepth: 100,
  /** Property entries in one create or update body. */
  maxPropertyEntries: 2000,
  searchMaxLength: 255,
  /** Spec 1 §9: recent and starred pages hold 18, activity and storage pages 20. */
  recentPageSize: 18,
  starredPageSize: 18,
  /** Spec 1 §9: labels are cut to 50 characters in the move picker and toasts, 40 in the breadcrumb. */
  pickerLabelCut: 50,
  breadcrumbLabelCut: 40,
} as const;

/** Spec 1 §9: the 13 colours offered for containers (actions and the breadcrumb menu), lowercase as stored. */
export const CONTAINER_COLOR_PALETTE = [
  "#f44336",
  "#e91e63",
  "#9c27b0",
  "#673ab7",
  "#3f51b5",
  "#2196f3",
  "#00bcd4",
  "#009688",
  "#4caf50",
  "#8bc34a",
  "#ffeb3b",
  "#ff9800",
  "#795548",
] as const;
/** Spec 1 §9: a container's colour tints its tile with this alpha suffix (8C = 55 % opacity). */
export const COLOR_TINT_ALPHA = "8C";

/** The top level, as a move or link destination and as a move origin (spec 1 §7). */
export const ROOT = "ROOT";

/** Containers and datastreams as stars, tags and trash name them (spec 1 §7: objectType CONTAINER). */
export const CONTENT_OBJECT_TYPES = ["CONTAINER", "DATASTREAM"] as const;
export const ContentObjectType = z.enum(CONTENT_OBJECT_TYPES, { error: `must be one of ${CONTENT_OBJECT_TYPES.join(", ")}` });
export type ContentObjectType = z.infer<typeof ContentObjectType>;

/** A label: surrounding spaces dropped, then 1 to 255 characters on one line. */
export const ContentLabel = z
  .string({ error: "must be text" })
  .trim()
  .min(1, { error: "is required" })
  .max(CONTENT_LIMITS.labelMaxLength, { error: `must be at most ${CONTENT_LIMITS.labelMaxLength} characters` })
  .refine((label) => !/\p{Cc}/u.test(label), { error: "must not contain control characters such as tabs or line breaks" });

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A container uuid (lowercased) or ROOT in any case (answered as "ROOT"). */
export const Destination = z
  .string({ error: "must be a container uuid or ROOT" })
  .trim()
  .max(100)
  .refine((value) => value.toUpperCase() === ROOT || UUID_PATTERN.test(value), { error: "must be a container uuid or ROOT" })
  .transform((value) => (value.toUpperCase() === ROOT ? ROOT : value.toLowerCase()));
export type Destination = z.infer<typeof Destination>;

/** A person as content shows them (createdBy, modifiedBy); null once that user has been deleted. */
export const ContentUser = z.object({ uuid: z.string(), firstname: z.string(), lastname: z.string(), email: z.string() });
export type ContentUser = z.infer<typeof ContentUser>;

export const ContentTypeRef = z.object({ code: z.string(), name: z.string(), layout: TypeLayout });
export type ContentTypeRef = z.infer<typeof ContentTypeRef>;

/** A container named in a path, a parent list or a picker. */
export const ContentNode = z.object({ uuid: z.string(), label: z.string() });
export type ContentNode = z.infer<typeof ContentNode>;

/**
 * One property instance in a create or update body. `value` is the JSON text (or the object itself)
 * `{"values": ..., "qualifiers": [{"qualifierKey", "qualifierValue"}]}` that validatePropertyValue reads; a repeatable
 * property is given as several entries with the same key, in order. Empty values are dropped.
 */
export const PropertyValueInput = z.object({
  key: z.string({ error: "must be a property key" }).trim().min(1, { error: "is required" }).max(100),
  value: z.union([z.string(), z.record(z.string(), z.unknown()), z.null()], { error: "must be JSON text or an object" }).optional(),
});
export type PropertyValueInput = z.infer<typeof PropertyValueInput>;

export const PropertyValueInputs = z
  .array(PropertyValueInput)
  .max(CONTENT_LIMITS.maxPropertyEntries, { error: `must hold at most ${CONTENT_LIMITS.maxPropertyEntries} entries` })
  .default([]);

/**
 * One property instance as answered: every property of the object's type appears, in the type's order (group, then
 * position); an empty one once with `value` null; a repeatable one once per stored instance (`instance` 0, 1, ...).
 */
export const ContentProperty = z.object({
  key: z.string(),
  /** JSON text {"values": ..., "qualifiers": [...]}, normalised; null when empty. */
  value: z.string().nullable(),
  /** The property's id in the content model. */
  id: z.number().int(),
  label: z.string(),
  propertyType: PropertyTypeCode,
  groupId: z.number().int().nullable(),
  /** The property's place in its type. */
  position: z.number().int(),
  /** Which instance of a repeatable property this is, from 0. */
  instance: z.number().int(),
  mandatory: z.boolean(),
  editable: z.boolean(),
  repeatable: z.boolean(),
});
export type ContentProperty = z.infer<typeof ContentProperty>;

export const CONTENT_SORTS = ["label", "createdAt", "starred"] as const;
export const SortDirection = z.enum(["asc", "desc"], { error: "must be asc or desc" });

/**
 * Paged lists of a folder (children, datastreams, the top level): `label` (accents and case ignored), `createdAt`, or
 * `starred` (the caller's starred items first with `desc`, last with `asc`, then by label). `q` keeps items whose
 * label contains it, accents and case ignored.
 */
export const ContentListQuery = PageQuery.extend({
  sort: z.enum(CONTENT_SORTS, { error: `must be one of ${CONTENT_SORTS.join(", ")}` }).default("label"),
  direction: SortDirection.default("asc"),
  q: z.string().trim().max(CONTENT_LIMITS.searchMaxLength).optional(),
});
export type ContentListQuery = z.infer<typeof ContentListQuery>;

/**
 * A datastream's thumbnail, as the media job recorded it for the datastream's file: `pending` until the job has run,
 * then `ready`, or `failed`, `unsupported` (no thumbnail for this kind of file) or `unavailable` (a tool is missing).
 */
export const THUMBNAIL_STATUSES = ["pending", "ready", "failed", "unsupported", "unavailable"] as const;
export const ThumbnailStatus = z.enum(THUMBNAIL_STATUSES);
export type ThumbnailStatus = z.infer<typeof ThumbnailStatus>;

/** A datastream in a container's list. The datastreams area answers the full datastream. */
export const DatastreamSummary = z.object({
  uuid: z.string(),
  id: z.string(),
  label: z.string(),
  type: ContentTypeRef,
  mimeType: z.string(),
  filesize: z.number().int(),
  color: z.string().nullable(),
  starred: z.boolean(),
  published: z.boolean(),
  thumbnailStatus: ThumbnailStatus,
  createdBy: ContentUser.nullable(),
  createdAt: z.string(),
  modifiedAt: z.string(),
});
export type DatastreamSummary = z.infer<typeof DatastreamSummary>;

const BYTE_UNITS = ["B", "KB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"] as const;

/** "1.5 MB": powers of 1024 up to YB (spec 1 §9), at most two decimals. */
export function humanByteSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(2))} ${BYTE_UNITS[unit]}`;
}
