import { describe, expect, it } from "vitest";
import { vocabularyContentModelRows } from "./usage-rows.ts";

describe("vocabulary usage rows", () => {
  it("lists properties and types together, sorted by label", () => {
    const rows = vocabularyContentModelRows({
      properties: [{ propertyKey: "genre", displayName: "Genre" }],
      containerTypes: [{ code: "book", name: "book" }],
      datastreamTypes: [{ code: "scan", name: "Album scan" }],
    });
    expect(rows.map((row) => [row.label, row.kind, row.code])).toEqual([
      ["Album scan", "datastreamType", "scan"],
      ["book", "containerType", "book"],
      ["Genre", "property", "genre"],
    ]);
  });
});
