// The page by star, assembled from the two parts, equals sorting the whole folder by (starred, label).
import { describe, expect, it } from "vitest";
import { type StarredParts, starredPageIds } from "./starred-order.ts";

/** A folder of `size` items labelled in order, `starred` among them, as the repository would answer its parts. */
function folder(size: number, starred: ReadonlySet<number>) {
  const ids = Array.from({ length: size }, (_, index) => `item-${String(index).padStart(3, "0")}`);
  const isStarred = (id: string) => starred.has(ids.indexOf(id));
  const unstarred = ids.filter((id) => !isStarred(id));
  const parts: StarredParts = {
    starredIds: async () => ids.filter(isStarred),
    unstarredIds: async (offset, limit) => unstarred.slice(offset, offset + limit),
    countUnstarred: async () => unstarred.length,
  };
  const sorted = (direction: "asc" | "desc") =>
    [...ids].sort((a, b) => (isStarred(a) === isStarred(b) ? a.localeCompare(b) : isStarred(a) === (direction === "desc") ? -1 : 1));
  return { parts, sorted };
}

describe("a page sorted by the viewer's stars", () => {
  it.each([
    ["no stars", 7, []],
    ["a few stars", 12, [1, 5, 11]],
    ["every item starred", 5, [0, 1, 2, 3, 4]],
    ["an empty folder", 0, []],
  ])("matches sorting the whole folder for every page (%s)", async (_name, size, starred) => {
    const { parts, sorted } = folder(size, new Set(starred));
    for (const direction of ["asc", "desc"] as const) {
      const expected = sorted(direction);
      for (const limit of [1, 2, 3, 5, 20]) {
        for (let offset = 0; offset <= size + limit; offset += limit) {
          const page = await starredPageIds({ direction, offset, limit }, parts);
          expect(page, `${direction} offset ${offset} limit ${limit}`).toEqual(expected.slice(offset, offset + limit));
        }
      }
    }
  });
});
