import { describe, expect, it } from "vitest";
import { apiPageOf, appliedSearch } from "./response-search.ts";

describe("response list search and paging", () => {
  it("searches only from four characters", () => {
    expect(appliedSearch("ann")).toBe("");
    expect(appliedSearch("  anna ")).toBe("anna");
    expect(appliedSearch("")).toBe("");
  });

  it("reads the one-based page parameter as the API's zero-based page", () => {
    expect(apiPageOf("3")).toBe(2);
    expect(apiPageOf(null)).toBe(0);
    expect(apiPageOf("0")).toBe(0);
    expect(apiPageOf("x")).toBe(0);
  });
});
