import { describe, expect, it } from "vitest";
import { apiPageOf, appliedStorySearch, pageParamOf, sortOf, sortParts, storySortOf } from "./story-list-query.ts";

describe("stories list query", () => {
  it("reads the one-based page of the address as the API's zero-based page", () => {
    expect(apiPageOf(null)).toBe(0);
    expect(apiPageOf("1")).toBe(0);
    expect(apiPageOf("3")).toBe(2);
    for (const bad of ["0", "-2", "1.5", "two", ""]) expect(apiPageOf(bad)).toBe(0);
    expect(pageParamOf(0)).toBeNull();
    expect(pageParamOf(2)).toBe("3");
  });

  it("sorts by title descending unless a known sort is asked", () => {
    expect(storySortOf(null)).toBe("title,DESC");
    expect(storySortOf("updatedAt,ASC")).toBe("updatedAt,ASC");
    expect(storySortOf("label,ASC")).toBe("title,DESC");
    expect(sortParts("updatedAt,DESC")).toEqual({ field: "updatedAt", direction: "DESC" });
    expect(sortOf("title", "ASC")).toBe("title,ASC");
  });

  it("searches only with more than 3 characters", () => {
    expect(appliedStorySearch("abc")).toBe("");
    expect(appliedStorySearch("  abc  ")).toBe("");
    expect(appliedStorySearch("abcd")).toBe("abcd");
    expect(appliedStorySearch(" Αθήνα ")).toBe("Αθήνα");
    expect(appliedStorySearch("")).toBe("");
  });
});
