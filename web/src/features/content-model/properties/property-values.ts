// Between the property editor's form values and the API body: the type details become the JSON string the API
// carries, and only language-aware types keep their qualifiers (spec 2 §5).
import {
  type EnumDetails,
  LANGUAGE_AWARE_TYPES,
  type Property,
  type PropertyCreateBody,
  type PropertyTypeCode,
  type PropertyUpdateBody,
  parsePropertyDetails,
  type ReferenceDetails,
  type VocabularyDetails,
} from "@repox/contracts";

export type PropertyFormValues = {
  propertyKey: string;
  displayName: string;
  description: string;
  propertyType: PropertyTypeCode;
  /** The choices of enum and multi-select properties. */
  values: string[];
  /** The container type codes a reference property may point at. */
  containerTypes: string[];
  /** The vocabulary of a vocabulary-flat property, and the values its details already hold (kept as they are). */
  vocabularyId: string | null;
  vocabularyValues: string[];
  namespace: string | null;
  qualifiers: string[];
  mandatory: boolean;
  editable: boolean;
  repeatable: boolean;
  /** Select values are strings: the group id as text, or null. */
  groupId: string | null;
  position: number | string;
};

/** The types whose details are a list of choices. */
export const CHOICE_TYPES: ReadonlySet<PropertyTypeCode> = new Set(["enum", "multi-select"]);

export function isLanguageAware(type: PropertyTypeCode): boolean {
  return LANGUAGE_AWARE_TYPES.has(type);
}

export function propertyFormValues(property: Property | null): PropertyFormValues {
  const values: PropertyFormValues = {
    propertyKey: property?.propertyKey ?? "",
    displayName: property?.displayName ?? "",
    description: property?.description ?? "",
    propertyType: property?.propertyType ?? "text",
    values: [],
    containerTypes: [],
    vocabularyId: null,
    vocabularyValues: [],
    namespace: property?.namespace ?? null,
    qualifiers: property?.qualifiers ?? [],
    mandatory: property?.mandatory ?? false,
    editable: property?.editable ?? true,
    repeatable: property?.repeatable ?? false,
    groupId: property?.groupId == null ? null : String(property.groupId),
    position: property?.position ?? 0,
  };
  if (!property) return values;
  const parsed = parsePropertyDetails(property.propertyType, property.propertyDetails);
  if (!parsed.ok) return values;
  if (CHOICE_TYPES.has(property.propertyType)) values.values = (parsed.details as EnumDetails).values;
  if (property.propertyType === "reference") values.containerTypes = (parsed.details as ReferenceDetails).containerTypes;
  if (property.propertyType === "vocabulary-flat") {
    const details = parsed.details as VocabularyDetails;
    values.vocabularyId = details.vocabularyId;
    values.vocabularyValues = details.values;
  }
  return values;
}

/** The details JSON of the chosen type; types without details send an empty object. */
export function toPropertyDetails(values: PropertyFormValues): string {
  if (CHOICE_TYPES.has(values.propertyType)) return JSON.stringify({ values: values.values.map((value) => value.trim()) });
  if (values.propertyType === "reference") return JSON.stringify({ containerTypes: values.containerTypes });
  if (values.propertyType === "vocabulary-flat") {
    return JSON.stringify({ vocabularyId: values.vocabularyId ?? "", values: values.vocabularyValues });
  }
  return "{}";
}

export function toPropertyUpdateBody(values: PropertyFormValues): PropertyUpdateBody {
  const position = Number(values.position);
  return {
    displayName: values.displayName.trim(),
    propertyType: values.propertyType,
    propertyDetails: toPropertyDetails(values),
    description: values.description.trim(),
    namespace: values.namespace || null,
    qualifiers: isLanguageAware(values.propertyType) ? values.qualifiers : [],
    mandatory: values.mandatory,
    editable: values.editable,
    repeatable: values.repeatable,
    groupId: values.groupId ? Number(values.groupId) : null,
    position: Number.isInteger(position) && position >= 0 ? position : 0,
  };
}

export function toPropertyCreateBody(values: PropertyFormValues): PropertyCreateBody {
  return { propertyKey: values.propertyKey.trim(), ...toPropertyUpdateBody(values) };
}
