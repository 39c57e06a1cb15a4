// Stored property values (JSON text {"values", "qualifiers"}, see contracts/src/property-values.ts) turned into what
// the read-only views show: one entry per property, its instances in order, each value tagged by how it is shown.
import type { ContentProperty, PropertyTypeCode } from "@repox/contracts";

export type Qualifier = { qualifierKey: string; qualifierValue: string };

export type DisplayValue =
  | { kind: "text"; text: string }
  | { kind: "multiline"; text: string }
  | { kind: "date"; text: string }
  | { kind: "boolean"; value: boolean }
  | { kind: "url"; href: string }
  | { kind: "html"; html: string }
  | { kind: "json"; text: string }
  | { kind: "choices"; items: string[] }
  | { kind: "terms"; termIds: string[] }
  | { kind: "references"; uuids: string[] }
  | { kind: "place"; placename: string; latitude: number | null; longitude: number | null };

export type DisplayInstance = { value: DisplayValue; qualifiers: Qualifier[] };

export type PropertyDisplay = {
  key: string;
  label: string;
  propertyType: PropertyTypeCode;
  groupId: number | null;
  mandatory: boolean;
  /** Empty when the property holds no value. */
  instances: DisplayInstance[];
};

type Stored = { values: unknown; qualifiers: Qualifier[] };

function readStored(value: string | null): Stored | null {
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
    const { values, qualifiers } = parsed as Record<string, unknown>;
    return { values, qualifiers: Array.isArray(qualifiers) ? qualifiers.filter(isQualifier) : [] };
  } catch {
    return null;
  }
}

function isQualifier(item: unknown): item is Qualifier {
  if (typeof item !== "object" || item === null) return false;
  const { qualifierKey, qualifierValue } = item as Record<string, unknown>;
  return typeof qualifierKey === "string" && typeof qualifierValue === "string";
}

const text = (values: unknown) => (typeof values === "string" || typeof values === "number" ? String(values) : "");
const list = (values: unknown) =>
  (Array.isArray(values) ? values : [values]).filter((item) => item !== null && item !== undefined).map(String);

function coordinate(value: unknown): number | null {
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? number : null;
}

/** Only web and ftp addresses become links; anything else (a javascript: URL) stays text. */
const SAFE_URL = /^(https?|ftp):\/\//i;

export function displayValue(type: PropertyTypeCode, values: unknown): DisplayValue {
  switch (type) {
    case "boolean":
      return { kind: "boolean", value: values === true || text(values).toLowerCase() === "true" };
    case "url":
      return SAFE_URL.test(text(values)) ? { kind: "url", href: text(values) } : { kind: "text", text: text(values) };
    case "date":
      return { kind: "date", text: text(values) };
    case "text-area":
      return { kind: "multiline", text: text(values) };
    case "rich-text":
      return { kind: "html", html: text(values) };
    case "json":
      return { kind: "json", text: JSON.stringify(values, null, 2) ?? "" };
    case "multi-select":
      return { kind: "choices", items: list(values) };
    case "vocabulary-flat":
      return { kind: "terms", termIds: list(values) };
    case "reference":
      return { kind: "references", uuids: list(values) };
    case "spatial-map": {
      const place = (typeof values === "object" && values !== null ? values : {}) as Record<string, unknown>;
      // The payload of spec 1 §3 spells the latitude `langitude`; either spelling is read.
      return {
        kind: "place",
        placename: text(place.placename),
        latitude: coordinate(place.latitude ?? place.langitude),
        longitude: coordinate(place.longitude),
      };
    }
    default:
      return { kind: "text", text: text(values) };
  }
}

/** One entry per property key in the answer's order, with its non-empty instances. */
export function propertyDisplays(properties: readonly ContentProperty[]): PropertyDisplay[] {
  const byKey = new Map<string, PropertyDisplay>();
  for (const property of properties) {
    let entry = byKey.get(property.key);
    if (!entry) {
      entry = {
        key: property.key,
        label: property.label,
        propertyType: property.propertyType,
        groupId: property.groupId,
        mandatory: property.mandatory,
        instances: [],
      };
      byKey.set(property.key, entry);
    }
    const stored = readStored(property.value);
    if (stored) entry.instances.push({ value: displayValue(property.propertyType, stored.values), qualifiers: stored.qualifiers });
  }
  return [...byKey.values()];
}

/** The record layout's two sets (spec 1 §2). */
export function splitByMandatory(entries: readonly PropertyDisplay[]): { mandatory: PropertyDisplay[]; optional: PropertyDisplay[] } {
  return { mandatory: entries.filter((entry) => entry.mandatory), optional: entries.filter((entry) => !entry.mandatory) };
}
