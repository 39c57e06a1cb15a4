// The content type of a stored file, decided from its first bytes: binary formats through `file-type`, text kinds
// (SVG, HTML, XML, JSON, CSV, plain) by looking at the text. What the client claims is never trusted.
import { fileTypeFromBuffer } from "file-type";

/** How many leading bytes the store keeps for sniffing; enough for containers that file-type reads into (zip, ftyp). */
export const SNIFF_BYTES = 64 * 1024;

export const OCTET_STREAM = "application/octet-stream";

const XML = "application/xml";
const SVG_START = /^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!doctype\s+svg[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>/]/i;
const HTML_START = /^(?:<!--[\s\S]*?-->\s*)*(?:<!doctype\s+html[\s>]|<html[\s>])/i;
const JSON_START = /^[{[]\s*(?:["{[\]}\-0-9]|true|false|null)/;
const CSV_DELIMITERS = [",", ";", "\t"] as const;
const CSV_SAMPLE_LINES = 50;

/** Text has no control characters but tab, line feed, form feed, carriage return and escape. */
function isTextLike(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b) return false;
  }
  return true;
}

function hasUtf16Bom(bytes: Uint8Array): boolean {
  return (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
}

function decode(bytes: Uint8Array, complete: boolean): string {
  try {
    // `stream` keeps a multi-byte character cut at the end of the sample from counting as invalid.
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: !complete });
  } catch {
    // Not UTF-8 but free of control characters: a single-byte encoding (Windows-1252 CSV from a spreadsheet).
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) count++;
  }
  return count;
}

/** Two or more lines that all split into the same number (>1) of fields on one delimiter. */
function csvDelimiter(text: string, complete: boolean): string | undefined {
  const lines = text.split(/\r\n|\n|\r/);
  if (!complete) lines.pop();
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  const sample = lines.slice(0, CSV_SAMPLE_LINES);
  if (sample.length < 2) return undefined;
  return CSV_DELIMITERS.find((delimiter) => {
    const first = countOutsideQuotes(sample[0] ?? "", delimiter);
    return first > 0 && sample.every((line) => countOutsideQuotes(line, delimiter) === first);
  });
}

function looksLikeJson(text: string, complete: boolean): boolean {
  if (!JSON_START.test(text)) return false;
  if (!complete) return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function textMimeType(raw: string, complete: boolean): string {
  const text = raw.replace(/^\uFEFF/, "").trimStart();
  if (SVG_START.test(text)) return "image/svg+xml";
  if (HTML_START.test(text)) return "text/html";
  if (text.startsWith("<?xml")) return XML;
  if (looksLikeJson(text, complete)) return "application/json";
  const delimiter = csvDelimiter(text, complete);
  if (delimiter === "\t") return "text/tab-separated-values";
  if (delimiter) return "text/csv";
  return "text/plain";
}

/**
 * The content type of a file from its first bytes.
 * @param complete true when `head` is the whole file (lets JSON be checked by parsing it).
 */
export async function sniffMimeType(head: Uint8Array, complete: boolean): Promise<string> {
  if (head.length === 0) return OCTET_STREAM;
  // A malformed container can make a detector throw; the file is then simply not of that type.
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  // file-type names any XML document application/xml; the text checks tell SVG apart.
  if (detected && detected.mime !== XML) return detected.mime;
  if (hasUtf16Bom(head)) return "text/plain";
  if (!isTextLike(head)) return detected?.mime ?? OCTET_STREAM;
  return textMimeType(decode(head, complete), complete);
}
