// Names of files and folders inside an export archive. Labels are free text, so each one is made safe to unpack on
// any system: no path separators, no "." or "..", no control characters (NUL included), none of the characters
// Windows refuses, no Windows device names, no trailing dots or spaces, at most NAME_MAX_BYTES of UTF-8. Names are
// unique within their folder, ignoring case (Windows and macOS file systems do), by numbering: "a (2).pdf".

/** Leaves room below the usual 255-byte limit for " (123)" and the longest suffix (".container.json"). */
export const NAME_MAX_BYTES = 200;
/** An extension longer than this is treated as part of the name when a name is shortened or numbered. */
const EXTENSION_MAX_LENGTH = 16;

const REFUSED_CHARACTERS = /[\p{Cc}/\\:*?"<>|\u2028\u2029\uFEFF]/gu;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/** Cuts a string to at most `maxBytes` of UTF-8 without splitting a character. */
function cutToBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const character of text) {
    bytes += Buffer.byteLength(character);
    if (bytes > maxBytes) break;
    end += character.length;
  }
  return text.slice(0, end);
}

/** ["report", ".pdf"]; a leading dot (".profile") or a long or odd tail is not an extension. */
function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return [name, ""];
  const extension = name.slice(dot);
  if (extension.length > EXTENSION_MAX_LENGTH || !/^\.[\p{L}\p{N}_-]+$/u.test(extension)) return [name, ""];
  return [name.slice(0, dot), extension];
}

/** The base part cut so that base + extension fits `maxBytes`. */
function fit(base: string, extension: string, maxBytes: number): string {
  return cutToBytes(base, maxBytes - Buffer.byteLength(extension)).trimEnd() + extension;
}

/** One label as a safe file or folder name (not yet unique). */
export function safeName(label: string): string {
  let name = label.normalize("NFC").replace(REFUSED_CHARACTERS, "_").trim();
  // Windows drops trailing dots and spaces, so "a." and "a" would clash there; and "." / ".." are not names.
  name = name.replace(/[. ]+$/u, "");
  if (name === "") return "_";
  if (WINDOWS_DEVICE.test(name)) name = `_${name}`;
  const [base, extension] = splitExtension(name);
  name = fit(base, extension, NAME_MAX_BYTES).replace(/[. ]+$/u, "");
  return name === "" ? "_" : name;
}

/**
 * The names used in one folder of the archive. `claim` answers a free stem for a label and reserves the stem with
 * each suffix asked ("" for the item itself, ".metadata.json" for its metadata, ...), so an item and its metadata
 * keep the same stem and never take another item's name.
 */
export class FolderNames {
  private readonly taken = new Set<string>();

  claim(label: string, suffixes: readonly string[]): string {
    const name = safeName(label);
    const [base, extension] = splitExtension(name);
    for (let count = 1; ; count++) {
      const candidate = count === 1 ? name : fit(base, ` (${count})${extension}`, NAME_MAX_BYTES);
      const keys = suffixes.map((suffix) => (candidate + suffix).toLowerCase());
      if (keys.some((key) => this.taken.has(key))) continue;
      for (const key of keys) this.taken.add(key);
      return candidate;
    }
  }
}
