import { describe, expect, it } from "vitest";
import { tagFormValues, toTagBody } from "./tag-values.ts";

describe("tag form values", () => {
  it("start a new tag black, in the store scope", () => {
    expect(tagFormValues(null)).toEqual({ name: "", description: "", color: "#000000", scope: "store" });
  });

  it("hold an existing tag's fields", () => {
    const tag = { id: 7, name: "Maps", description: "Old maps", color: "#ff0000", scope: "stories" };
    expect(tagFormValues(tag)).toEqual({ name: "Maps", description: "Old maps", color: "#ff0000", scope: "stories" });
  });

  it("become a body trimmed, with the scope in lower case and never empty", () => {
    expect(toTagBody({ name: " Maps ", description: " Old ", color: " #abc ", scope: " Stories " })).toEqual({
      name: "Maps",
      description: "Old",
      color: "#abc",
      scope: "stories",
    });
    expect(toTagBody({ name: "Maps", description: "", color: "#abc", scope: "  " }).scope).toBe("store");
  });
});
