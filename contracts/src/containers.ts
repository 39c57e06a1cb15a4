// Containers (spec 1 §3, §5, §7): create, read, update, rename, colour, move, link, report, activity.
//
// Reading a folder: GET /api/containers/{uuid} answers the container with the first CONTENT_LIMITS.embeddedListSize
// children, datastreams and siblings (by label). childCount and datastreamCount say whether there are more; a large
// folder is read page by page through GET /api/containers/{uuid}/children and /datastreams, and the top level through
// GET /api/containers (all three take ContentListQuery), so no answer grows with the folder.
import { z } from "zod";
import { pageOf, Uuid } from "./common.ts";
import {
  ContentLabel,
  ContentListQuery,
  ContentNode,
  ContentProperty,
  ContentTypeRef,
  ContentUser,
  DatastreamSummary,
  Destination,
  PropertyValueInputs,
} from "./content.ts";
import { idOrReference, readOnlyFields, WRITE_TIMESTAMPS } from "./read-back.ts";

/** A container type code, lowercased as the content model stores codes. */
const TypeCodeInput = z.string({ error: "must be a container type code" }).trim().toLowerCase().min(1, { error: "is required" }).max(100);

/** POST /api/containers?to={parentUuid|ROOT}; without `to` the container is made at the top level. */
export const ContainerCreateQuery = z.object({ to: Destination.optional() });
export const ContainerCreateBody = z.object({ label: ContentLabel, type: TypeCodeInput, properties: PropertyValueInputs });
export type ContainerCreateBody = z.infer<typeof ContainerCreateBody>;
export type ContainerCreateBodyInput = z.input<typeof ContainerCreateBody>;

/**
 * PUT /api/containers/{uuid}: a full replacement of label and property values; `id` must be the path's uuid. The type
 * is fixed at creation (when sent it must be the current one). An editable property left out is emptied; a property
 * that is not editable keeps its value and may only be sent unchanged.
 */
export const ContainerUpdateBody = z.object({
  id: Uuid,
  label: ContentLabel,
  type: idOrReference(TypeCodeInput, "code", "must be a container type code").optional(),
  properties: PropertyValueInputs,
});
export type ContainerUpdateBody = z.infer<typeof ContainerUpdateBody>;
export type ContainerUpdateBodyInput = z.input<typeof ContainerUpdateBody>;

export const ContainerLabelBody = z.object({ label: ContentLabel });
export type ContainerLabelBody = z.infer<typeof ContainerLabelBody>;

/** The colour is checked by the service so the answer reads exactly `Invalid hex color value: {value}`; null clears. */
export const ContainerColorBody = z.object({ color: z.string({ error: "must be a hex colour or null" }).trim().max(50).nullable() });
export type ContainerColorBody = z.infer<typeof ContainerColorBody>;

/** POST /api/containers/{uuid}/move: from one of its parents (or ROOT) to another container (or ROOT). */
export const ContainerMoveBody = z.object({ from: Destination, to: Destination });
export type ContainerMoveBody = z.infer<typeof ContainerMoveBody>;

/** POST /api/containers/{uuid}/link?to=: adds a parent, keeping the others. */
export const ContainerLinkQuery = z.object({ to: Destination });
export type ContainerLinkQuery = z.infer<typeof ContainerLinkQuery>;

export const ContainerListQuery = ContentListQuery;
export type ContainerListQuery = ContentListQuery;

/** A container in a list: enough for a tile or a row ('{n} folder(s) and {m} file(s)'). */
export const ContainerSummary = z.object({
  uuid: z.string(),
  /** The same as uuid. */
  id: z.string(),
  label: z.string(),
  type: ContentTypeRef,
  color: z.string().nullable(),
  /** Starred by the caller. */
  starred: z.boolean(),
  published: z.boolean(),
  datastreamCount: z.number().int(),
  childCount: z.number().int(),
  createdBy: ContentUser.nullable(),
  createdAt: z.string(),
  modifiedBy: ContentUser.nullable(),
  modifiedAt: z.string(),
});
export type ContainerSummary = z.infer<typeof ContainerSummary>;

/** One way down from the top level: the ancestors, top first, ending with the direct parent ([] at the top level). */
export const ContainerPath = z.object({ nodes: z.array(ContentNode) });
export type ContainerPath = z.infer<typeof ContainerPath>;

export const Container = ContainerSummary.extend({
  /** Whether the container sits at the top level (as well as in any parents). */
  atRoot: z.boolean(),
  /** Every path from the top level, at most CONTENT_LIMITS.maxPaths; the oldest placement first (links after it). */
  paths: z.array(ContainerPath),
  /** The direct parents, by label. */
  parents: z.array(ContentNode),
  properties: z.array(ContentProperty),
  /** The first children by label (at most CONTENT_LIMITS.embeddedListSize); childCount tells if there are more. */
  children: z.array(ContainerSummary),
  /** The first datastreams by label (at most CONTENT_LIMITS.embeddedListSize). */
  datastreams: z.array(DatastreamSummary),
  /** Other containers in its first parent (or at the top level), by label, at most CONTENT_LIMITS.embeddedListSize. */
  siblings: z.array(ContentNode),
});
export type Container = z.infer<typeof Container>;
/** What PUT /api/containers/{uuid} compares when sent; the modifier and time are stamped by every write. */
export const CONTAINER_READ_ONLY_FIELDS = readOnlyFields(Container, ContainerUpdateBody, [...WRITE_TIMESTAMPS, "modifiedBy"]);

export const ContainerPage = pageOf(ContainerSummary);
export const DatastreamSummaryPage = pageOf(DatastreamSummary);

/** POST /api/containers/{uuid}/reports: the container and everything below it, each file counted once. */
export const ContainerReport = z.object({
  label: z.string(),
  /** Containers below it (itself not counted). */
  containerCount: z.number().int(),
  datastreamCount: z.number().int(),
  /** Bytes of the distinct files of those datastreams. */
  totalStorageSpace: z.number().int(),
  /** The same in units of 1024, e.g. "1.5 MB". */
  totalStorageSpaceHR: z.string(),
});
export type ContainerReport = z.infer<typeof ContainerReport>;

/** POST /api/containers/{uuid}/publish and /unpublish: the state after the call (Private or Published, spec 1 §4). */
export const ContainerPublishState = z.object({ uuid: z.string(), published: z.boolean(), publishedAt: z.string().nullable() });
export type ContainerPublishState = z.infer<typeof ContainerPublishState>;
