// The 15 property types of the content model (spec 1 §3, spec 2 §3) and the details each one carries.
// The server checks a property's details with these schemas; the web editors build their forms from them.
import { z } from "zod";

export const PROPERTY_TYPES = [
  "boolean",
  "url",
  "enum",
  "date",
  "time",
  "ip-address-v4",
  "number",
  "text-area",
  "json",
  "text",
  "rich-text",
  "spatial-map",
  "multi-select",
  "vocabulary-flat",
  "reference",
] as const;
export const PropertyTypeCode = z.enum(PROPERTY_TYPES, { error: `must be one of ${PROPERTY_TYPES.join(", ")}` });
export type PropertyTypeCode = z.infer<typeof PropertyTypeCode>;

/** Types whose values are written in a language, so a language qualifier makes sense for them. */
export const LANGUAGE_AWARE_TYPES: ReadonlySet<PropertyTypeCode> = new Set(["text", "text-area", "rich-text"]);

export const PROPERTY_TYPE_NAMES: Record<PropertyTypeCode, string> = {
  boolean: "Boolean",
  url: "URL",
  enum: "Enumeration",
  date: "Date",
  time: "Time",
  "ip-address-v4": "IP address (v4)",
  number: "Number",
  "text-area": "Text area",
  json: "JSON",
  text: "Text",
  "rich-text": "Rich text",
  "spatial-map": "Spatial map",
  "multi-select": "Multi-select",
  "vocabulary-flat": "Vocabulary (flat)",
  reference: "Reference",
};

export const PropertyTypeInfo = z.object({ code: PropertyTypeCode, name: z.string(), languageAware: z.boolean() });
export type PropertyTypeInfo = z.infer<typeof PropertyTypeInfo>;

export const PROPERTY_TYPE_CATALOGUE: readonly PropertyTypeInfo[] = PROPERTY_TYPES.map((code) => ({
  code,
  name: PROPERTY_TYPE_NAMES[code],
  languageAware: LANGUAGE_AWARE_TYPES.has(code),
}));

const ChoiceValues = z
  .array(z.string().trim().min(1, { error: "values must not be empty" }).max(255))
  .min(1, { error: "needs at least one value" })
  .max(1000)
  .refine((values) => new Set(values).size === values.length, { error: "values must not repeat" });

const TypeCodes = z.array(z.string().trim().min(1).max(100)).max(200);

/** Details per type. Types not listed take an empty object (extra keys are dropped). */
export const PROPERTY_DETAILS_SCHEMAS = {
  enum: z.object({ values: ChoiceValues }),
  "multi-select": z.object({ values: ChoiceValues }),
  reference: z.object({ containerTypes: TypeCodes.default([]) }),
  "vocabulary-flat": z.object({
    vocabularyId: z.uuid({ error: "vocabularyId must name a vocabulary" }),
    values: z.array(z.string().max(255)).max(1000).default([]),
  }),
} satisfies Partial<Record<PropertyTypeCode, z.ZodType>>;

export type EnumDetails = z.infer<(typeof PROPERTY_DETAILS_SCHEMAS)["enum"]>;
export type ReferenceDetails = z.infer<(typeof PROPERTY_DETAILS_SCHEMAS)["reference"]>;
export type VocabularyDetails = z.infer<(typeof PROPERTY_DETAILS_SCHEMAS)["vocabulary-flat"]>;
export type PropertyDetails = EnumDetails | ReferenceDetails | VocabularyDetails | Record<string, never>;

export type DetailsResult = { ok: true; details: PropertyDetails } | { ok: false; message: string };

/**
 * Checks a property's details (a JSON string, as the API carries them) for its type and answers them normalised.
 * Messages name the field, e.g. `propertyDetails.values: needs at least one value`.
 */
export function parsePropertyDetails(type: PropertyTypeCode, detailsJson: string | null | undefined): DetailsResult {
  let raw: unknown = {};
  if (detailsJson && detailsJson.trim() !== "") {
    try {
      raw = JSON.parse(detailsJson);
    } catch {
      return { ok: false, message: "propertyDetails must be valid JSON" };
    }
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { ok: false, message: "propertyDetails must be a JSON object" };
  }
  const schema = (PROPERTY_DETAILS_SCHEMAS as Partial<Record<PropertyTypeCode, z.ZodType>>)[type];
  if (!schema) return { ok: true, details: {} };
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, details: parsed.data as PropertyDetails };
  const issue = parsed.error.issues[0];
  const path = ["propertyDetails", ...(issue?.path ?? [])].join(".");
  return { ok: false, message: `${path}: ${issue?.message ?? "is not valid"}` };
}
