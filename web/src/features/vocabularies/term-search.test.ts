import { describe, expect, it } from "vitest";
import { nextTermSearch } from "./term-search.ts";

describe("term search", () => {
  it("searches from three characters on, trimmed", () => {
    expect(nextTermSearch(" caf ", "")).toBe("caf");
    expect(nextTermSearch("café au", "caf")).toBe("café au");
  });

  it("keeps the current list for one or two characters", () => {
    expect(nextTermSearch("ca", "")).toBe("");
    expect(nextTermSearch("ca", "cafe")).toBe("cafe");
  });

  it("lists all terms again when the box is emptied", () => {
    expect(nextTermSearch("   ", "cafe")).toBe("");
  });
});
