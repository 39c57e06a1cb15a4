import { describe, expect, it } from "vitest";
import type { PropertyDisplay } from "../containers/property-display.ts";
import { groupProperties } from "./property-groups.ts";

const entry = (key: string, groupId: number | null): PropertyDisplay => ({
  key,
  label: key,
  propertyType: "text",
  groupId,
  mandatory: false,
  instances: [],
});

describe("groupProperties", () => {
  it("groups as the container form steps: groups in the type's order, ungrouped properties last", () => {
    const groups = [
      { id: 1, name: "Dates", description: "" },
      { id: 2, name: "Identity", description: "" },
    ];
    const blocks = groupProperties([entry("serial", null), entry("title", 2), entry("year", 1), entry("keywords", 2)], groups);
    expect(blocks.map((block) => [block.name, block.entries.map((item) => item.key)])).toEqual([
      ["Identity", ["title", "keywords"]],
      ["Dates", ["year"]],
      [null, ["serial"]],
    ]);
  });

  it("keeps a group it cannot name as a block of its own", () => {
    expect(groupProperties([entry("title", 9)], [])).toEqual([{ groupId: 9, name: null, entries: [entry("title", 9)] }]);
    expect(groupProperties([], [])).toEqual([]);
  });
});
