import type { PropertyGroup } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import {
  addRow,
  moveRowOver,
  moveRowToGroup,
  type PropertyRow,
  removeRow,
  reorderRow,
  sectionsOf,
  setFlag,
  toAssignments,
} from "./property-rows.ts";

const groups: PropertyGroup[] = [
  { id: 1, name: "Physical", description: "" },
  { id: 2, name: "Descriptive", description: "" },
];

const row = (propertyKey: string, groupId: number | null): PropertyRow => ({
  propertyKey,
  displayName: propertyKey.toUpperCase(),
  propertyType: "text",
  groupId,
  mandatory: false,
  editable: true,
  repeatable: false,
});

const keys = (rows: PropertyRow[]) => rows.map((r) => `${r.propertyKey}@${r.groupId ?? "-"}`);

describe("property sections", () => {
  it("order groups by name with ungrouped rows last, keeping each group's row order", () => {
    const rows = [row("loose", null), row("width", 1), row("title", 2), row("height", 1), row("subject", 2)];
    expect(sectionsOf(rows, groups).map((s) => [s.groupId, s.rows.map((r) => r.propertyKey)])).toEqual([
      [2, ["title", "subject"]],
      [1, ["width", "height"]],
      [null, ["loose"]],
    ]);
  });

  it("put groups not yet loaded after the named ones", () => {
    expect(sectionsOf([row("a", null), row("b", 9), row("c", 1)], groups).map((s) => s.groupId)).toEqual([1, 9, null]);
  });
});

describe("editing the rows", () => {
  const rows = [row("title", 2), row("subject", 2), row("width", 1), row("loose", null)];

  it("add a property at the end of its group", () => {
    expect(keys(addRow(rows, row("date", 2), groups))).toEqual(["title@2", "subject@2", "date@2", "width@1", "loose@-"]);
  });

  it("remove a property and switch its flags", () => {
    expect(keys(removeRow(rows, "subject"))).toEqual(["title@2", "width@1", "loose@-"]);
    const flagged = setFlag(rows, "title", "mandatory", true);
    expect(flagged.find((r) => r.propertyKey === "title")?.mandatory).toBe(true);
    expect(flagged.filter((r) => r.mandatory)).toHaveLength(1);
  });

  it("move a property to the end of another group", () => {
    expect(keys(moveRowToGroup(rows, "loose", 2, groups))).toEqual(["title@2", "subject@2", "loose@2", "width@1"]);
    expect(keys(moveRowToGroup(rows, "title", null, groups))).toEqual(["subject@2", "width@1", "loose@-", "title@-"]);
  });

  it("reorder within a group, both ways", () => {
    expect(keys(reorderRow(rows, "title", "subject") ?? [])).toEqual(["subject@2", "title@2", "width@1", "loose@-"]);
    expect(keys(reorderRow(rows, "subject", "title") ?? [])).toEqual(["subject@2", "title@2", "width@1", "loose@-"]);
    expect(reorderRow(rows, "title", "width")).toBeNull();
    expect(reorderRow(rows, "title", "title")).toBeNull();
  });

  it("drag into another group: at its top from above, at its bottom from below", () => {
    expect(keys(moveRowOver(rows, "subject", "width") ?? [])).toEqual(["title@2", "subject@1", "width@1", "loose@-"]);
    expect(keys(moveRowOver(rows, "loose", "width") ?? [])).toEqual(["title@2", "subject@2", "width@1", "loose@1"]);
    expect(moveRowOver(rows, "title", "subject")).toBeNull();
  });
});

describe("the API's property list", () => {
  it("numbers positions in screen order and carries group and flags", () => {
    const rows = [row("loose", null), setFlag([row("title", 2)], "title", "mandatory", true)[0] as PropertyRow, row("width", 1)];
    expect(toAssignments(rows, groups)).toEqual([
      { propertyKey: "title", groupId: 2, position: 0, mandatory: true, editable: true, repeatable: false },
      { propertyKey: "width", groupId: 1, position: 1, mandatory: false, editable: true, repeatable: false },
      { propertyKey: "loose", groupId: null, position: 2, mandatory: false, editable: true, repeatable: false },
    ]);
  });
});
