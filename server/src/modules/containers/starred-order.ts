// A page of a folder sorted by the viewer's stars (starred first for `desc`, last for `asc`; each part by label).
// Ordering every placement by "is it starred" sorts the whole folder for one page: 10 000 star lookups and a sort in a
// folder of 10 000. Instead the viewer's starred placements in the folder are read first (a person's stars are few),
// and the rest of the page is one walk of the label index that skips them.

/** The two parts of the folder, each in label order: the starred ids all, the others a slice of them. */
export type StarredParts = {
  starredIds: () => Promise<string[]>;
  unstarredIds: (offset: number, limit: number) => Promise<string[]>;
  countUnstarred: () => Promise<number>;
};

export async function starredPageIds(
  page: { direction: "asc" | "desc"; offset: number; limit: number },
  parts: StarredParts,
): Promise<string[]> {
  const starred = await parts.starredIds();
  if (page.direction === "desc") {
    const first = starred.slice(page.offset, page.offset + page.limit);
    const missing = page.limit - first.length;
    if (missing === 0) return first;
    return [...first, ...(await parts.unstarredIds(Math.max(0, page.offset - starred.length), missing))];
  }
  const unstarred = await parts.unstarredIds(page.offset, page.limit);
  const missing = page.limit - unstarred.length;
  if (missing === 0 || starred.length === 0) return unstarred;
  // The unstarred part ends on this page (its length is known) or before it (counted).
  const unstarredTotal = unstarred.length > 0 ? page.offset + unstarred.length : await parts.countUnstarred();
  const from = Math.max(0, page.offset - unstarredTotal);
  return [...unstarred, ...starred.slice(from, from + missing)];
}
