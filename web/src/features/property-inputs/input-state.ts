// What each property input edits, and the mapping between that and the stored `{values, qualifiers}` JSON
// (contracts/src/property-values.ts has the table of what `values` holds per type).
import type { JsonValue, PropertyQualifierValue, PropertyTypeCode } from "@repox/contracts";

/** A place as its three inputs hold it: numbers stay text while typed. */
export type PlaceState = { placename: string; longitude: string; latitude: string };

/** What the input of each type holds while it is edited. */
export type InputStateByType = {
  boolean: boolean;
  url: string;
  enum: string | null;
  date: string;
  time: string;
  "ip-address-v4": string;
  number: string;
  "text-area": string;
  json: string;
  text: string;
  "rich-text": string;
  "spatial-map": PlaceState;
  "multi-select": string[];
  "vocabulary-flat": string[];
  reference: string[];
};

/** One input's state, tagged with its type so a switch on `type` knows the state's shape. */
export type PropertyInputState = { [T in PropertyTypeCode]: { type: T; state: InputStateByType[T] } }[PropertyTypeCode];

/** Qualifier values of one instance by qualifier key; blank ones are not sent. */
export type QualifierState = Record<string, string>;

/** One instance of a property being edited. */
export type InstanceState = { input: PropertyInputState; qualifiers: QualifierState };

const asText = (values: JsonValue | undefined): string => {
  if (typeof values === "string") return values;
  if (typeof values === "number" || typeof values === "boolean") return String(values);
  return "";
};

const asList = (values: JsonValue | undefined): string[] => {
  const items = Array.isArray(values) ? values : values === undefined || values === null ? [] : [values];
  return items.filter((item) => typeof item === "string" || typeof item === "number").map(String);
};

function asPlace(values: JsonValue | undefined): PlaceState {
  if (typeof values !== "object" || values === null || Array.isArray(values)) return { placename: "", longitude: "", latitude: "" };
  // The payload of spec 1 §3 spells the latitude `langitude`; either spelling is read.
  const latitude = values.latitude ?? values.langitude;
  return { placename: asText(values.placename), longitude: asText(values.longitude), latitude: asText(latitude) };
}

/** The input state showing stored `values` (undefined or null: an empty input). */
export function inputStateFromValues(type: PropertyTypeCode, values: JsonValue | undefined): PropertyInputState {
  switch (type) {
    case "boolean":
      return { type, state: values === true || (typeof values === "string" && values.trim().toLowerCase() === "true") };
    case "enum":
      return { type, state: asText(values) || null };
    case "json":
      return { type, state: values === undefined || values === null ? "" : JSON.stringify(values, null, 2) };
    case "spatial-map":
      return { type, state: asPlace(values) };
    case "multi-select":
    case "vocabulary-flat":
    case "reference":
      return { type, state: asList(values) };
    default:
      return { type, state: asText(values) };
  }
}

export function emptyInputState(type: PropertyTypeCode): PropertyInputState {
  return inputStateFromValues(type, undefined);
}

/** Decimal text as a number when it is one; otherwise the text, so the validator names the problem. */
function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  const number = Number(trimmed);
  return trimmed !== "" && Number.isFinite(number) ? number : trimmed;
}

/** The `values` to send for an input state; empty inputs answer what the validator counts as empty. */
export function valuesFromInputState(input: PropertyInputState): JsonValue {
  switch (input.type) {
    case "boolean":
      return input.state;
    case "enum":
      return input.state ?? "";
    case "number":
      return numberOrText(input.state);
    case "spatial-map": {
      const { placename, longitude, latitude } = input.state;
      if ([placename, longitude, latitude].every((part) => part.trim() === "")) return {};
      const latitudeValue = numberOrText(latitude);
      // Both spellings of the latitude, as the payload of spec 1 §3 carries it; the server reads either.
      return { placename: placename.trim(), longitude: numberOrText(longitude), latitude: latitudeValue, langitude: latitudeValue };
    }
    case "multi-select":
    case "vocabulary-flat":
    case "reference":
      return [...input.state];
    default:
      return input.state;
  }
}

function readEnvelope(json: string | null): { values: JsonValue | undefined; qualifiers: PropertyQualifierValue[] } {
  if (json === null || json.trim() === "") return { values: undefined, qualifiers: [] };
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { values: undefined, qualifiers: [] };
    const { values, qualifiers } = parsed as { values?: JsonValue; qualifiers?: unknown };
    return { values, qualifiers: Array.isArray(qualifiers) ? (qualifiers as PropertyQualifierValue[]) : [] };
  } catch {
    return { values: undefined, qualifiers: [] };
  }
}

/** The instance state of a stored value: the JSON text `{"values": ..., "qualifiers": [...]}`, or null when empty. */
export function readPropertyValue(type: PropertyTypeCode, json: string | null): InstanceState {
  const { values, qualifiers } = readEnvelope(json);
  const qualifierState: QualifierState = {};
  for (const { qualifierKey, qualifierValue } of qualifiers) {
    if (typeof qualifierKey === "string" && typeof qualifierValue === "string") qualifierState[qualifierKey] = qualifierValue;
  }
  return { input: inputStateFromValues(type, values), qualifiers: qualifierState };
}

/** The JSON text to send for an instance; qualifiers with a blank value are left out. */
export function writePropertyValue({ input, qualifiers }: InstanceState): string {
  const chosen = Object.entries(qualifiers)
    .filter(([, value]) => value.trim() !== "")
    .map(([qualifierKey, qualifierValue]) => ({ qualifierKey, qualifierValue: qualifierValue.trim() }));
  return JSON.stringify({ values: valuesFromInputState(input), qualifiers: chosen });
}
