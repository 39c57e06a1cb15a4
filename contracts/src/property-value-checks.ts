// One check per property type: each takes the non-empty `values` of a submitted property value and answers the
// normalised values to store, or a problem in words (the caller prefixes the property's name).
import { z } from "zod";
import { sanitizeRichText } from "./rich-text.ts";

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export const PROPERTY_VALUE_LIMITS = {
  /** Whole submitted value (values and qualifiers) as JSON text. */
  submittedMaxLength: 500_000,
  textMaxLength: 1000,
  textAreaMaxLength: 100_000,
  /** Rich text is limited before sanitising, so oversize HTML is refused instead of silently cut. */
  richTextMaxLength: 200_000,
  jsonMaxLength: 100_000,
  jsonMaxDepth: 64,
  urlMaxLength: 2048,
  placenameMaxLength: 255,
  numberTextMaxLength: 100,
  idMaxLength: 255,
  maxIds: 500,
  maxQualifiers: 50,
  qualifierValueMaxLength: 100,
} as const;

export type ValuesCheck = { ok: true; values: JsonValue; termIds?: string[]; containerUuids?: string[] } | { ok: false; problem: string };

const accept = (values: JsonValue): ValuesCheck => ({ ok: true, values });
const refuse = (problem: string): ValuesCheck => ({ ok: false, problem });
const count = (n: number) => n.toLocaleString("en-US");

/** Text quoted for a message, cut so that an oversize input cannot make an oversize message. */
export function quote(text: string): string {
  return JSON.stringify(text.length > 50 ? `${text.slice(0, 50)}…` : text);
}

/** Absent, null or only whitespace. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/** Whether text holds a control character (C0 or DEL) other than the allowed ones. */
function hasControlCharacter(text: string, allowed = ""): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if ((code < 32 || code === 127) && !allowed.includes(char)) return true;
  }
  return false;
}

export function checkBoolean(values: unknown): ValuesCheck {
  if (typeof values === "boolean") return accept(values);
  if (typeof values === "string") {
    const word = values.trim().toLowerCase();
    if (word === "true" || word === "false") return accept(word === "true");
  }
  return refuse("must be true or false");
}

export function checkUrl(values: unknown): ValuesCheck {
  if (typeof values !== "string") return refuse("must be a web address");
  const url = values.trim();
  if (url.length > PROPERTY_VALUE_LIMITS.urlMaxLength) {
    return refuse(`must be at most ${count(PROPERTY_VALUE_LIMITS.urlMaxLength)} characters`);
  }
  const problem = "must be a web address starting with http://, https:// or ftp://";
  if (!/^(https?|ftp):\/\//i.test(url) || /\s/.test(url) || hasControlCharacter(url) || !URL.canParse(url)) return refuse(problem);
  if (new URL(url).hostname === "") return refuse(problem);
  return accept(url);
}

export function checkChoice(values: unknown, choices: readonly string[]): ValuesCheck {
  if (typeof values !== "string") return refuse("must be one of the listed values");
  const choice = values.trim();
  if (!choices.includes(choice)) return refuse(`${quote(choice)} is not one of the listed values`);
  return accept(choice);
}

export function checkMultiSelect(values: unknown, choices: readonly string[]): ValuesCheck {
  if (!Array.isArray(values)) return refuse("must be a list of the listed values");
  const chosen: string[] = [];
  for (const item of values.filter((item) => !isBlank(item))) {
    if (typeof item !== "string") return refuse("must be a list of the listed values");
    const choice = item.trim();
    if (!choices.includes(choice)) return refuse(`${quote(choice)} is not one of the listed values`);
    if (chosen.includes(choice)) return refuse(`${quote(choice)} is chosen more than once`);
    chosen.push(choice);
  }
  return accept(chosen);
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function checkDate(values: unknown): ValuesCheck {
  const problem = "must be a date written as YYYY-MM-DD";
  if (typeof values !== "string") return refuse(problem);
  const date = values.trim();
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!parts) return refuse(problem);
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const daysInMonth = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (year < 1 || daysInMonth === undefined || day < 1 || day > daysInMonth) return refuse(`${date} is not a date in the calendar`);
  return accept(date);
}

export function checkTime(values: unknown): ValuesCheck {
  const time = typeof values === "string" ? values.trim() : "";
  if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(time)) {
    return refuse("must be a time written as HH:mm or HH:mm:ss, from 00:00 to 23:59:59");
  }
  return accept(time);
}

export function checkIpAddressV4(values: unknown): ValuesCheck {
  const address = typeof values === "string" ? values.trim() : "";
  const octets = address.split(".");
  const isOctet = (octet: string) => /^(0|[1-9]\d{0,2})$/.test(octet) && Number(octet) <= 255;
  if (octets.length !== 4 || !octets.every(isOctet)) {
    return refuse("must be an IPv4 address: four numbers from 0 to 255 without leading zeros, such as 192.168.0.1");
  }
  return accept(address);
}

/** A finite number from a number or from decimal text such as "-1.5" or "2e3"; null when it is not one. */
export function readNumber(value: unknown): number | null {
  // Adding 0 turns -0 into 0, which is what JSON would store anyway.
  if (typeof value === "number") return Number.isFinite(value) ? value + 0 : null;
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (text.length > PROPERTY_VALUE_LIMITS.numberTextMaxLength) return null;
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text)) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number + 0 : null;
}

export function checkNumber(values: unknown): ValuesCheck {
  const number = readNumber(values);
  return number === null ? refuse("must be a number") : accept(number);
}

export function checkText(values: unknown): ValuesCheck {
  if (typeof values !== "string") return refuse("must be text");
  const text = values.trim();
  if (text.length > PROPERTY_VALUE_LIMITS.textMaxLength)
    return refuse(`must be at most ${count(PROPERTY_VALUE_LIMITS.textMaxLength)} characters`);
  if (hasControlCharacter(text)) return refuse("must be one line of text without control characters");
  return accept(text);
}

export function checkTextArea(values: unknown): ValuesCheck {
  if (typeof values !== "string") return refuse("must be text");
  const text = values.replace(/\r\n?/g, "\n").trim();
  if (text.length > PROPERTY_VALUE_LIMITS.textAreaMaxLength) {
    return refuse(`must be at most ${count(PROPERTY_VALUE_LIMITS.textAreaMaxLength)} characters`);
  }
  if (hasControlCharacter(text, "\n\t")) return refuse("must not contain control characters");
  return accept(text);
}

export function checkRichText(values: unknown): ValuesCheck {
  if (typeof values !== "string") return refuse("must be formatted text (HTML)");
  if (values.length > PROPERTY_VALUE_LIMITS.richTextMaxLength) {
    return refuse(`must be at most ${count(PROPERTY_VALUE_LIMITS.richTextMaxLength)} characters of HTML`);
  }
  return accept(sanitizeRichText(values).trim());
}

/** Whether a value is plain JSON data (no functions, dates, NaN or cycles) no deeper than the limit. */
function isJsonData(value: unknown, depth: number): value is JsonValue {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (depth >= PROPERTY_VALUE_LIMITS.jsonMaxDepth || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.every((item) => isJsonData(item, depth + 1));
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every((item) => isJsonData(item, depth + 1));
}

/** JSON values are stored parsed: JSON text is read, any other value must already be JSON data. */
export function checkJson(values: unknown): ValuesCheck {
  const tooLarge = `must be at most ${count(PROPERTY_VALUE_LIMITS.jsonMaxLength)} characters of JSON`;
  let data: unknown = values;
  if (typeof values === "string") {
    if (values.length > PROPERTY_VALUE_LIMITS.jsonMaxLength) return refuse(tooLarge);
    try {
      data = JSON.parse(values);
    } catch {
      return refuse("is not valid JSON");
    }
  }
  if (!isJsonData(data, 0)) return refuse(`must be JSON data nested at most ${PROPERTY_VALUE_LIMITS.jsonMaxDepth} levels deep`);
  if (JSON.stringify(data).length > PROPERTY_VALUE_LIMITS.jsonMaxLength) return refuse(tooLarge);
  return accept(data);
}

/**
 * Spatial-map values are stored as {placename, longitude, latitude, langitude}: `latitude` is the name our code
 * reads; `langitude` repeats it because spec 1 §3 spells the payload's latitude that way, so clients of that
 * payload keep working. Either spelling is accepted on input.
 */
export function checkSpatialMap(values: unknown): ValuesCheck {
  if (typeof values !== "object" || values === null || Array.isArray(values)) {
    return refuse("must be a place with a placename, a longitude and a latitude");
  }
  const place = values as Record<string, unknown>;
  const placename = isBlank(place.placename) ? "" : place.placename;
  if (typeof placename !== "string") return refuse("placename must be text");
  if (placename.trim().length > PROPERTY_VALUE_LIMITS.placenameMaxLength) {
    return refuse(`placename must be at most ${count(PROPERTY_VALUE_LIMITS.placenameMaxLength)} characters`);
  }
  const latitudeInput = isBlank(place.latitude) ? place.langitude : place.latitude;
  if (isBlank(place.longitude) || isBlank(latitudeInput)) return refuse("needs both a longitude and a latitude");
  const longitude = readNumber(place.longitude);
  if (longitude === null || longitude < -180 || longitude > 180) return refuse("longitude must be a number from -180 to 180");
  const latitude = readNumber(latitudeInput);
  if (latitude === null || latitude < -90 || latitude > 90) return refuse("latitude must be a number from -90 to 90");
  if (!isBlank(place.latitude) && !isBlank(place.langitude) && readNumber(place.langitude) !== latitude) {
    return refuse("latitude and langitude differ; give one of them");
  }
  return accept({ placename: placename.trim(), longitude, latitude, langitude: latitude });
}

/** Ids come one or many; they are stored as a list without repeats. */
function readIds(values: unknown, readId: (item: unknown) => string | null, noun: string): { ids: string[] } | { problem: string } {
  const items = Array.isArray(values) ? values.filter((item) => !isBlank(item)) : [values];
  if (items.length > PROPERTY_VALUE_LIMITS.maxIds) return { problem: `must list at most ${count(PROPERTY_VALUE_LIMITS.maxIds)} ${noun}s` };
  const ids: string[] = [];
  for (const item of items) {
    const id = readId(item);
    if (id === null && typeof item === "string") return { problem: `${quote(item)} is not a valid ${noun}` };
    if (id === null && typeof item === "number") return { problem: `${item} is not a valid ${noun}` };
    if (id === null) return { problem: `must be a ${noun} or a list of ${noun}s` };
    if (ids.includes(id)) return { problem: `${noun} ${quote(id)} is listed more than once` };
    ids.push(id);
  }
  return { ids };
}

function readTermId(item: unknown): string | null {
  if (typeof item === "number") return Number.isSafeInteger(item) && item >= 0 ? String(item) : null;
  if (typeof item !== "string") return null;
  const id = item.trim();
  return id.length <= PROPERTY_VALUE_LIMITS.idMaxLength && !hasControlCharacter(id) ? id : null;
}

const Uuid = z.uuid();

function readContainerUuid(item: unknown): string | null {
  if (typeof item !== "string") return null;
  const uuid = item.trim().toLowerCase();
  return Uuid.safeParse(uuid).success ? uuid : null;
}

export function checkVocabularyTerms(values: unknown): ValuesCheck {
  const read = readIds(values, readTermId, "term id");
  return "problem" in read ? refuse(read.problem) : { ok: true, values: read.ids, termIds: read.ids };
}

export function checkReference(values: unknown): ValuesCheck {
  const read = readIds(values, readContainerUuid, "container id");
  return "problem" in read ? refuse(read.problem) : { ok: true, values: read.ids, containerUuids: read.ids };
}
