import type { ContentProperty } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { displayValue, propertyDisplays, splitByMandatory } from "./property-display.ts";

const property = (overrides: Partial<ContentProperty>): ContentProperty => ({
  key: "title",
  value: null,
  id: 1,
  label: "Title",
  propertyType: "text",
  groupId: null,
  position: 0,
  instance: 0,
  mandatory: false,
  editable: true,
  repeatable: false,
  ...overrides,
});

describe("displayValue", () => {
  it("links only web addresses", () => {
    expect(displayValue("url", "https://example.org")).toEqual({ kind: "url", href: "https://example.org" });
    expect(displayValue("url", "javascript:alert(1)")).toEqual({ kind: "text", text: "javascript:alert(1)" });
  });

  it("reads places with either spelling of the latitude", () => {
    expect(displayValue("spatial-map", { placename: "Athens", longitude: 23.7, langitude: "37.9" })).toEqual({
      kind: "place",
      placename: "Athens",
      latitude: 37.9,
      longitude: 23.7,
    });
  });

  it("lists choices, terms and references", () => {
    expect(displayValue("multi-select", ["a", "b"])).toEqual({ kind: "choices", items: ["a", "b"] });
    expect(displayValue("reference", "5c1e")).toEqual({ kind: "references", uuids: ["5c1e"] });
    expect(displayValue("boolean", "TRUE")).toEqual({ kind: "boolean", value: true });
  });
});

describe("propertyDisplays", () => {
  it("gathers the instances of a repeatable property and keeps empty ones empty", () => {
    const entries = propertyDisplays([
      property({ key: "note", label: "Note", repeatable: true, value: '{"values":"one","qualifiers":[]}' }),
      property({
        key: "note",
        label: "Note",
        repeatable: true,
        instance: 1,
        value: '{"values":"two","qualifiers":[{"qualifierKey":"lang","qualifierValue":"en"}]}',
      }),
      property({ key: "year", label: "Year", propertyType: "number", mandatory: true }),
    ]);
    expect(entries.map((entry) => [entry.key, entry.instances.length])).toEqual([
      ["note", 2],
      ["year", 0],
    ]);
    expect(entries[0]?.instances[1]).toEqual({
      value: { kind: "text", text: "two" },
      qualifiers: [{ qualifierKey: "lang", qualifierValue: "en" }],
    });
    const { mandatory, optional } = splitByMandatory(entries);
    expect(mandatory.map((entry) => entry.key)).toEqual(["year"]);
    expect(optional.map((entry) => entry.key)).toEqual(["note"]);
  });
});
