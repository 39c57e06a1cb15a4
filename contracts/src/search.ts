// Search (spec 1 §7, spec 3 "Global search results"): POST /api/search?q= answers the best containers, datastreams,
// users and groups for a text; POST /api/containers/search answers containers of given types for the reference picker.
// Matching ignores case and accents (Latin and Greek), finds words by their start and tolerates typos; labels that
// equal or start with the text come first, then label words, then property values, then near spellings.
import { z } from "zod";
import { ContentTypeRef, ContentUser, ThumbnailStatus } from "./content.ts";

export const SEARCH_LIMITS = {
  /** Longest search text. */
  queryMaxLength: 200,
  /** Results per group unless `size` says otherwise, and the most `size` may ask. */
  defaultSize: 10,
  maxSize: 50,
  /** The reference picker: containers answered unless `size` says otherwise. */
  pickerDefaultSize: 20,
  /** Container type codes one picker search may name. */
  maxContainerTypes: 200,
  /** Containers named per datastream in `membership`. */
  maxMemberships: 10,
  /** Spec 3 §5, §9: the top bar's search runs with 3 or more typed characters, 500 ms after the last key. */
  globalMinLength: 3,
  globalDebounceMs: 500,
} as const;

/** What the search answers: OP_CONTAINER only containers (the move picker), OP_DATASTREAM only datastreams. */
export const SEARCH_OPERATIONS = ["OP_CONTAINER", "OP_DATASTREAM"] as const;
/** Where the text is looked for: `label` only in labels; by default in labels and property values. */
export const SEARCH_FIELDS = ["label"] as const;

const SearchText = z
  .string({ error: "must be text" })
  .max(SEARCH_LIMITS.queryMaxLength, { error: `must be at most ${SEARCH_LIMITS.queryMaxLength} characters` });

const Size = (fallback: number) =>
  z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .max(SEARCH_LIMITS.maxSize, { error: `must be at most ${SEARCH_LIMITS.maxSize}` })
    .default(fallback);

/** An empty string counts as not given (forms send blank fields). */
const blankAsAbsent = (value: unknown) => (value === "" || value === null ? undefined : value);

export const SearchQuery = z.object({
  q: SearchText.default(""),
  /** Results per group. */
  size: Size(SEARCH_LIMITS.defaultSize),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

/**
 * The optional body of POST /api/search (spec 1 §7: field, operation, value); no body at all is an empty one. `value`
 * is the text when `q` is blank.
 */
export const SearchBody = z.preprocess(
  (body) => body ?? {},
  z.object({
    field: z.preprocess(blankAsAbsent, z.enum(SEARCH_FIELDS, { error: `must be one of ${SEARCH_FIELDS.join(", ")}` }).optional()),
    operation: z.preprocess(
      blankAsAbsent,
      z.enum(SEARCH_OPERATIONS, { error: `must be one of ${SEARCH_OPERATIONS.join(", ")}` }).optional(),
    ),
    value: z.preprocess(blankAsAbsent, SearchText.optional()),
  }),
);
export type SearchBody = z.infer<typeof SearchBody>;

/** spec 3 §3 "Search result groups". */
export const SearchContainerHit = z.object({
  uuid: z.string(),
  label: z.string(),
  type: ContentTypeRef,
  createdBy: ContentUser.nullable(),
  createdAt: z.string(),
});
export type SearchContainerHit = z.infer<typeof SearchContainerHit>;

export const SearchDatastreamHit = z.object({
  uuid: z.string(),
  label: z.string(),
  type: ContentTypeRef,
  mimeType: z.string(),
  filesize: z.number().int(),
  thumbnailStatus: ThumbnailStatus,
  createdBy: ContentUser.nullable(),
  createdAt: z.string(),
  /** The first container holding it (null if every container holding it is in the trash). */
  parentUuid: z.string().nullable(),
  /** Containers holding it, oldest placement first, at most SEARCH_LIMITS.maxMemberships. */
  membership: z.array(z.object({ uuid: z.string() })),
});
export type SearchDatastreamHit = z.infer<typeof SearchDatastreamHit>;

export const SearchUserHit = z.object({
  uuid: z.string(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
});
export type SearchUserHit = z.infer<typeof SearchUserHit>;

export const SearchGroupHit = z.object({ id: z.number().int(), name: z.string(), description: z.string() });
export type SearchGroupHit = z.infer<typeof SearchGroupHit>;

/** Each group best first, at most `size` long. Users and groups only for holders of repox.store.settings.iam.show. */
export const SearchResults = z.object({
  containers: z.array(SearchContainerHit),
  datastreams: z.array(SearchDatastreamHit),
  users: z.array(SearchUserHit),
  groups: z.array(SearchGroupHit),
});
export type SearchResults = z.infer<typeof SearchResults>;

const ContainerTypeCode = z
  .string({ error: "must be a container type code" })
  .trim()
  .toLowerCase()
  .min(1, { error: "is required" })
  .max(100);

/**
 * POST /api/containers/search (the reference property picker): containers of the listed types (any type when the list
 * is empty; unknown codes match nothing), matching `q` the same way as the search, or by label order without `q`.
 */
export const ContainerSearchBody = z.object({
  containerTypes: z
    .array(ContainerTypeCode, { error: "must be a list of container type codes" })
    .max(SEARCH_LIMITS.maxContainerTypes, { error: `must list at most ${SEARCH_LIMITS.maxContainerTypes} types` })
    .default([]),
  q: z.preprocess(blankAsAbsent, SearchText.optional()),
  size: Size(SEARCH_LIMITS.pickerDefaultSize),
});
export type ContainerSearchBody = z.infer<typeof ContainerSearchBody>;

export const ContainerSearchHit = z.object({ uuid: z.string(), label: z.string(), type: ContentTypeRef });
export type ContainerSearchHit = z.infer<typeof ContainerSearchHit>;
