// Checks a submitted property value against its property definition (spec 1 §3, spec 2 §3) and answers the
// normalised value to store. The server validates every write with it; the web forms use it to check as you type.
//
// A property value is the JSON text (or object) {"values": ..., "qualifiers": [{"qualifierKey", "qualifierValue"}]}.
// What `values` holds for one property instance, as stored after normalising:
//
// | type            | values stored                                  | accepted on input besides that                  |
// |-----------------|------------------------------------------------|-------------------------------------------------|
// | boolean         | true / false                                   | "true"/"false" in any case, e.g. "TRUE"         |
// | url             | "https://…" (http, https, ftp; ≤ 2048 chars)   | surrounding spaces                              |
// | enum            | "one of details.values"                        | surrounding spaces                              |
// | date            | "YYYY-MM-DD", a day in the calendar            |                                                 |
// | time            | "HH:mm" or "HH:mm:ss", 00:00 to 23:59:59       |                                                 |
// | ip-address-v4   | "192.168.0.1" (0–255, no leading zeros)        |                                                 |
// | number          | 12.5 (finite)                                  | decimal text "12.5", "-3", "2e3"                |
// | text            | "one line" (≤ 1000 chars, trimmed)             |                                                 |
// | text-area       | "lines\nof text" (≤ 100 000 chars, trimmed)    | \r\n line ends (stored as \n)                   |
// | json            | any JSON data, parsed (≤ 100 000 chars)        | JSON text, e.g. "{\"a\":1}"                     |
// | rich-text       | "<p>sanitised HTML</p>"                        | any HTML ≤ 200 000 chars; unsafe parts dropped  |
// | spatial-map     | {placename, longitude, latitude, langitude}    | `langitude` alone for the latitude; number text |
// | multi-select    | ["a", "b"] distinct, each in details.values    |                                                 |
// | vocabulary-flat | ["termId", …] distinct                         | one term id; integer ids (stored as text)       |
// | reference       | ["container-uuid", …] distinct, lowercase      | one uuid                                        |
//
// Empty values (absent, null, blank text, empty list, a place with no fields, rich text with no text) are valid
// here and answer `value: null`; whether a property may be empty is the caller's mandatory check.
// Each qualifier names one the property allows, once, with a value; an enum qualifier's value is one of its values.

import type { QualifierType } from "./content-model.ts";
import {
  type EnumDetails,
  type PropertyTypeCode,
  parsePropertyDetails,
  type ReferenceDetails,
  type VocabularyDetails,
} from "./property-types.ts";
import {
  checkBoolean,
  checkChoice,
  checkDate,
  checkIpAddressV4,
  checkJson,
  checkMultiSelect,
  checkNumber,
  checkReference,
  checkRichText,
  checkSpatialMap,
  checkText,
  checkTextArea,
  checkTime,
  checkUrl,
  checkVocabularyTerms,
  isBlank,
  type JsonValue,
  PROPERTY_VALUE_LIMITS,
  quote,
  type ValuesCheck,
} from "./property-value-checks.ts";
import { hasRichTextContent } from "./rich-text.ts";

export { type JsonValue, PROPERTY_VALUE_LIMITS } from "./property-value-checks.ts";
export { sanitizeRichText } from "./rich-text.ts";

/** The parts of a property that decide what its values may be; a full property row fits. */
export type PropertyValueDefinition = {
  propertyKey: string;
  displayName: string;
  propertyType: PropertyTypeCode;
  propertyDetails?: string | null;
  /** Qualifier keys this property allows. */
  qualifiers?: readonly string[] | null;
  /** How the content model defines those qualifiers; a qualifier left out here is checked for its form only. */
  qualifierDefinitions?: readonly PropertyQualifierDefinition[] | null;
};

/** A qualifier as the content model defines it, details parsed: an enum qualifier takes only its listed `values`. */
export type PropertyQualifierDefinition = { qualifierKey: string; qualifierType: QualifierType; values: readonly string[] };

export type PropertyQualifierValue = { qualifierKey: string; qualifierValue: string };
export type SpatialMapValue = { placename: string; longitude: number; latitude: number; langitude: number };
export type PropertyValue = { values: JsonValue; qualifiers: PropertyQualifierValue[] };

/** Ids the server must find before storing: terms of `vocabularyId`, containers of one of `containerTypes` (empty: any). */
export type PropertyValueReferences = {
  termIds: string[];
  vocabularyId: string | null;
  containerUuids: string[];
  containerTypes: string[];
};

export type PropertyValueResult =
  | { ok: true; value: PropertyValue | null; references: PropertyValueReferences }
  | { ok: false; message: string };

const noReferences = (): PropertyValueReferences => ({ termIds: [], vocabularyId: null, containerUuids: [], containerTypes: [] });

type Envelope = { values: unknown; qualifiers: unknown };

function readEnvelope(submitted: unknown): Envelope | { problem: string } {
  if (submitted === undefined || submitted === null) return { values: undefined, qualifiers: undefined };
  let parsed: unknown = submitted;
  if (typeof submitted === "string") {
    if (submitted.trim() === "") return { values: undefined, qualifiers: undefined };
    if (submitted.length > PROPERTY_VALUE_LIMITS.submittedMaxLength) return { problem: "the value is too large" };
    try {
      parsed = JSON.parse(submitted);
    } catch {
      return { problem: "the value is not valid JSON" };
    }
    if (parsed === null) return { values: undefined, qualifiers: undefined };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { problem: 'the value must be an object with "values" and "qualifiers"' };
  }
  const { values, qualifiers } = parsed as Record<string, unknown>;
  return { values, qualifiers };
}

const PLACE_FIELDS = ["placename", "longitude", "latitude", "langitude"];

function isEmptyValues(type: PropertyTypeCode, values: unknown): boolean {
  if (isBlank(values)) return true;
  switch (type) {
    case "json":
      return typeof values === "string" && values.trim() === "null";
    case "rich-text":
      // Oversize HTML is not looked into here; the rich-text check refuses it.
      return typeof values === "string" && values.length <= PROPERTY_VALUE_LIMITS.richTextMaxLength && !hasRichTextContent(values);
    case "spatial-map":
      return (
        typeof values === "object" &&
        !Array.isArray(values) &&
        PLACE_FIELDS.every((field) => isBlank((values as Record<string, unknown>)[field]))
      );
    case "multi-select":
    case "vocabulary-flat":
    case "reference":
      return Array.isArray(values) && values.every(isBlank);
    default:
      return false;
  }
}

/**
 * Whether a submitted or stored property value holds nothing, for the mandatory check of a property of this type.
 * Takes what `validatePropertyValue` takes; a value that is not even readable (bad JSON) is not empty.
 */
export function isEmptyPropertyValue(value: unknown, propertyType: PropertyTypeCode): boolean {
  const envelope = readEnvelope(value);
  return !("problem" in envelope) && isEmptyValues(propertyType, envelope.values);
}

function readQualifiers(
  submitted: unknown,
  allowedKeys: readonly string[],
  definitions: readonly PropertyQualifierDefinition[],
): PropertyQualifierValue[] | { problem: string } {
  if (submitted === undefined || submitted === null) return [];
  if (!Array.isArray(submitted)) return { problem: "qualifiers must be a list" };
  if (submitted.length > PROPERTY_VALUE_LIMITS.maxQualifiers) {
    return { problem: `takes at most ${PROPERTY_VALUE_LIMITS.maxQualifiers} qualifiers` };
  }
  const qualifiers: PropertyQualifierValue[] = [];
  for (const item of submitted) {
    const { qualifierKey, qualifierValue } = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
    if (typeof qualifierKey !== "string" || qualifierKey.trim() === "" || (qualifierValue != null && typeof qualifierValue !== "string")) {
      return { problem: "each qualifier needs a qualifierKey and a qualifierValue" };
    }
    const key = qualifierKey.trim();
    const text = (qualifierValue ?? "").trim();
    if (allowedKeys.length === 0) return { problem: "takes no qualifiers" };
    if (!allowedKeys.includes(key)) return { problem: `qualifier ${quote(key)} is not allowed for this property` };
    if (text === "") return { problem: `qualifier ${quote(key)} needs a value` };
    if (text.length > PROPERTY_VALUE_LIMITS.qualifierValueMaxLength) {
      return { problem: `qualifier ${quote(key)} must be at most ${PROPERTY_VALUE_LIMITS.qualifierValueMaxLength} characters` };
    }
    if (qualifiers.some((qualifier) => qualifier.qualifierKey === key))
      return { problem: `qualifier ${quote(key)} is given more than once` };
    const definition = definitions.find((candidate) => candidate.qualifierKey === key);
    if (definition?.qualifierType === "enum" && !definition.values.includes(text)) {
      return { problem: `${quote(text)} is not one of the listed values of qualifier ${quote(key)}` };
    }
    qualifiers.push({ qualifierKey: key, qualifierValue: text });
  }
  return qualifiers;
}

type TypeCheck = { check: ValuesCheck; vocabularyId?: string; containerTypes?: string[] } | { problem: string };

function detailsOf<Details>(definition: PropertyValueDefinition): { details: Details } | { problem: string } {
  const parsed = parsePropertyDetails(definition.propertyType, definition.propertyDetails);
  if (!parsed.ok) return { problem: `the property's type details are not valid (${parsed.message})` };
  // parsePropertyDetails parsed them with the schema of this very type, so they have that type's shape.
  return { details: parsed.details as Details };
}

function checkValues(definition: PropertyValueDefinition, values: unknown): TypeCheck {
  switch (definition.propertyType) {
    case "boolean":
      return { check: checkBoolean(values) };
    case "url":
      return { check: checkUrl(values) };
    case "date":
      return { check: checkDate(values) };
    case "time":
      return { check: checkTime(values) };
    case "ip-address-v4":
      return { check: checkIpAddressV4(values) };
    case "number":
      return { check: checkNumber(values) };
    case "text":
      return { check: checkText(values) };
    case "text-area":
      return { check: checkTextArea(values) };
    case "json":
      return { check: checkJson(values) };
    case "rich-text":
      return { check: checkRichText(values) };
    case "spatial-map":
      return { check: checkSpatialMap(values) };
    case "enum": {
      const read = detailsOf<EnumDetails>(definition);
      return "problem" in read ? read : { check: checkChoice(values, read.details.values) };
    }
    case "multi-select": {
      const read = detailsOf<EnumDetails>(definition);
      return "problem" in read ? read : { check: checkMultiSelect(values, read.details.values) };
    }
    case "vocabulary-flat": {
      const read = detailsOf<VocabularyDetails>(definition);
      return "problem" in read ? read : { check: checkVocabularyTerms(values), vocabularyId: read.details.vocabularyId };
    }
    case "reference": {
      const read = detailsOf<ReferenceDetails>(definition);
      return "problem" in read ? read : { check: checkReference(values), containerTypes: read.details.containerTypes };
    }
  }
}

/**
 * Checks one property instance's value. Never throws: malformed JSON, wrong shapes and oversize input answer
 * `{ok: false, message}` with the property's name first, e.g. `Year: must be a number`.
 */
export function validatePropertyValue(definition: PropertyValueDefinition, submitted: unknown): PropertyValueResult {
  const name = definition.displayName.trim() || definition.propertyKey;
  const fail = (problem: string): PropertyValueResult => ({ ok: false, message: `${name}: ${problem}` });

  const envelope = readEnvelope(submitted);
  if ("problem" in envelope) return fail(envelope.problem);
  if (isEmptyValues(definition.propertyType, envelope.values)) return { ok: true, value: null, references: noReferences() };

  const typed = checkValues(definition, envelope.values);
  if ("problem" in typed) return fail(typed.problem);
  if (!typed.check.ok) return fail(typed.check.problem);

  const qualifiers = readQualifiers(envelope.qualifiers, definition.qualifiers ?? [], definition.qualifierDefinitions ?? []);
  if ("problem" in qualifiers) return fail(qualifiers.problem);

  return {
    ok: true,
    value: { values: typed.check.values, qualifiers },
    references: {
      termIds: typed.check.termIds ?? [],
      vocabularyId: typed.vocabularyId ?? null,
      containerUuids: typed.check.containerUuids ?? [],
      containerTypes: typed.containerTypes ?? [],
    },
  };
}
