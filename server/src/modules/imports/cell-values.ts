// Turns the cells of one property column (or of its repeated columns) into property value entries, as the container
// form would send them; the property validator then decides. A cell holding a whole value as JSON
// ({"values": ..., "qualifiers": [...]}) is taken as it is. Otherwise, per type:
// - multi-select, vocabulary-flat, reference: one value per cell, its items separated by "|";
// - spatial-map, json: the cell's JSON;
// - other types: the cell's text; a repeatable property takes one value per "|"-separated part.
// A date or time cell that Excel stored as a date comes as an ISO timestamp and is cut to the day or the time.
import { IMPORT_LIMITS, type Property, type PropertyValueInput } from "@repox/contracts";

const LIST_TYPES = new Set(["multi-select", "vocabulary-flat", "reference"]);
const JSON_TYPES = new Set(["spatial-map", "json"]);

/** Splits on "|" that is not written "\|"; "\|" becomes "|". Blank parts are dropped. */
export function splitValues(text: string): string[] {
  const separator = IMPORT_LIMITS.valueSeparator;
  const parts: string[] = [];
  let current = "";
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (character === "\\" && text[index + 1] === separator) {
      current += separator;
      index += 1;
    } else if (character === separator) {
      parts.push(current);
      current = "";
    } else {
      current += character;
    }
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== "");
}

function asEnvelope(text: string): string | null {
  if (!text.startsWith("{")) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && "values" in parsed ? text : null;
  } catch {
    return null;
  }
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const EXCEL_DAY = /^(\d{4}-\d{2}-\d{2})T00:00:00(?:\.000)?Z$/;
// Excel keeps a time of day as a date on its day zero, 30 December 1899.
const EXCEL_TIME = /^1899-12-30T(\d{2}:\d{2}:\d{2})(?:\.000)?Z$/;

function scalar(property: Property, text: string): string {
  if (property.propertyType === "date") return EXCEL_DAY.exec(text)?.[1] ?? text;
  if (property.propertyType === "time") return EXCEL_TIME.exec(text)?.[1] ?? text;
  return text;
}

const entry = (property: Property, values: unknown): PropertyValueInput => ({
  key: property.propertyKey,
  value: JSON.stringify({ values, qualifiers: [] }),
});

/** The entries of one property from its non-empty cells, in column order. */
export function cellEntries(property: Property, cells: readonly string[]): PropertyValueInput[] {
  return cells.flatMap((raw) => {
    const text = raw.trim();
    const envelope = asEnvelope(text);
    if (envelope !== null) return [{ key: property.propertyKey, value: envelope }];
    if (LIST_TYPES.has(property.propertyType)) return [entry(property, splitValues(text))];
    if (JSON_TYPES.has(property.propertyType)) return [entry(property, parsedJson(text))];
    if (property.repeatable) return splitValues(text).map((part) => entry(property, scalar(property, part)));
    return [entry(property, scalar(property, text))];
  });
}
