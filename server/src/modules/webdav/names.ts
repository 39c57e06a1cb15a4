// Labels as file names and back. A name cannot hold a slash (a path separator for every client) nor a backslash
// (Windows reads it as one), so those become look-alike characters, and back again when a client names something.
// Siblings whose names would be the same (case ignored, as Windows and macOS compare them) are told apart by a short
// part of their uuid: the oldest keeps the plain name, so it does not change when a namesake arrives later.
import { WEBDAV_LIMITS } from "@repox/contracts";

const SLASH = "/";
const BACKSLASH = "\\";
const SLASH_LOOK_ALIKE = "\u2215";
const BACKSLASH_LOOK_ALIKE = "\u29f5";

export function nameOfLabel(label: string): string {
  const name = label.replaceAll(SLASH, SLASH_LOOK_ALIKE).replaceAll(BACKSLASH, BACKSLASH_LOOK_ALIKE);
  // "." and ".." mean this folder and its parent in every path; such a label keeps a visible difference.
  return name === "." || name === ".." ? `${name}\u2024` : name;
}

export function labelOfName(name: string): string {
  return name.replaceAll(SLASH_LOOK_ALIKE, SLASH).replaceAll(BACKSLASH_LOOK_ALIKE, BACKSLASH);
}

const SUFFIX = new RegExp(` \\([0-9a-f]{${WEBDAV_LIMITS.suffixLength}}\\)(?=\\.[^.]*$|$)`);

/** The labels a name may stand for: its own, and for a name with a uuid suffix also the label without it. */
export function labelsOfName(name: string): string[] {
  const label = labelOfName(name);
  const bare = label.replace(SUFFIX, "");
  return bare === label ? [label] : [label, bare];
}

/** `photo (c0ffee42).jpg` for a file, `Letters (c0ffee42)` for a folder: the suffix before a file's extension. */
function suffixed(name: string, id: string, isFile: boolean): string {
  const suffix = ` (${id.replaceAll("-", "").slice(-WEBDAV_LIMITS.suffixLength)})`;
  const dot = name.lastIndexOf(".");
  if (!isFile || dot <= 0) return `${name}${suffix}`;
  return `${name.slice(0, dot)}${suffix}${name.slice(dot)}`;
}

type Item = { id: string; label: string; isFile: boolean };

/** Each item with its name in the folder. Ids are uuid v7, so the smallest is the oldest. */
export function nameSiblings<T extends Item>(items: readonly T[]): (T & { name: string })[] {
  const byName = new Map<string, T[]>();
  for (const item of items) {
    const key = nameOfLabel(item.label).toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), item]);
  }
  const plain = new Set<string>();
  for (const group of byName.values()) {
    const oldest = group.reduce((first, item) => (item.id < first.id ? item : first));
    plain.add(oldest.id);
  }
  return items.map((item) => {
    const name = nameOfLabel(item.label);
    return { ...item, name: plain.has(item.id) ? name : suffixed(name, item.id, item.isFile) };
  });
}
