// The content model (spec 2 §3, §7): namespaces, qualifiers, property groups, properties, container and datastream
// types, their usages, and the content-model file that export writes and import reads.
import { z } from "zod";
import { IntegerId, LIMITS, PageQuery } from "./common.ts";
import { PropertyTypeCode } from "./property-types.ts";

export const CONTENT_MODEL_LIMITS = {
  codeMaxLength: 100,
  nameMaxLength: 255,
  descriptionMaxLength: LIMITS.descriptionMaxLength,
  prefixMaxLength: 50,
  urlMaxLength: 2000,
  detailsMaxLength: 200_000,
  acceptanceMaxLength: 10_000,
  qualifiersPerProperty: 50,
  propertiesPerType: 500,
  positionMax: 1_000_000,
  /** The largest content-model file import accepts (vocabularies with their terms make it big). */
  importMaxBytes: 16 * 1024 * 1024,
} as const;

const L = CONTENT_MODEL_LIMITS;

const required = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: "is required" })
    .max(max, { error: `must be at most ${max} characters` });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .default("");
const Position = z.number().int().min(0).max(L.positionMax).default(0);

/** Namespace codes and qualifier keys: a letter, then letters, digits, '_', '.' or '-'. */
export const IDENTIFIER_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const Identifier = z
  .string()
  .trim()
  .min(1, { error: "is required" })
  .max(L.codeMaxLength, { error: `must be at most ${L.codeMaxLength} characters` })
  .regex(IDENTIFIER_PATTERN, { error: "must start with a letter and hold only letters, digits, '_', '.' or '-'" });

/** Property keys and type codes: lowercase (type codes are lowercased on create). */
export const CODE_PATTERN = /^[a-z][a-z0-9_.-]*$/;
const CODE_RULE = "must start with a lowercase letter and hold only lowercase letters, digits, '_', '.' or '-'";
export const PropertyKey = z
  .string()
  .trim()
  .min(1, { error: "is required" })
  .max(L.codeMaxLength, { error: `must be at most ${L.codeMaxLength} characters` })
  .regex(CODE_PATTERN, { error: CODE_RULE });
/** A container or datastream type code; lowercased before it is checked, so "Book" becomes "book". */
export const TypeCode = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: "is required" })
  .max(L.codeMaxLength, { error: `must be at most ${L.codeMaxLength} characters` })
  .regex(CODE_PATTERN, { error: CODE_RULE });

const Url = z.union([z.literal(""), z.url({ error: "must be a valid URL" }).max(L.urlMaxLength)]).default("");

// Namespaces ------------------------------------------------------------------------------------------------------

export const Namespace = z.object({ id: z.number().int(), code: z.string(), name: z.string(), prefix: z.string(), url: z.string() });
export type Namespace = z.infer<typeof Namespace>;

const NamespaceFields = { name: required(L.nameMaxLength), prefix: optionalText(L.prefixMaxLength), url: Url };
export const NamespaceCreateBody = z.object({ code: Identifier, ...NamespaceFields });
export type NamespaceCreateBody = z.infer<typeof NamespaceCreateBody>;
/** The code cannot change: when sent it must equal the current one. */
export const NamespaceUpdateBody = z.object({
  id: IntegerId.optional(),
  code: z.string().max(L.codeMaxLength).optional(),
  ...NamespaceFields,
});
export type NamespaceUpdateBody = z.infer<typeof NamespaceUpdateBody>;
export const NamespaceParams = z.object({ code: z.string().max(L.codeMaxLength) });

// Qualifiers ------------------------------------------------------------------------------------------------------

/** enum: a value must be one of `qualifierDetails.values`; text: any value. */
export const QualifierType = z.enum(["enum", "text"], { error: "must be enum or text" });
export type QualifierType = z.infer<typeof QualifierType>;

export const Qualifier = z.object({
  id: z.number().int(),
  qualifierKey: z.string(),
  qualifierName: z.string(),
  qualifierType: QualifierType,
  /** JSON string `{"values": [...]}`, e.g. ISO 639-1 codes from GET /api/utility/languages. */
  qualifierDetails: z.string(),
  description: z.string(),
  externalSource: z.string(),
});
export type Qualifier = z.infer<typeof Qualifier>;

const QualifierFields = {
  qualifierName: required(L.nameMaxLength),
  qualifierType: QualifierType.default("enum"),
  qualifierDetails: z
    .string()
    .max(L.detailsMaxLength, { error: `must be at most ${L.detailsMaxLength} characters` })
    .default("{}"),
  description: optionalText(L.descriptionMaxLength),
  externalSource: optionalText(L.urlMaxLength),
};
export const QualifierCreateBody = z.object({ qualifierKey: Identifier, ...QualifierFields });
export type QualifierCreateBody = z.infer<typeof QualifierCreateBody>;
/** The key cannot change: when sent it must equal the current one. */
export const QualifierUpdateBody = z.object({
  id: IntegerId.optional(),
  qualifierKey: z.string().max(L.codeMaxLength).optional(),
  ...QualifierFields,
});
export type QualifierUpdateBody = z.infer<typeof QualifierUpdateBody>;
export const QualifierParams = z.object({ qualifierKey: z.string().max(L.codeMaxLength) });

const QualifierValues = z
  .array(z.string().trim().min(1, { error: "values must not be empty" }).max(L.nameMaxLength))
  .max(1000)
  .refine((values) => new Set(values).size === values.length, { error: "values must not repeat" });
const QUALIFIER_DETAILS_SCHEMAS = {
  enum: z.object({ values: QualifierValues.refine((values) => values.length > 0, { error: "needs at least one value" }) }),
  text: z.object({ values: QualifierValues.default([]) }),
} satisfies Record<QualifierType, z.ZodType>;
export type QualifierDetails = { values: string[] };

/** Checks a qualifier's details (a JSON string) for its type; messages name the field, e.g. `qualifierDetails.values: …`. */
export function parseQualifierDetails(
  type: QualifierType,
  detailsJson: string,
): { ok: true; details: QualifierDetails } | { ok: false; message: string } {
  let raw: unknown = {};
  if (detailsJson.trim() !== "") {
    try {
      raw = JSON.parse(detailsJson);
    } catch {
      return { ok: false, message: "qualifierDetails must be valid JSON" };
    }
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return { ok: false, message: "qualifierDetails must be a JSON object" };
  const parsed = QUALIFIER_DETAILS_SCHEMAS[type].safeParse(raw);
  if (parsed.success) return { ok: true, details: { values: parsed.data.values } };
  const issue = parsed.error.issues[0];
  const path = ["qualifierDetails", ...(issue?.path ?? [])].join(".");
  return { ok: false, message: `${path}: ${issue?.message ?? "is not valid"}` };
}

// Property groups -------------------------------------------------------------------------------------------------

export const PropertyGroup = z.object({ id: z.number().int(), name: z.string(), description: z.string() });
export type PropertyGroup = z.infer<typeof PropertyGroup>;
const PropertyGroupFields = { name: required(L.nameMaxLength), description: optionalText(L.descriptionMaxLength) };
export const PropertyGroupCreateBody = z.object(PropertyGroupFields);
export type PropertyGroupCreateBody = z.infer<typeof PropertyGroupCreateBody>;
export const PropertyGroupUpdateBody = z.object({ id: IntegerId.optional(), ...PropertyGroupFields });
export type PropertyGroupUpdateBody = z.infer<typeof PropertyGroupUpdateBody>;

// Properties ------------------------------------------------------------------------------------------------------

export const Property = z.object({
  id: z.number().int(),
  propertyKey: z.string(),
  displayName: z.string(),
  propertyType: PropertyTypeCode,
  /** JSON string, normalised by the server (see `parsePropertyDetails`). */
  propertyDetails: z.string(),
  description: z.string(),
  /** A namespace code, or null. */
  namespace: z.string().nullable(),
  /** Qualifier keys; only language-aware types carry any. */
  qualifiers: z.array(z.string()),
  mandatory: z.boolean(),
  editable: z.boolean(),
  repeatable: z.boolean(),
  groupId: z.number().int().nullable(),
  position: z.number().int(),
});
export type Property = z.infer<typeof Property>;

const PropertyFields = {
  displayName: required(L.nameMaxLength),
  propertyType: PropertyTypeCode,
  propertyDetails: z
    .string()
    .max(L.detailsMaxLength, { error: `must be at most ${L.detailsMaxLength} characters` })
    .default("{}"),
  description: optionalText(L.descriptionMaxLength),
  /** A namespace code; null or "" for none. */
  namespace: z.string().trim().max(L.codeMaxLength).nullable().default(null),
  qualifiers: z
    .array(z.string().trim().max(L.codeMaxLength))
    .max(L.qualifiersPerProperty, { error: `must hold at most ${L.qualifiersPerProperty} qualifiers` })
    .default([]),
  mandatory: z.boolean().default(false),
  editable: z.boolean().default(true),
  repeatable: z.boolean().default(false),
  groupId: IntegerId.nullable().default(null),
  position: Position,
};
export const PropertyCreateBody = z.object({ propertyKey: PropertyKey, ...PropertyFields });
export type PropertyCreateBody = z.infer<typeof PropertyCreateBody>;
/** The key cannot change: when sent it must equal the current one. */
export const PropertyUpdateBody = z.object({
  id: IntegerId.optional(),
  propertyKey: z.string().max(L.codeMaxLength).optional(),
  ...PropertyFields,
});
export type PropertyUpdateBody = z.infer<typeof PropertyUpdateBody>;
export const PropertyParams = z.object({ propertyKey: z.string().max(L.codeMaxLength) });
export const PropertyListQuery = PageQuery.extend({
  /** Part of the key or the label, case-insensitive. */
  q: z.string().trim().max(100).optional(),
  propertyType: PropertyTypeCode.optional(),
});
export type PropertyListQuery = z.infer<typeof PropertyListQuery>;

/** Where a property holds values (content area). Spec 2 §8: an empty answer shows 'No usage of the selected property'. */
export const UsageItem = z.object({ uuid: z.string(), label: z.string() });
export type UsageItem = z.infer<typeof UsageItem>;
export const PropertyUsages = z.object({ containers: z.array(UsageItem), datastreams: z.array(UsageItem) });
export type PropertyUsages = z.infer<typeof PropertyUsages>;

/** Which types carry a property. Empty: 'No content model usage of the selected property'. */
export const TypeUsageItem = z.object({ code: z.string(), name: z.string() });
export type TypeUsageItem = z.infer<typeof TypeUsageItem>;
export const ContentModelUsages = z.object({ containerTypes: z.array(TypeUsageItem), datastreamTypes: z.array(TypeUsageItem) });
export type ContentModelUsages = z.infer<typeof ContentModelUsages>;

// Container and datastream types ----------------------------------------------------------------------------------

export const TYPE_LAYOUTS = ["DEFAULT", "RECORD", "CATALOGUING"] as const;
export const TypeLayout = z.enum(TYPE_LAYOUTS, { error: `must be one of ${TYPE_LAYOUTS.join(", ")}` });
export type TypeLayout = z.infer<typeof TypeLayout>;

/** A property as one type carries it: the property's fields with this type's group, position and flags. */
export const TypeProperty = Property;
export type TypeProperty = Property;

/** One property of a type in a create or update body. */
export const TypePropertyAssignment = z.object({
  propertyKey: z.string().trim().min(1, { error: "is required" }).max(L.codeMaxLength),
  groupId: IntegerId.nullable().default(null),
  position: Position,
  mandatory: z.boolean().default(false),
  editable: z.boolean().default(true),
  repeatable: z.boolean().default(false),
});
export type TypePropertyAssignment = z.infer<typeof TypePropertyAssignment>;

/** Semicolon-separated type codes ("book;chapter"); empty means every type is accepted. */
const AcceptanceList = z
  .string()
  .max(L.acceptanceMaxLength, { error: `must be at most ${L.acceptanceMaxLength} characters` })
  .default("");
const TypeProperties = z
  .array(TypePropertyAssignment)
  .max(L.propertiesPerType, { error: `must hold at most ${L.propertiesPerType} properties` })
  .default([]);

export const ContainerTypeSummary = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  layout: TypeLayout,
  containerAcceptance: z.string(),
  datastreamAcceptance: z.string(),
  allowedAtRoot: z.boolean(),
});
export type ContainerTypeSummary = z.infer<typeof ContainerTypeSummary>;
/** GET /api/container_types/{code}: properties ordered by group name (ungrouped last), then position. */
export const ContainerType = ContainerTypeSummary.extend({ properties: z.array(TypeProperty) });
export type ContainerType = z.infer<typeof ContainerType>;

/**
 * A type body as the spec writes it (`{container: {code, …}, properties}`), or flat as GET answers it (`{code, …,
 * properties}`, each property with the property's own fields, which are not the type's to change and are ignored).
 * Only a body with a top-level `code` is taken as flat, so a wrapped body missing its part is still told so.
 */
function acceptingFlat(wrapper: "container" | "dataStream") {
  return (body: unknown) => {
    const isFlat = typeof body === "object" && body !== null && !(wrapper in body) && "code" in body;
    if (!isFlat) return body;
    const { properties, ...fields } = body as Record<string, unknown>;
    return { [wrapper]: fields, properties };
  };
}

export const ContainerTypeBody = z
  .preprocess(
    acceptingFlat("container"),
    z.object({
      container: z.object({
        id: IntegerId.optional(),
        code: TypeCode,
        name: required(L.nameMaxLength),
        layout: TypeLayout.default("DEFAULT"),
        containerAcceptance: AcceptanceList,
        datastreamAcceptance: AcceptanceList,
        allowedAtRoot: z.boolean().default(false),
      }),
      properties: TypeProperties,
    }),
  )
  .describe("{container, properties}, or flat as GET /api/container_types/{code} answers it: {code, name, …, properties}");
export type ContainerTypeBody = z.infer<typeof ContainerTypeBody>;

export const DatastreamTypeSummary = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  layout: TypeLayout,
  datastreamAcceptance: z.string(),
});
export type DatastreamTypeSummary = z.infer<typeof DatastreamTypeSummary>;
export const DatastreamType = DatastreamTypeSummary.extend({ properties: z.array(TypeProperty) });
export type DatastreamType = z.infer<typeof DatastreamType>;

export const DatastreamTypeBody = z
  .preprocess(
    acceptingFlat("dataStream"),
    z.object({
      dataStream: z.object({
        id: IntegerId.optional(),
        code: TypeCode,
        name: required(L.nameMaxLength),
        layout: TypeLayout.default("DEFAULT"),
        datastreamAcceptance: AcceptanceList,
      }),
      properties: TypeProperties,
    }),
  )
  .describe("{dataStream, properties}, or flat as GET /api/datastream_types/{code} answers it: {code, name, …, properties}");
export type DatastreamTypeBody = z.infer<typeof DatastreamTypeBody>;

export const TypeParams = z.object({ code: z.string().trim().toLowerCase().max(L.codeMaxLength) });
export const TypeListQuery = PageQuery.extend({
  /** Part of the code or the name, case-insensitive. */
  q: z.string().trim().max(100).optional(),
});
export type TypeListQuery = z.infer<typeof TypeListQuery>;
/** Container types may also be filtered to those offered at the root. */
export const ContainerTypeListQuery = TypeListQuery.extend({ allowedAtRoot: z.enum(["true", "false"]).optional() });
export type ContainerTypeListQuery = z.infer<typeof ContainerTypeListQuery>;

/** Simple lists (namespaces, qualifiers, groups): paged, with an optional search on code/key/name. */
export const ContentModelListQuery = TypeListQuery;
export type ContentModelListQuery = TypeListQuery;

// Export and import -----------------------------------------------------------------------------------------------

/** POST /api/cm/export; at least one part must be chosen. */
export const ContentModelExportBody = z
  .object({
    exportContainerTypes: z.boolean().default(false),
    exportDatastreamTypes: z.boolean().default(false),
    exportProperties: z.boolean().default(false),
    exportNamespaces: z.boolean().default(false),
    exportVocabularies: z.boolean().default(false),
  })
  .refine((body) => Object.values(body).some(Boolean), { error: "Choose at least one part of the content model to export" });
export type ContentModelExportBody = z.infer<typeof ContentModelExportBody>;

export const CONTENT_MODEL_FORMAT = "repox-content-model";
export const CONTENT_MODEL_VERSION = 1;

const FileText = (max: number) => z.string().max(max, { error: `must be at most ${max} characters` });

/** Items of the file carry codes and names instead of ids, so the file imports into any tenant. */
export const ContentModelFileNamespace = z.object({
  code: Identifier,
  name: required(L.nameMaxLength),
  prefix: optionalText(L.prefixMaxLength),
  url: Url,
});
export const ContentModelFileQualifier = QualifierCreateBody;
export const ContentModelFileGroup = PropertyGroupCreateBody;
export const ContentModelFileProperty = PropertyCreateBody.omit({ groupId: true }).extend({
  /** The property group by name, or null. */
  group: z.string().max(L.nameMaxLength).nullable().default(null),
});
export type ContentModelFileProperty = z.infer<typeof ContentModelFileProperty>;
const FileTypeProperty = TypePropertyAssignment.omit({ groupId: true }).extend({
  group: z.string().max(L.nameMaxLength).nullable().default(null),
});
export type ContentModelFileTypeProperty = z.infer<typeof FileTypeProperty>;
export const ContentModelFileContainerType = z.object({
  code: TypeCode,
  name: required(L.nameMaxLength),
  layout: TypeLayout.default("DEFAULT"),
  containerAcceptance: AcceptanceList,
  datastreamAcceptance: AcceptanceList,
  allowedAtRoot: z.boolean().default(false),
  properties: z.array(FileTypeProperty).max(L.propertiesPerType).default([]),
});
export type ContentModelFileContainerType = z.infer<typeof ContentModelFileContainerType>;
export const ContentModelFileDatastreamType = ContentModelFileContainerType.omit({ containerAcceptance: true, allowedAtRoot: true });
export type ContentModelFileDatastreamType = z.infer<typeof ContentModelFileDatastreamType>;
export const ContentModelFileTerm = z.object({
  termId: FileText(L.nameMaxLength),
  label: FileText(L.urlMaxLength),
  termUri: FileText(L.urlMaxLength).default(""),
});
export const ContentModelFileVocabulary = z.object({
  /** The vocabulary's uuid in the exporting tenant; vocabulary-flat properties of the same file refer to it. */
  uuid: z.uuid({ error: "must be a valid UUID" }),
  name: required(L.nameMaxLength),
  description: optionalText(L.descriptionMaxLength),
  vocUri: FileText(L.urlMaxLength).default(""),
  terms: z.array(ContentModelFileTerm).max(200_000).default([]),
});
export type ContentModelFileVocabulary = z.infer<typeof ContentModelFileVocabulary>;

const part = <T extends z.ZodType>(item: T) => z.array(item).max(100_000).optional();

/** content-model.json: what export writes and import reads. Absent parts were not exported. */
export const ContentModelFile = z.object({
  format: z.literal(CONTENT_MODEL_FORMAT, { error: `must be "${CONTENT_MODEL_FORMAT}"` }),
  version: z.literal(CONTENT_MODEL_VERSION, { error: `must be ${CONTENT_MODEL_VERSION}: this file was written by another version` }),
  exportedAt: z.string().max(100).optional(),
  namespaces: part(ContentModelFileNamespace),
  qualifiers: part(ContentModelFileQualifier),
  propertyGroups: part(ContentModelFileGroup),
  vocabularies: part(ContentModelFileVocabulary),
  properties: part(ContentModelFileProperty),
  datastreamTypes: part(ContentModelFileDatastreamType),
  containerTypes: part(ContentModelFileContainerType),
});
export type ContentModelFile = z.infer<typeof ContentModelFile>;

export const ContentModelItemKind = z.enum([
  "namespace",
  "qualifier",
  "propertyGroup",
  "vocabulary",
  "property",
  "datastreamType",
  "containerType",
]);
export type ContentModelItemKind = z.infer<typeof ContentModelItemKind>;
/** An item of the file: its kind and its code (key, or name for groups and vocabularies). */
export const ContentModelItem = z.object({ kind: ContentModelItemKind, code: z.string() });
export type ContentModelItem = z.infer<typeof ContentModelItem>;
/** POST /api/cm/import: created, skipped (already there, identical) and refused (with the reason) items. */
export const ContentModelImportResult = z.object({
  created: z.array(ContentModelItem),
  skipped: z.array(ContentModelItem),
  refused: z.array(z.object({ item: ContentModelItem, reason: z.string() })),
});
export type ContentModelImportResult = z.infer<typeof ContentModelImportResult>;
